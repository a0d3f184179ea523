/**
 * The purchase funnel over HTTP through the whole app (http/app.ts) on a real database: a cookie-keeping
 * browser signs up, walks every step through the SPEC §7 calls and the purchase form, pays at the
 * sandbox checkout (its signed webhook completes the purchase), fails a payment and pays again; finance
 * accepted and declined → cash; the errors (400 with fields, 404 for another buyer, 409 with what is
 * allowed), Idempotency-Key retries, and /api/docs.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import { MY_INFOS_FR, TRADE_IN } from '../../engine/funnels/testing/buyerForms.ts';
import { streamTypes } from '../../engine/funnels/testing/funnelHarness.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const CALL = '/fr/acheter/connect/ajax';

/** A whole flow over HTTP takes seconds, and minutes on a loaded machine. */
const FLOW = 240_000;

describe('purchase calls', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  beforeAll(async () => {
    t = await openFunnelTestApp();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A French used car nobody has touched (finance: one the lender may finance online). */
  const freshCar = (maxPrice = Number.POSITIVE_INFINITY): CarFacts => {
    const car = t.h.cars.FR.find(
      (c) => !used.has(c.carId) && c.price.amount < maxPrice && c.condition !== 'new',
    );
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const form = (car: CarFacts, step?: string) =>
    `/fr/acheter/achat-${car.carId}/${carSlug(car)}${step ? `/${step}` : ''}`;
  /** The JSON answer of an expected status (any: the assertions check it). */
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  /** A signed-up buyer's purchase of `car`, walked to funding (pickup, no trade-in, no cover, no extras). */
  async function toFunding(b: Buyer, car: CarFacts) {
    await b.signUp(`buyer-${car.carId}@example.test`);
    const { purchaseId: id, step } = ok(await b.post(form(car)), 201);
    expect(step).toBe('my-infos');
    ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
    ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    ok(await b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }));
    ok(await b.post(`${CALL}/insurance/${id}`, { offerId: null }));
    const view = ok(await b.post(`${CALL}/additional-optional/${id}`, { extraIds: [] }));
    expect(view.step).toBe('funding');
    return id as string;
  }

  /** Asks for the advance (summary step 5) and presses `outcome` at the sandbox checkout. */
  async function pay(b: Buyer, id: string, outcome: 'pay' | 'fail' = 'pay') {
    const view = ok(await b.post(`${CALL}/form/summary-step-5/${id}`, {}));
    expect(view.status).toBe('awaiting-payment');
    const redirect = await b.checkout(view.checkoutUrl, outcome);
    return ok(await b.get(new URL(redirect).pathname));
  }

  it(
    'given a visitor, when they go through every step over HTTP and pay at the sandbox, then the purchase is confirmed',
    async () => {
      const b = t.browser();
      const car = freshCar();
      const started = ok(await b.post(form(car)), 201);
      const id = started.purchaseId;
      expect(started).toMatchObject({ status: 'in-progress', step: 'my-account', carId: car.carId });
      expect(started.links.page).toBe(form(car, 'my-account'));
      expect(started.links.calls).toContainEqual({
        command: 'PassAccountStep',
        method: 'POST',
        path: `/fr/acheter/ajax/add-consent/${id}`,
      });
      // The form again: the same purchase (200), and its page knows it.
      expect(ok(await b.post(form(car))).purchaseId).toBe(id);
      expect(ok(await b.get(form(car, 'delivery'))).purchase).toMatchObject({
        purchaseId: id,
        step: 'my-account',
      });

      expect(
        ok(await b.post(`/fr/acheter/ajax/add-consent/${id}`, { termsAccepted: true, marketingOptIn: false }))
          .step,
      ).toBe('sign-in-sign-up');
      expect(ok(await b.post(form(car, 'sign-in-sign-up'), { email: 'camille@example.test' })).step).toBe(
        'sign-up',
      );
      await b.signUp('camille@example.test');
      expect(ok(await b.post(form(car, 'sign-up'), {})).step).toBe('my-infos');
      expect(ok(await b.get(`${CALL}/checkMyInfoStep/${id}`)).prefill).toMatchObject({
        firstName: 'Camille',
        lastName: 'Martin',
      });
      expect(ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR))).toMatchObject({
        step: 'delivery',
        infos: { postcodeArea: 'FR-75' },
      });

      // The address just given: its postcode is quoted and shown, not asked again.
      const asGiven = ok(await b.get(`${CALL}/checkDealerDistance/${id}`));
      expect(asGiven.postcode).toBe(MY_INFOS_FR.address.postcode);
      expect(asGiven.quotes.some((q: { type: string }) => q.type !== 'pickup')).toBe(true);
      const { quotes } = ok(await b.get(`${CALL}/checkDealerDistance/${id}?postcode=75011`));
      expect(quotes.map((q: { type: string }) => q.type)).toContain('pickup');
      const delivered = ok(
        await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'home', postcode: '75011' }),
      );
      expect(delivered).toMatchObject({ step: 'recovery', delivery: { mode: 'home' } });
      expect(delivered.delivery.price.amount).toBeGreaterThan(0);

      const valued = ok(await b.post(`${CALL}/form/recovery/${id}`, { action: 'value', vehicle: TRADE_IN }));
      const offer = valued.tradeIn.offer;
      expect(offer.amount.amount).toBeGreaterThan(0);
      expect(ok(await b.get(`${CALL}/tradein/${id}`)).purchase.tradeIn.offer.offerId).toBe(offer.offerId);
      expect(
        ok(await b.post(`${CALL}/tradein/update/${id}`, { action: 'accept', offerId: offer.offerId })).step,
      ).toBe('insurance');

      const { offers } = ok(await b.get(`${CALL}/insurance/${id}`));
      expect(offers.length).toBeGreaterThan(0);
      expect(ok(await b.post(`${CALL}/insurance/${id}`, { offerId: offers[0].id })).step).toBe(
        'additional-optional',
      );
      const { extras } = ok(await b.get(`${CALL}/additional-optional/${id}`));
      // The warranty extensions are alternatives: offered as a group, both at once refused by the field.
      const warranties = extras.filter((e: { group?: string }) => e.group === 'warranty-extension');
      expect(warranties.map((e: { id: string }) => e.id)).toEqual(
        car.condition === 'used'
          ? ['extended-warranty-12', 'extended-warranty-24']
          : ['extended-warranty-24'],
      );
      if (warranties.length === 2) {
        const both = await b.post(`${CALL}/additional-optional/${id}`, {
          extraIds: warranties.map((e: { id: string }) => e.id),
        });
        expect(both.statusCode).toBe(400);
        expect(both.json().fields).toEqual({ extraIds: ['choose one warranty extension at most'] });
      }
      const chosen = ok(await b.post(`${CALL}/additional-optional/${id}`, { extraIds: [extras[0].id] }));
      expect(chosen).toMatchObject({ step: 'funding', extras: { items: [{ extraId: extras[0].id }] } });

      const { simulation } = ok(await b.get(`${CALL}/funding/${id}?durationMonths=48&downPayment=300000`));
      expect(simulation).toMatchObject({ durationMonths: 48, downPayment: { amount: 300_000 } });
      const cash = ok(await b.post(`${CALL}/funding/${id}`, { action: 'cash' }));
      expect(cash).toMatchObject({ step: 'advance-payment', summary: { funding: 'cash' } });
      const s = cash.summary;
      expect(s.totalDue.amount).toBe(
        s.carPrice.amount + s.deliveryPrice.amount + s.extrasTotal.amount - offer.amount.amount,
      );
      expect(ok(await b.get(`${CALL}/form/summary-step-5/${id}`)).purchase.summary).toEqual(s);

      const confirmed = await pay(b, id);
      expect(confirmed).toMatchObject({ purchaseId: id, status: 'confirmed', step: null });
      expect(confirmed.summary.advancePaid).toEqual(s.advancePayment);
      expect(confirmed.links.page).toBe(`/fr/acheter/achat/confirmation-${id}/${carSlug(car)}`);
      expect(ok(await b.get(`/fr/acheter/ajax/payment/${id}`)).payment).toMatchObject({
        status: 'succeeded',
      });
      expect(ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).status).toBe('confirmed');
      // The car's page now says the car is sold, and its purchase is this buyer's.
      expect(ok(await b.get(form(car)))).toMatchObject({
        car: { availability: 'sold' },
        purchase: { purchaseId: id },
      });
    },
    FLOW,
  );

  it(
    'given a known email, when the buyer signs in inside the funnel, then the account steps close',
    async () => {
      const known = t.browser();
      await known.signUp('known@example.test');
      const b = t.browser();
      const car = freshCar();
      const { purchaseId: id } = ok(await b.post(form(car)), 201);
      ok(await b.post(form(car, 'my-account'), { termsAccepted: true, marketingOptIn: true }));
      expect(ok(await b.post(form(car, 'sign-in-sign-up'), { email: 'known@example.test' })).step).toBe(
        'sign-in',
      );
      const signedIn = await b.post('/fr/acheter/ajax/login/sign-in', {
        email: 'known@example.test',
        password: 'a long enough passphrase',
      });
      expect(signedIn.statusCode).toBe(200);
      const view = ok(await b.post(form(car, 'sign-in'), {}, { 'x-csrf-token': signedIn.json().csrfToken }));
      expect(view).toMatchObject({
        purchaseId: id,
        step: 'my-infos',
        customerId: signedIn.json().customer.customerId,
      });
    },
    FLOW,
  );

  it(
    'given a finance offer the lender accepts, then the buyer pays the advance and the purchase is confirmed',
    async () => {
      const b = t.browser();
      const car = freshCar(4_000_000);
      const id = await toFunding(b, car);
      // The recovery partner's return link and the purchase info page of the car.
      const ead = await b.get(`${CALL}/form/recovery/redirect/ead/${id}`);
      expect(ead.statusCode).toBe(303);
      expect(ead.headers.location).toBe(form(car, 'recovery'));
      const info = ok(await b.get(`/fr/acheter/infos-achat-${car.carId}/${carSlug(car)}`));
      expect(info).toMatchObject({
        car: { carId: car.carId, availability: 'reserved' },
        terms: { advancePayment: { amount: 50_000, currency: 'EUR' }, holdMinutes: 120 },
        signedIn: true,
        purchase: { purchaseId: id, step: 'funding' },
      });
      expect(info.terms.steps).not.toContain('sign-in');
      const financed = ok(
        await b.post(`${CALL}/funding/${id}`, {
          action: 'finance',
          durationMonths: 48,
          downPayment: 300_000,
        }),
      );
      expect(financed.funding).toMatchObject({ mode: 'finance', quote: { durationMonths: 48 } });
      const applied = ok(
        await b.post(`${CALL}/funding/${id}`, {
          action: 'apply',
          netMonthlyIncome: 900_000,
          existingMonthlyCredit: 0,
        }),
      );
      expect(applied).toMatchObject({ financeDecision: 'accepted', step: 'advance-payment' });
      expect(ok(await b.get(`${CALL}/validate/finance/offer/${id}/accepted`))).toMatchObject({
        decision: 'accepted',
        matches: true,
      });
      expect(ok(await b.get(`${CALL}/validate/finance/offer/${id}/declined`)).matches).toBe(false);
      expect(await pay(b, id)).toMatchObject({ status: 'confirmed', summary: { funding: 'finance' } });
    },
    FLOW,
  );

  it(
    'given a declined finance, then the buyer is back at funding, may not ask for finance again, and pays cash',
    async () => {
      const b = t.browser();
      const id = await toFunding(b, freshCar(4_000_000));
      ok(
        await b.post(`${CALL}/funding/${id}`, {
          action: 'finance',
          durationMonths: 48,
          downPayment: 300_000,
        }),
      );
      const declined = ok(
        await b.post(`${CALL}/funding/${id}`, {
          action: 'apply',
          netMonthlyIncome: 100_000,
          existingMonthlyCredit: 50_000,
        }),
      );
      expect(declined).toMatchObject({ financeDecision: 'declined', step: 'funding', financeRefused: true });
      expect(declined.allowedCommands).not.toContain('RequestAdvancePayment');
      expect(ok(await b.get(`${CALL}/funding/${id}`)).simulation).toBeNull();
      const again = await b.post(`${CALL}/funding/${id}`, {
        action: 'finance',
        durationMonths: 48,
        downPayment: 300_000,
      });
      expect(again.statusCode).toBe(400);
      expect(ok(await b.post(`${CALL}/funding/${id}`, { action: 'cash' })).step).toBe('advance-payment');
      expect((await pay(b, id)).status).toBe('confirmed');
    },
    FLOW,
  );

  it(
    'given a failed payment, then the payment-ko page shows it and the buyer pays again',
    async () => {
      const b = t.browser();
      const car = freshCar();
      const id = await toFunding(b, car);
      ok(await b.post(`${CALL}/funding/${id}`, { action: 'cash' }));
      const failed = await pay(b, id, 'fail');
      expect(failed).toMatchObject({ status: 'payment-failed' });
      expect(failed.links.page).toBe(`/fr/acheter/achat/echec-paiement-${id}/${carSlug(car)}`);
      expect(failed.links.calls.map((c: { command: string }) => c.command)).toContain(
        'RequestAdvancePayment',
      );
      const confirmed = await pay(b, id);
      expect(confirmed.status).toBe('confirmed');
      expect(confirmed.payments.map((p: { status: string }) => p.status)).toEqual(['failed', 'succeeded']);
    },
    FLOW,
  );

  it(
    'given another buyer, then every call on the purchase is 404 and nothing is written',
    async () => {
      const owner = t.browser();
      const car = freshCar();
      const { purchaseId: id } = ok(await owner.post(form(car)), 201);
      const stranger = t.browser();
      await stranger.signUp('stranger@example.test');
      for (const url of [
        `/fr/acheter/getcarpurchase/${id}`,
        `${CALL}/insurance/${id}`,
        `/fr/acheter/achat/confirmation-${id}/${carSlug(car)}`,
      ]) {
        expect((await stranger.get(url)).statusCode, url).toBe(404);
      }
      const post = await stranger.post(`/fr/acheter/ajax/add-consent/${id}`, {
        termsAccepted: true,
        marketingOptIn: false,
      });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ error: 'not_found' });
      expect((await stranger.get('/fr/acheter/getcarpurchase/999999')).statusCode).toBe(404);
      // The stranger's own form of the car: the car is held by the owner's purchase.
      const theirs = ok(await stranger.post(form(car)), 201);
      expect(theirs).toMatchObject({ status: 'car-not-available' });
      expect(theirs.links.page).toBe(
        `/fr/acheter/achat/voiture-indisponible-${theirs.purchaseId}/${carSlug(car)}`,
      );
      expect(await streamTypes(t.h.store, purchaseStream(id))).toEqual(['PurchaseStarted']);
    },
    FLOW,
  );

  it(
    'given malformed bodies, then 400 with a message per field and nothing written',
    async () => {
      const b = t.browser();
      const car = freshCar();
      await b.signUp('fields@example.test');
      const { purchaseId: id } = ok(await b.post(form(car)), 201);
      const bad = await b.post(`${CALL}/checkMyInfoStep/${id}`, {
        ...MY_INFOS_FR,
        firstName: '',
        address: { ...MY_INFOS_FR.address, postcode: 'ABC' },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['body.address.postcode', 'body.firstName']);
      const funding = await b.post(`${CALL}/funding/${id}`, { action: 'finance', durationMonths: 6 });
      expect(funding.statusCode).toBe(400);
      expect(Object.keys(funding.json().fields)).toEqual(
        expect.arrayContaining(['body.durationMonths', 'body.downPayment']),
      );
      const key = await b.post(`${CALL}/insurance/${id}`, { offerId: null }, { 'idempotency-key': 'ü' });
      expect(key.statusCode).toBe(400);
      expect((await b.get(`/fr/acheter/getcarpurchase/abc`)).statusCode).toBe(400);
      // Bytes no store can hold: refused at the edge, not a 500 from PostgreSQL.
      expect((await b.get(`/fr/acheter/getcarpurchase/${id}%00`)).statusCode).toBe(400);
      expect((await b.get(`/fr/acheter/connect/ajax/tradein/%C3%28`)).statusCode).toBe(400);
      const nul = await b.post(`${CALL}/checkMyInfoStep/${id}`, { ...MY_INFOS_FR, firstName: 'Zo\u0000ë' });
      expect(nul.statusCode).toBe(400);
      expect(Object.keys(nul.json().fields)).toEqual(['firstName']);
      expect(await streamTypes(t.h.store, purchaseStream(id))).toEqual(['PurchaseStarted']);
    },
    FLOW,
  );

  it(
    'given a step the purchase is not at, then 409 naming the allowed commands and their calls',
    async () => {
      const b = t.browser();
      const car = freshCar();
      await b.signUp('early@example.test');
      const { purchaseId: id } = ok(await b.post(form(car)), 201);
      const early = await b.post(`${CALL}/insurance/${id}`, { offerId: null });
      expect(early.statusCode).toBe(409);
      const body = early.json();
      expect(body).toMatchObject({ error: 'illegal_state', step: 'my-infos', status: 'in-progress' });
      expect(body.allowed).toContain('SubmitInfos');
      expect(body.allowedCalls).toContainEqual({
        command: 'SubmitInfos',
        method: 'POST',
        path: `/fr/acheter/connect/ajax/checkMyInfoStep/${id}`,
      });
      expect(await streamTypes(t.h.store, purchaseStream(id))).toEqual(['PurchaseStarted']);
    },
    FLOW,
  );

  it(
    'given a retried POST with the same Idempotency-Key, then the same answer and one set of events',
    async () => {
      const b = t.browser();
      const car = freshCar();
      await b.signUp('retry@example.test');
      const key = { 'idempotency-key': 'start-once' };
      const first = ok(await b.post(form(car), undefined, key), 201);
      const again = await b.post(form(car), undefined, key);
      expect(again.json().purchaseId).toBe(first.purchaseId);
      const id = first.purchaseId;
      ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
      const headers = { 'idempotency-key': 'delivery-1' };
      const one = ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }, headers));
      const two = ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }, headers));
      expect(two).toEqual(one);
      // Two copies at once (a double click), without a header: one command.
      const [x, y] = await Promise.all([
        b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }),
        b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }),
      ]);
      expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
      expect(await streamTypes(t.h.store, purchaseStream(id))).toEqual([
        'PurchaseStarted',
        'InfosSubmitted',
        'DeliveryChosen',
        'TradeInSkipped',
      ]);
    },
    FLOW,
  );

  it(
    'given /api/docs/json, then the funnel calls and screens are documented with their bodies',
    async () => {
      const docs = ok(await t.browser().get('/api/docs/json'));
      const paths = docs.paths as Record<string, Record<string, { requestBody?: unknown }>>;
      for (const path of [
        '/fr/acheter/connect/ajax/funding/{id}',
        '/de/kaufen/connect/ajax/checkMyInfoStep/{id}',
        '/fr/acheter/getcarpurchase/{id}',
        '/fr/acheter/connect/ajax/bookingFunding/{id}',
        '/fr/acheter/ajax/add-consent/{id}',
      ]) {
        expect(paths[path], path).toBeDefined();
      }
      expect(paths['/fr/acheter/connect/ajax/funding/{id}']?.post?.requestBody).toBeDefined();
      expect(Object.keys(paths).some((p) => p.startsWith('/fr/acheter/achat-{id}/{slug}'))).toBe(true);
    },
    FLOW,
  );
});
