/**
 * The booking screens without JavaScript, through the whole app on a real database: a browser gets the
 * server-rendered screens and a JSON client the booking on the same paths; urlencoded posts with the
 * page's `_csrf` field answer 303 (a visitor's booking from the form through the e-mail check, the
 * sign-up and the contact check to the ok page; a refused e-mail shown once by its field; a wrong
 * password by the password field), a post without the field is refused and writes nothing, a deposit
 * (pl) goes to the sandbox checkout and back and counts toward the purchase, and the limit page lists
 * the buyer's bookings with a cancel form each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { LOCALES, marketOf } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { frBooking } from '../../ui/pages/booking/messages/fr.ts';
import { loadBookingMessages } from '../../ui/pages/booking/messages/index.ts';
import { plBooking } from '../../ui/pages/booking/messages/pl.ts';
import {
  forms,
  formWith,
  hidden,
  htmlOf as html,
  languageProblems,
  pageOf as page,
  seeOther,
  submit,
} from '../testing/formPages.ts';
import { type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

/** A whole flow over HTTP takes seconds, and minutes on a loaded machine. */
const FLOW = 240_000;

describe('booking screens without JavaScript', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  beforeAll(async () => {
    // Each test books fresh cars, most of them French: more than the default demo stock holds.
    t = await openFunnelTestApp({ cars: 120 });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const freshCar = (country: 'FR' | 'PL' = 'FR'): CarFacts => {
    const car = t.h.cars[country].find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const PREFIX = { FR: '/fr/acheter/reserver', PL: '/pl/kup/rezerwuj' } as const;
  const bookForm = (car: CarFacts) => `${PREFIX[car.country as 'FR' | 'PL']}-${car.carId}/${carSlug(car)}/0`;

  /** How often `part` is in the page's markup (not in the data it hydrates from). */
  const count = (page: string, part: string) => page.split('<script')[0]!.split(part).length - 1;

  it('given the booking form path, a browser gets the screen with the market’s terms and a JSON client the page', async () => {
    const b = t.browser();
    const car = freshCar();
    const screen = html(await page(b, bookForm(car)));
    expect(screen).toMatch(/<form[^>]*method="post"/);
    expect(hidden(screen, '_csrf')).toMatch(/.{16,}/);
    expect(screen).toContain(car.version);
    expect(screen).toContain('La réservation en ligne est gratuite et sans engagement.');
    expect(screen).toMatch(/48\sheures/);
    expect(screen).toContain('aria-current="step"');
    expect(formWith(screen, 'value="start"')).toBe(bookForm(car));
    const json = await b.get(bookForm(car));
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toMatchObject({ car: { carId: car.carId, version: car.version }, booking: null });
  });

  it(
    'given a visitor without JavaScript, when they book, check a refused then a new e-mail, sign up and confirm, then 303s lead to the ok page',
    async () => {
      const b = t.browser();
      const car = freshCar();
      const form = html(await page(b, bookForm(car)));
      const contactPath = seeOther(await submit(b, form, bookForm(car), { action: 'start' }));
      expect(contactPath).toMatch(
        new RegExp(`^/fr/acheter/reserver/verification-contact-${car.carId}/\\d+$`),
      );
      const contact = html(await page(b, contactPath));
      const checkEmail = formWith(contact, 'name="email"');
      expect(checkEmail).toBe('/fr/acheter/ajax-booking/check-email');

      // An address the browser takes but the shop does not: back, the message by the field, once.
      const back = seeOther(await submit(b, contact, checkEmail!, { email: 'camille@garage' }));
      expect(back).toBe(contactPath);
      const refused = html(await page(b, back));
      expect(count(refused, 'aria-invalid="true"')).toBe(1);
      expect(refused).toMatch(
        /id="field-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-email"/,
      );
      expect(count(refused, 'Vérifiez ce champ.')).toBe(1);
      expect(refused).toContain('value="camille@garage"');
      expect(html(await page(b, back))).not.toContain('aria-invalid="true"');

      // A new address: the same page shows the sign-up form, the address kept.
      const email = `booking-form-${car.carId}@example.test`;
      seeOther(await submit(b, refused, checkEmail!, { email }));
      const signUp = html(await page(b, contactPath));
      const signUpCall = formWith(signUp, 'name="password"');
      expect(signUpCall).toBe('/fr/acheter/ajax-booking/login/sign-up');
      expect(signUp).toContain(`value="${email}"`);
      expect(signUp).toMatch(/autocomplete="new-password"/i);
      const signedUp = seeOther(
        await submit(b, signUp, signUpCall!, {
          account: 'sign-up',
          email,
          firstName: 'Camille',
          lastName: 'Martin',
          password: 'a long enough passphrase',
          'consents.terms': 'true',
        }),
      );
      expect(signedUp).toBe(`${contactPath}?account=new`);

      // Signed up: one press confirms the contact and holds the car.
      const confirm = html(await page(b, signedUp));
      expect(confirm).toContain('name="method" value="signed_up"');
      const okPath = seeOther(await submit(b, confirm, formWith(confirm, 'name="method"')!));
      expect(okPath).toMatch(/^\/fr\/acheter\/reserver\/confirmation-/);
      const ok = html(await page(b, okPath));
      expect(ok).toContain('Votre réservation est confirmée');
      expect(ok).toMatch(/Le véhicule vous est réservé jusqu’au \d+ \S+ à \d\d:\d\d\./);
      // "Buy this car" posts to the car's purchase form, which takes the booking over.
      expect(formWith(ok, 'Acheter ce véhicule')).toBe(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`);
      expect((await b.get(okPath)).json()).toMatchObject({
        state: 'confirmed',
        customerId: expect.any(String),
      });

      // The form of the booked car now leads (303) to where the booking stands.
      const again = await page(b, bookForm(car));
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe(okPath);
    },
    FLOW,
  );

  it('given a car of each market, then its booking screens speak every locale’s language', async () => {
    const failures: string[] = [];
    const expectText = (url: string, screen: string, language: string, texts: readonly string[]) =>
      failures.push(...languageProblems(url, screen, language, texts, frBooking.start.title));
    for (const locale of LOCALES) {
      const m = await loadBookingMessages(locale);
      const { country, language } = marketOf(locale);
      const car = t.h.cars[country].find((c) => c.condition === 'used' && !used.has(c.carId))!;
      used.add(car.carId);
      const b = t.browser();
      const form = generateUrl(`car_booking_form.${locale}`, {
        id: car.carId,
        slug: carSlug(car),
        bookingId: '0',
      });
      const start = html(await page(b, form));
      expectText(form, start, language, [m.start.title, m.start.submit]);
      // Started by a visitor: the contact check, in the same language.
      const contact = seeOther(await submit(b, start, form, { action: 'start' }));
      expectText(contact, html(await page(b, contact)), language, [m.contact.email, m.contact.check]);
    }
    expect(failures).toEqual([]);
  });

  it('given an unknown car or another buyer’s booking, then the 404 page (and a JSON 404), nothing of theirs', async () => {
    const owner = t.browser();
    await owner.signUp(`owner-form-${Date.now()}@example.test`);
    const car = freshCar();
    const okPath = seeOther(await submit(owner, html(await page(owner, bookForm(car))), bookForm(car), {}));
    expect(okPath).toMatch(/confirmation-/);
    const other = t.browser();
    const theirs = await page(other, okPath);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toContain('<html lang="fr-FR">');
    expect(theirs.body).not.toContain(car.version);
    expect((await other.get(okPath)).statusCode).toBe(404);
    expect((await page(other, '/fr/acheter/reserver-999999999/inconnue/0')).statusCode).toBe(404);
  });

  it('given a form post without the CSRF field, then it is refused and nothing is written', async () => {
    const b = t.browser();
    const car = freshCar();
    const form = html(await page(b, bookForm(car)));
    const response = await submit(
      b,
      form.replace(/name="_csrf" value="[^"]*"/, 'name="_csrf" value=""'),
      bookForm(car),
      { action: 'start' },
    );
    expect(response.statusCode).toBe(403);
    expect((await b.get(bookForm(car))).json().booking).toBeNull();
  });

  it('given a known e-mail and a wrong password, then the sign-in form shows the refusal by the password field', async () => {
    const b = t.browser();
    const car = freshCar();
    const email = `known-${car.carId}@example.test`;
    await b.signUp(email);
    await b.post('/fr/acheter/ajax/login/sign-out');
    b.forget();
    const form = html(await page(b, bookForm(car)));
    const contactPath = seeOther(await submit(b, form, bookForm(car), { action: 'start' }));
    const contact = html(await page(b, contactPath));
    seeOther(await submit(b, contact, formWith(contact, 'name="email"')!, { email }));
    const signIn = html(await page(b, contactPath));
    const login = formWith(signIn, 'name="password"');
    expect(login).toBe('/fr/acheter/ajax-booking/login/sign-in');
    expect(signIn).toMatch(/autocomplete="current-password"/i);
    const back = seeOther(
      await submit(b, signIn, login!, { account: 'sign-in', email, password: 'not the one' }),
    );
    expect(back).toBe(contactPath);
    const refused = html(await page(b, back));
    expect(refused).toMatch(
      /id="field-password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-password"/,
    );
    expect(refused).toContain('L’adresse e-mail ou le mot de passe est incorrect.');
    expect(refused).toContain(`value="${email}"`);
    expect(refused).not.toContain('not the one');
  });

  it(
    'given Poland (a deposit), when the buyer pays at the sandbox and buys the car, then the purchase counts the deposit',
    async () => {
      const b = t.browser();
      await b.signUp(`deposit-form-${Date.now()}@example.test`, 'pl');
      const car = freshCar('PL');
      const form = html(await page(b, bookForm(car)));
      expect(form).toMatch(/1\s?000\s(zł|PLN)/);
      const depositPath = seeOther(await submit(b, form, bookForm(car), { action: 'start' }));
      const deposit = html(await page(b, depositPath));
      const pay = formWith(deposit, 'value="pay-deposit"');
      expect(pay).toMatch(new RegExp(`^/pl/kup/rezerwuj-${car.carId}/`));
      const checkout = new URL(
        seeOther(await submit(b, deposit, pay!, { action: 'pay-deposit' })),
        'http://x',
      );
      expect(checkout.pathname).toMatch(/^\/sandbox\/checkout\//);
      const okPath = new URL(await b.checkout(checkout.href)).pathname;
      const ok = html(await page(b, okPath));
      expect(ok).toContain('Twoja rezerwacja jest potwierdzona');
      expect(ok).toMatch(/Wpłacona zaliczka: 1\s?000\s(zł|PLN)/);

      const buy = formWith(ok, 'Kup ten samochód')!;
      const purchasePath = seeOther(await submit(b, ok, buy, { action: 'start' }));
      expect(purchasePath).toMatch(new RegExp(`^/pl/kup/zakup-${car.carId}/`));
      const purchase = (await b.get(purchasePath.split('/').slice(0, 5).join('/'))).json().purchase;
      expect(purchase.summary.bookingDeposit).toEqual({ amount: 100_000, currency: 'PLN' });
      expect(html(await page(b, purchasePath))).toContain('Odliczona zaliczka rezerwacyjna');
    },
    FLOW,
  );

  it(
    'given a failed deposit, then the payment-ko screen offers to pay again; a car another buyer booked, the ko screen says so',
    async () => {
      const b = t.browser();
      await b.signUp(`deposit-ko-${Date.now()}@example.test`, 'pl');
      const car = freshCar('PL');
      const form = html(await page(b, bookForm(car)));
      const deposit = html(
        await page(b, seeOther(await submit(b, form, bookForm(car), { action: 'start' }))),
      );
      const pay = formWith(deposit, 'value="pay-deposit"')!;
      const checkout = seeOther(await submit(b, deposit, pay, { action: 'pay-deposit' }));
      const failed = html(await page(b, new URL(await b.checkout(checkout, 'fail'), 'http://x').pathname));
      expect(failed).toContain(plBooking.paymentKo.title);
      expect(failed).toMatch(/Zapłać ponownie 1\s?000\s(zł|PLN)/);

      // Two buyers on one French car's form: the first books it, the second comes too late.
      const [first, late] = [t.browser(), t.browser()];
      await first.signUp(`booked-first-${Date.now()}@example.test`);
      await late.signUp(`booked-late-${Date.now()}@example.test`);
      const taken = freshCar();
      const [firstForm, lateForm] = [
        html(await page(first, bookForm(taken))),
        html(await page(late, bookForm(taken))),
      ];
      expect(seeOther(await submit(first, firstForm, bookForm(taken), { action: 'start' }))).toMatch(
        /confirmation-/,
      );
      const ko = html(
        await page(late, seeOther(await submit(late, lateForm, bookForm(taken), { action: 'start' }))),
      );
      expect(ko).toContain(frBooking.ko.takenTitle);
      expect(ko).toContain(frBooking.ko.held);
    },
    FLOW,
  );

  it(
    'given a buyer at the limit, then the limit page lists their bookings; cancelling one there lets them book the car',
    async () => {
      const b = t.browser();
      await b.signUp(`limit-form-${Date.now()}@example.test`);
      const [one, two, three] = [freshCar(), freshCar(), freshCar()];
      for (const car of [one, two]) {
        const form = html(await page(b, bookForm(car)));
        expect(seeOther(await submit(b, form, bookForm(car), { action: 'start' }))).toMatch(/confirmation-/);
      }
      const form = html(await page(b, bookForm(three!)));
      const limitPath = seeOther(await submit(b, form, bookForm(three!), { action: 'start' }));
      expect(limitPath).toBe(`/fr/acheter/reserver/limite-${three!.carId}/${carSlug(three!)}`);
      const limit = html(await page(b, limitPath));
      expect(limit).toContain('Vous avez atteint le nombre maximal de réservations en cours');
      expect(limit).toContain(one!.version);
      expect(limit).toContain(two!.version);
      const cancels = forms(limit).filter((f) => f.body.includes('value="cancel"'));
      expect(cancels).toHaveLength(2);
      expect(cancels[0]!.body).toContain(`name="_next" value="${limitPath}"`);
      expect(limit).not.toContain('value="start"');

      expect(seeOther(await submit(b, limit, cancels[0]!.action, { action: 'cancel' }))).toBe(limitPath);
      const freed = html(await page(b, limitPath));
      expect(forms(freed).filter((f) => f.body.includes('value="cancel"'))).toHaveLength(1);
      const start = formWith(freed, 'value="start"');
      expect(start).toBe(bookForm(three!));
      expect(seeOther(await submit(b, freed, start!, { action: 'start' }))).toMatch(/confirmation-/);
    },
    FLOW,
  );
});
