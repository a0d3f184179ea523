/**
 * The purchase and booking funnels driven over real HTTP against the real site (`bin/start.ts`, what
 * `npm start` runs) on a fresh embedded database with its demo catalogue, as http/routes/FUNNELS.md
 * documents them: plain fetch with a cookie jar (e2e/httpBuyer.ts), CSRF tokens, sign-up inside the
 * funnel, the sandbox checkout's Pay and Fail forms and their 303s. One site for the whole file (its
 * first start seeds 2,000 cars); every test has its own buyers and its own cars found through the
 * storefront's search API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_INFOS_FR, TRADE_IN } from '../engine/funnels/testing/buyerForms.ts';
import { type HttpBuyer, httpBuyer, type Json } from './httpBuyer.ts';
import { type Site, startSite, stopSite } from './site.ts';

interface Car {
  readonly carId: string;
  readonly slug: string;
  readonly price: { readonly amount: number };
}
type Country = 'FR' | 'DE';

const INFOS_DE = {
  ...MY_INFOS_FR,
  phone: '+49 30 1234567',
  address: { line1: 'Unter den Linden 1', postcode: '10117', city: 'Berlin', country: 'DE' },
};
const CALL = { FR: '/fr/acheter/connect/ajax', DE: '/de/kaufen/connect/ajax' } as const;
/** The storefront's projections follow the events a moment later. */
const POLL = { timeout: 20_000, interval: 250 };

describe('the funnels over HTTP on the real site', () => {
  let dir: string;
  let site: Site;
  const pool: Record<Country, Car[]> = { FR: [], DE: [] };
  let emails = 0;
  const email = (who: string) => `${who}-${++emails}@example.test`;
  const buyer = (): HttpBuyer => httpBuyer(site.url);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'funnels-http-'));
    // TRUST_PROXY: each test buyer sends its own x-forwarded-for, so sign-up limits count per buyer.
    site = await startSite(join(dir, 'var'), { env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' } });
    // Ready once the projections have caught up with the demo catalogue (expect.poll is for tests only).
    for (const deadline = Date.now() + 60_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // Used cars as a buyer finds them: the storefront's search API.
    for (const country of ['FR', 'DE'] as const) {
      for (const page of [1, 2]) {
        const url = `${site.url}/api/catalogue/search?country=${country}&condition=used&pageSize=60&page=${page}`;
        const answer = await fetch(url);
        expect(answer.status).toBe(200);
        pool[country].push(...((await answer.json()).cars as Car[]));
      }
    }
    expect(pool.FR.length).toBeGreaterThan(60);
  });

  afterAll(async () => {
    if (site) expect(await stopSite(site), site.output()).toBe(0);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A used car of `country` no other test took (under `maxPrice` minor units: one the lender may finance). */
  const freshCar = (country: Country = 'FR', maxPrice = Number.POSITIVE_INFINITY): Car => {
    const at = pool[country].findIndex((car) => car.price.amount < maxPrice);
    if (at < 0) throw new Error(`no fresh ${country} car left`);
    return pool[country].splice(at, 1)[0]!;
  };
  const form = (car: Car, step?: string) =>
    `/fr/acheter/achat-${car.carId}/${car.slug}${step ? `/${step}` : ''}`;
  const bookForm = (car: Car, country: Country = 'FR', bookingId: string | number = 0) =>
    `${country === 'DE' ? '/de/kaufen/reservieren' : '/fr/acheter/reserver'}-${car.carId}/${car.slug}/${bookingId}`;
  const isBooked = async (b: HttpBuyer, car: Car) => b.ok(b.get(`/fr/ajax/get-is-car-booked/${car.carId}`));

  /** A signed-up buyer's purchase of `car`, walked to funding (pickup, no trade-in, no cover, no extras). */
  async function toFunding(b: HttpBuyer, car: Car, country: Country = 'FR'): Promise<string> {
    const start = country === 'FR' ? form(car) : `/de/kaufen/bestellung-${car.carId}/${car.slug}`;
    const started = await b.ok(b.post(start), 201);
    const id = started.purchaseId as string;
    const call = CALL[country];
    await b.ok(b.post(`${call}/checkMyInfoStep/${id}`, country === 'FR' ? MY_INFOS_FR : INFOS_DE));
    await b.ok(b.post(`${call}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    await b.ok(b.post(`${call}/form/recovery/${id}`, { action: 'skip' }));
    await b.ok(b.post(`${call}/insurance/${id}`, { offerId: null }));
    const view = await b.ok(b.post(`${call}/additional-optional/${id}`, { extraIds: [] }));
    expect(view.step).toBe('funding');
    return id;
  }

  /** Asks for the advance (summary step 5): the purchase awaiting payment, with its checkout. */
  async function askAdvance(b: HttpBuyer, id: string, country: Country = 'FR'): Promise<Json> {
    const view = await b.ok(b.post(`${CALL[country]}/form/summary-step-5/${id}`, {}));
    expect(view).toMatchObject({
      status: 'awaiting-payment',
      checkoutUrl: expect.stringContaining('/sandbox/checkout/'),
    });
    return view;
  }

  describe('purchase', () => {
    it('given a visitor on a used French car from the search API, when they walk every step over HTTP and pay at the sandbox, then the purchase is confirmed and the car sold', async () => {
      const b = buyer();
      const car = freshCar();
      const who = email('camille');

      // Given the form of the car: a visitor's purchase at the account step, the car held.
      const started = await b.ok(b.post(form(car)), 201);
      const id = started.purchaseId;
      expect(started).toMatchObject({
        status: 'in-progress',
        step: 'my-account',
        customerId: null,
        carId: car.carId,
      });
      expect(started.links.page).toBe(form(car, 'my-account'));
      expect(b.cookies.has('sid')).toBe(true);
      await expect.poll(async () => (await isBooked(b, car)).booked, POLL).toBe(true);

      // When they pass the account steps with an unknown email and sign up inside the funnel…
      const consent = { termsAccepted: true, marketingOptIn: false };
      expect((await b.ok(b.post(form(car, 'my-account'), consent))).step).toBe('sign-in-sign-up');
      const checked = await b.ok(b.post(form(car, 'sign-in-sign-up'), { email: who }));
      expect(checked).toMatchObject({ step: 'sign-up', account: { accountExists: false } });
      const customerId = await b.signUp(who);
      expect(await b.ok(b.post(form(car, 'sign-up'), {}))).toMatchObject({ step: 'my-infos', customerId });

      // …fill in their infos, have it delivered home, trade in their car, take a cover and an extra…
      const call = CALL.FR;
      expect((await b.ok(b.get(`${call}/checkMyInfoStep/${id}`))).prefill).toMatchObject({
        firstName: 'Camille',
      });
      expect(await b.ok(b.post(`${call}/checkMyInfoStep/${id}`, MY_INFOS_FR))).toMatchObject({
        step: 'delivery',
        infos: { postcodeArea: 'FR-75' },
      });
      const { quotes } = await b.ok(b.get(`${call}/checkDealerDistance/${id}?postcode=75011`));
      expect(quotes.map((quote: Json) => quote.type)).toContain('pickup');
      const delivered = await b.ok(
        b.post(`${call}/checkDealerDistance/${id}`, { mode: 'home', postcode: '75011' }),
      );
      expect(delivered).toMatchObject({ step: 'recovery', delivery: { mode: 'home' } });
      expect(delivered.delivery.price.amount).toBeGreaterThan(0);
      const valued = await b.ok(
        b.post(`${call}/form/recovery/${id}`, { action: 'value', vehicle: TRADE_IN }),
      );
      const offer = valued.tradeIn.offer;
      expect(offer.amount.amount).toBeGreaterThan(0);
      const accepted = await b.ok(
        b.post(`${call}/tradein/update/${id}`, { action: 'accept', offerId: offer.offerId }),
      );
      expect(accepted).toMatchObject({ step: 'insurance', tradeIn: { choice: 'accepted' } });
      const { offers } = await b.ok(b.get(`${call}/insurance/${id}`));
      const covered = await b.ok(b.post(`${call}/insurance/${id}`, { offerId: offers[0].id }));
      expect(covered).toMatchObject({ step: 'additional-optional', insurance: { offerId: offers[0].id } });
      const { extras } = await b.ok(b.get(`${call}/additional-optional/${id}`));
      const chosen = await b.ok(b.post(`${call}/additional-optional/${id}`, { extraIds: [extras[0].id] }));
      expect(chosen).toMatchObject({ step: 'funding', extras: { items: [{ extraId: extras[0].id }] } });

      // …pay cash, and pay the advance at the sandbox checkout.
      const cash = await b.ok(b.post(`${call}/funding/${id}`, { action: 'cash' }));
      expect(cash).toMatchObject({ step: 'advance-payment', summary: { funding: 'cash' } });
      const s = cash.summary;
      expect(s.totalDue.amount).toBe(
        car.price.amount + s.deliveryPrice.amount + s.extrasTotal.amount - offer.amount.amount,
      );
      const { checkoutUrl } = await askAdvance(b, id);
      const { location, page } = await b.checkout(checkoutUrl, 'pay');

      // Then the 303 leads to the confirmation, the purchase is confirmed, and the car is sold.
      expect(location).toBe(`/fr/acheter/achat/confirmation-${id}/${car.slug}`);
      expect(page).toMatchObject({ purchaseId: id, status: 'confirmed', step: null });
      expect(page.summary.advancePaid).toEqual(s.advancePayment);
      expect((await b.ok(b.get(`/fr/acheter/getcarpurchase/${id}`))).status).toBe('confirmed');
      expect((await b.ok(b.get(`/fr/acheter/ajax/payment/${id}`))).payment).toMatchObject({
        status: 'succeeded',
      });
      expect(await b.ok(b.get(form(car)))).toMatchObject({
        car: { availability: 'sold' },
        purchase: { purchaseId: id },
      });
      await expect
        .poll(async () => isBooked(b, car), POLL)
        .toEqual({ idApi: car.carId, booked: false, available: false, status: 'sold' });
    });

    it('given a declined finance and a failed payment, when the buyer pays cash and then pays again, then the purchase is confirmed', async () => {
      const b = buyer();
      await b.signUp(email('declined'));
      const id = await toFunding(b, freshCar('FR', 4_000_000));
      const call = CALL.FR;

      // Given a finance offer the built-in lender declines (a debt ratio of 50 %, residual income too low).
      const finance = { action: 'finance', durationMonths: 48, downPayment: 300_000 };
      expect((await b.ok(b.post(`${call}/funding/${id}`, finance))).funding).toMatchObject({
        mode: 'finance',
      });
      const declined = await b.ok(
        b.post(`${call}/funding/${id}`, {
          action: 'apply',
          netMonthlyIncome: 100_000,
          existingMonthlyCredit: 50_000,
        }),
      );
      expect(declined).toMatchObject({ financeDecision: 'declined', step: 'funding', financeRefused: true });
      expect((await b.post(`${call}/funding/${id}`, finance)).status).toBe(400);

      // When they pay cash and the payment fails at the sandbox…
      expect((await b.ok(b.post(`${call}/funding/${id}`, { action: 'cash' }))).step).toBe('advance-payment');
      const first = await askAdvance(b, id);
      const failed = await b.checkout(first.checkoutUrl, 'fail');
      const koPage = failed.page.links.page;

      // …then the payment-ko page shows it and offers to pay again.
      expect(failed.location).toBe(koPage);
      expect(koPage).toMatch(new RegExp(`^/fr/acheter/achat/echec-paiement-${id}/`));
      expect(failed.page).toMatchObject({ status: 'payment-failed' });
      expect(failed.page.links.calls).toContainEqual({
        command: 'RequestAdvancePayment',
        method: 'POST',
        path: `${call}/form/summary-step-5/${id}`,
      });
      expect((await b.ok(b.get(`/fr/acheter/ajax/payment/${id}`))).payment).toMatchObject({
        status: 'failed',
      });

      // When they pay again, then the purchase is confirmed, cash.
      const second = await askAdvance(b, id);
      expect(second.checkoutUrl).not.toBe(first.checkoutUrl);
      const paid = await b.checkout(second.checkoutUrl, 'pay');
      expect(paid.page).toMatchObject({ status: 'confirmed', summary: { funding: 'cash' } });
      expect(paid.page.payments.map((p: Json) => p.status)).toEqual(['failed', 'succeeded']);
    });

    it('given a car held by a first buyer, when a second buyer starts a purchase of it, then they get the car-not-available page', async () => {
      const first = buyer();
      const car = freshCar();
      const held = await first.ok(first.post(form(car)), 201);

      const second = buyer();
      await second.signUp(email('second'));
      const theirs = await second.ok(second.post(form(car)), 201);

      expect(theirs).toMatchObject({ status: 'car-not-available', step: null });
      expect(theirs.purchaseId).not.toBe(held.purchaseId);
      const page = `/fr/acheter/achat/voiture-indisponible-${theirs.purchaseId}/${car.slug}`;
      expect(theirs.links.page).toBe(page);
      expect((await second.ok(second.get(page))).status).toBe('car-not-available');
      expect((await second.ok(second.get(form(car)))).car.availability).toBe('reserved');
      expect((await first.ok(first.get(`/fr/acheter/getcarpurchase/${held.purchaseId}`))).status).toBe(
        'in-progress',
      );
    });

    it('given a purchase at the advance payment, when the buyer goes back to delivery and changes it, then funding is asked again and the purchase goes on to confirmation', async () => {
      const b = buyer();
      await b.signUp(email('reopen'));
      const car = freshCar();
      const id = await toFunding(b, car);
      const call = CALL.FR;
      const before = (await b.ok(b.post(`${call}/funding/${id}`, { action: 'cash' }))).summary;
      expect(before.deliveryPrice.amount).toBe(0);

      // When they post the completed delivery step of the form (ReopenStep)…
      const back = await b.ok(b.post(form(car, 'delivery'), {}));
      expect(back).toMatchObject({ step: 'delivery', status: 'in-progress' });
      expect(back.links.page).toBe(form(car, 'delivery'));
      expect(back.reopenableSteps).not.toContain('delivery');

      // …and have it delivered home: the price changed, so funding is asked again.
      const home = await b.ok(
        b.post(`${call}/checkDealerDistance/${id}`, { mode: 'home', postcode: '69001' }),
      );
      expect(home).toMatchObject({ step: 'funding', funding: null, delivery: { mode: 'home' } });
      const cash = await b.ok(b.post(`${call}/funding/${id}`, { action: 'cash' }));
      expect(cash.summary.totalDue.amount).toBe(before.totalDue.amount + home.delivery.price.amount);

      // Then they pay and the purchase is confirmed.
      const { page } = await b.checkout((await askAdvance(b, id)).checkoutUrl);
      expect(page).toMatchObject({ status: 'confirmed', delivery: { mode: 'home' } });
    });

    it('given a purchase in progress, when the buyer cancels it, then it is cancelled and the car is available to another buyer', async () => {
      const b = buyer();
      await b.signUp(email('cancel'));
      const car = freshCar();
      const { purchaseId: id } = await b.ok(b.post(form(car)), 201);
      await b.ok(b.post(`${CALL.FR}/checkMyInfoStep/${id}`, MY_INFOS_FR));
      await expect.poll(async () => (await isBooked(b, car)).booked, POLL).toBe(true);

      const cancelled = await b.ok(b.post(form(car), { action: 'cancel', reason: 'changed my mind' }));

      expect(cancelled).toMatchObject({
        purchaseId: id,
        status: 'cancelled',
        step: null,
        allowedCommands: [],
      });
      expect((await b.ok(b.get(`/fr/acheter/getcarpurchase/${id}`))).status).toBe('cancelled');
      expect(await b.ok(b.get(form(car)))).toMatchObject({
        car: { availability: 'available' },
        purchase: null,
      });
      await expect.poll(async () => (await isBooked(b, car)).available, POLL).toBe(true);
      const next = buyer();
      expect(await next.ok(next.post(form(car)), 201)).toMatchObject({
        status: 'in-progress',
        step: 'my-account',
      });
    });

    it('given a purchase at my-infos, then a step it is not at is 409 with what is allowed, a malformed body 400 with its fields, another buyer 404, and nothing is written', async () => {
      const b = buyer();
      await b.signUp(email('errors'));
      const car = freshCar();
      const { purchaseId: id, version } = await b.ok(b.post(form(car)), 201);
      const call = CALL.FR;

      // A call of a later step, and a form step never completed: 409 naming where the buyer is.
      const myInfos = { command: 'SubmitInfos', method: 'POST', path: `${call}/checkMyInfoStep/${id}` };
      for (const early of [
        b.post(`${call}/insurance/${id}`, { offerId: null }),
        b.post(form(car, 'funding'), {}),
      ]) {
        const answer = await early;
        expect(answer.status, answer.text).toBe(409);
        expect(answer.body).toMatchObject({
          error: 'illegal_state',
          step: 'my-infos',
          status: 'in-progress',
        });
        expect(answer.body.allowed).toContain('SubmitInfos');
        expect(answer.body.allowedCalls).toContainEqual(myInfos);
      }

      // Malformed bodies: 400 with a message per field.
      const bad = await b.post(`${call}/checkMyInfoStep/${id}`, {
        ...MY_INFOS_FR,
        firstName: '',
        address: { ...MY_INFOS_FR.address, postcode: 'ABC' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('validation');
      expect(Object.keys(bad.body.fields).sort()).toEqual(['body.address.postcode', 'body.firstName']);
      const funding = await b.post(`${call}/funding/${id}`, { action: 'finance', durationMonths: 6 });
      expect(funding.status).toBe(400);
      expect(Object.keys(funding.body.fields)).toEqual(
        expect.arrayContaining(['body.durationMonths', 'body.downPayment']),
      );

      // Another buyer: 404 everywhere, as for an unknown id.
      const stranger = buyer();
      await stranger.signUp(email('stranger'));
      for (const path of [
        `/fr/acheter/getcarpurchase/${id}`,
        `${call}/insurance/${id}`,
        `/fr/acheter/achat/confirmation-${id}/${car.slug}`,
        '/fr/acheter/getcarpurchase/999999',
      ]) {
        expect((await stranger.get(path)).status, path).toBe(404);
      }
      const foreign = await stranger.post(`${call}/checkMyInfoStep/${id}`, MY_INFOS_FR);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ error: 'not_found' });

      // Nothing was written by any of them.
      expect(await b.ok(b.get(`/fr/acheter/getcarpurchase/${id}`))).toMatchObject({
        step: 'my-infos',
        version,
      });
    });
  });

  describe('booking', () => {
    it('given a signed-in buyer, when they book a French car (free), then the ok screen shows it and the car is booked', async () => {
      const b = buyer();
      await b.signUp(email('free'), { booking: true });
      const car = freshCar();

      const started = await b.ok(b.post(bookForm(car), { action: 'start' }), 201);

      expect(started).toMatchObject({
        state: 'confirmed',
        screen: 'car_book_ok',
        active: true,
        depositPaid: false,
      });
      expect(started.terms).toMatchObject({ deposit: null, maxActiveBookings: 2 });
      const ok = `/fr/acheter/reserver/confirmation-${car.carId}/${car.slug}/${started.bookingId}`;
      expect(started.links.page).toBe(ok);
      expect(await b.ok(b.get(ok))).toMatchObject({ bookingId: started.bookingId, state: 'confirmed' });
      expect(await b.ok(b.get(bookForm(car)))).toMatchObject({
        car: { availability: 'reserved' },
        booking: { bookingId: started.bookingId },
      });
      await expect
        .poll(async () => isBooked(b, car), POLL)
        .toEqual({ idApi: car.carId, booked: true, available: false, status: 'reserved' });
    });

    it('given a visitor, when they book, sign up and confirm the contact check, then the booking is ok', async () => {
      const b = buyer();
      const car = freshCar();
      const started = await b.ok(b.post(bookForm(car), { action: 'start' }), 201);
      expect(started).toMatchObject({
        state: 'contactCheck',
        screen: 'car_booking_check_contact',
        customerId: null,
      });
      const check = `/fr/acheter/reserver/verification-contact-${car.carId}/${started.bookingId}`;
      expect(started.links.page).toBe(check);
      const notYet = await b.post(check, {});
      expect(notYet.status).toBe(400);
      expect(notYet.body.fields).toHaveProperty('customerId');

      const customerId = await b.signUp(email('visitor-booking'), { booking: true });
      const confirmed = await b.ok(b.post(check, { method: 'signed_up' }));

      expect(confirmed).toMatchObject({
        bookingId: started.bookingId,
        customerId,
        state: 'confirmed',
        screen: 'car_book_ok',
      });
      expect((await b.ok(b.get(check))).booking.state).toBe('confirmed');
    });

    it('given a buyer with two active bookings, when they book a third car, then the limit page lists the two; once one is cancelled, the third can be booked', async () => {
      const b = buyer();
      await b.signUp(email('limit'), { booking: true });
      const [one, two, three] = [freshCar(), freshCar(), freshCar()] as [Car, Car, Car];
      const ids = [
        (await b.ok(b.post(bookForm(one), { action: 'start' }), 201)).bookingId,
        (await b.ok(b.post(bookForm(two), { action: 'start' }), 201)).bookingId,
      ];

      const third = await b.ok(b.post(bookForm(three), { action: 'start' }), 201);

      expect(third).toMatchObject({ state: 'limit', screen: 'car_booking_limit', active: false });
      const limitPage = `/fr/acheter/reserver/limite-${three.carId}/${three.slug}`;
      expect(third.links.page).toBe(limitPage);
      const page = await b.ok(b.get(limitPage));
      expect(page).toMatchObject({ car: { carId: three.carId, availability: 'available' }, limit: 2 });
      expect(page.activeBookings.map((booking: Json) => booking.bookingId)).toEqual(ids);

      // Cancelling a booking frees its car and a slot.
      const cancelled = await b.ok(
        b.post(bookForm(one, 'FR', ids[0]), { action: 'cancel', reason: 'changed_mind' }),
      );
      expect(cancelled).toMatchObject({
        bookingId: ids[0],
        state: 'cancelled',
        screen: 'car_book_ko',
        active: false,
      });
      expect((await b.ok(b.get(bookForm(one)))).car.availability).toBe('available');
      await expect.poll(async () => (await isBooked(b, one)).available, POLL).toBe(true);
      const again = await b.ok(b.post(bookForm(three), { action: 'start' }), 201);
      expect(again.bookingId).not.toBe(third.bookingId);
      expect(again).toMatchObject({ state: 'confirmed', screen: 'car_book_ok' });
    });

    it('given a German car (refundable deposit), when the payment fails then succeeds, the booking is confirmed; buying the car from the booking counts the 300 € deposit and asks 200 €', async () => {
      const b = buyer();
      await b.signUp(email('deposit'), { locale: 'de', booking: true });
      const car = freshCar('DE');
      const started = await b.ok(b.post(bookForm(car, 'DE'), { action: 'start' }), 201);
      const id = started.bookingId;
      expect(started).toMatchObject({
        state: 'awaitingDeposit',
        terms: { deposit: { amount: 30_000, currency: 'EUR' } },
      });
      const form = bookForm(car, 'DE', id);

      // The first payment fails: payment ko.
      const first = await b.ok(b.post(form, { action: 'pay-deposit' }));
      expect(first).toMatchObject({ state: 'paying', payment: { amount: { amount: 30_000 } } });
      const failed = await b.checkout(first.checkoutUrl, 'fail');
      expect(failed.location).toBe(
        `/de/kaufen/reservieren/zahlung-fehlgeschlagen-${car.carId}/${car.slug}/${id}`,
      );
      expect(failed.page).toMatchObject({ state: 'paymentKo', screen: 'car_book_payment_ko' });

      // The second is paid: confirmed.
      const second = await b.ok(b.post(form, { action: 'pay-deposit' }));
      expect(second.checkoutUrl).not.toBe(first.checkoutUrl);
      const paid = await b.checkout(second.checkoutUrl, 'pay');
      expect(paid.location).toBe(paid.page.links.page);
      expect(paid.page).toMatchObject({ state: 'confirmed', screen: 'car_book_ok', depositPaid: true });

      // When the booker buys the car: the booking converts and its deposit counts toward the advance.
      const purchase = await b.ok(b.post(`/de/kaufen/bestellung-${car.carId}/${car.slug}`), 201);
      expect(purchase).toMatchObject({
        fromBookingId: id,
        step: 'my-infos',
        summary: { bookingDeposit: { amount: 30_000 }, advancePaid: { amount: 30_000 } },
      });
      expect((await b.ok(b.get(form))).booking).toMatchObject({
        state: 'converted',
        purchaseId: purchase.purchaseId,
      });
      const call = CALL.DE;
      const pid = purchase.purchaseId;
      await b.ok(b.post(`${call}/checkMyInfoStep/${pid}`, INFOS_DE));
      await b.ok(b.post(`${call}/checkDealerDistance/${pid}`, { mode: 'pickup' }));
      await b.ok(b.post(`${call}/form/recovery/${pid}`, { action: 'skip' }));
      await b.ok(b.post(`${call}/insurance/${pid}`, { offerId: null }));
      await b.ok(b.post(`${call}/additional-optional/${pid}`, { extraIds: [] }));
      const cash = await b.ok(b.post(`${call}/funding/${pid}`, { action: 'cash' }));
      expect(cash.summary).toMatchObject({
        advancePayment: { amount: 50_000 },
        bookingDeposit: { amount: 30_000 },
      });

      // Then the advance asked is 200 €, and once paid the purchase is confirmed with 500 € paid.
      const asked = await askAdvance(b, pid, 'DE');
      expect(asked.payments.at(-1)).toMatchObject({
        status: 'pending',
        amount: { amount: 20_000, currency: 'EUR' },
      });
      expect((await b.ok(b.get(`/de/kaufen/ajax/payment/${pid}`))).payment.amount.amount).toBe(20_000);
      const bought = await b.checkout(asked.checkoutUrl);
      expect(bought.page).toMatchObject({
        status: 'confirmed',
        summary: { advancePaid: { amount: 50_000 } },
      });
    });
  });

  describe('the storefront pages', () => {
    it('given a car page kept by the page cache, when a buyer starts buying the car, then its next request renders it afresh, reserved', async () => {
      const car = freshCar();
      const detail = `${site.url}/fr/acheter/voiture-${car.carId}/${car.slug}`;
      const visit = async () => {
        const answer = await fetch(detail);
        expect(answer.status).toBe(200);
        return { cache: answer.headers.get('x-page-cache'), html: await answer.text() };
      };
      // Given: rendered once, then served from memory.
      expect((await visit()).cache).toBe('miss');
      const kept = await visit();
      expect(kept).toMatchObject({ cache: 'hit' });
      expect(kept.html).toContain('https://schema.org/InStock');
      // When: a buyer's purchase holds the car.
      const b = buyer();
      await b.signUp(email('page-cache'));
      await b.ok(b.post(form(car)), 201);
      // Then: the catalogue projection's batch emptied the cache; the page shows the hold.
      await expect
        .poll(async () => (await visit()).html.includes('https://schema.org/LimitedAvailability'), POLL)
        .toBe(true);
    });
  });
});
