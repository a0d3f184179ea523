/**
 * The purchase screens without JavaScript, through the whole app on a real database: a browser (Accept:
 * text/html) gets the server-rendered screen with its forms, a JSON client the purchase on the same
 * path; urlencoded posts with the page's `_csrf` field answer 303 to the next screen, a refused post
 * 303 back to its page with the messages and values shown once, a step out of order 303 back to where
 * the purchase stands; a wrong password on the sign-in form is shown by its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { LOCALES, marketOf } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { frPurchase } from '../../ui/pages/purchase/messages/fr.ts';
import { loadPurchaseMessages } from '../../ui/pages/purchase/messages/index.ts';
import {
  formWith,
  hidden,
  htmlOf as html,
  languageProblems,
  pageOf as page,
  seeOther,
  submit,
} from '../testing/formPages.ts';
import { type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const FORM = 'application/x-www-form-urlencoded';

describe('purchase screens without JavaScript', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  beforeAll(async () => {
    t = await openFunnelTestApp();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const freshCar = (): CarFacts => {
    const car = t.h.cars.FR.find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const formPath = (car: CarFacts) => `/fr/acheter/achat-${car.carId}/${carSlug(car)}`;

  it('given the purchase form path, a browser gets the screen and a JSON client the purchase', async () => {
    const b = t.browser();
    const car = freshCar();
    const screen = html(await page(b, formPath(car)));
    expect(screen).toMatch(/<form[^>]*method="post"/);
    expect(hidden(screen, '_csrf')).toMatch(/.{16,}/);
    expect(screen).toContain(car.version);
    const json = await b.get(formPath(car));
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json().car.carId).toBe(car.carId);
  });

  it('given a purchase screen, then its language switch stays in its market, elsewhere to the home page', async () => {
    const b = t.browser();
    const menu = (screen: string) =>
      [
        ...(/<ul class="lang-switcher__menu">(.*?)<\/ul>/s.exec(screen)?.[1] ?? '').matchAll(
          /href="([^"]+)"/g,
        ),
      ].map((m) => m[1]);
    const french = formPath(freshCar());
    const links = menu(html(await page(b, french)));
    expect(links).toHaveLength(LOCALES.length);
    expect(links).toContain(french);
    for (const locale of LOCALES.filter((l) => l !== 'fr'))
      expect(links).toContain(generateUrl(`front_pages_index.${locale}`));
    const belgian = t.h.cars.BE?.find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!belgian) throw new Error('no Belgian car');
    used.add(belgian.carId);
    const params = { id: belgian.carId, slug: carSlug(belgian) };
    const dutch = generateUrl('car_purchase_form.nl-BE', params);
    const other = menu(html(await page(b, generateUrl('car_purchase_form.fr-BE', params))));
    expect(other).toContain(dutch);
    expect((await page(b, dutch)).statusCode).toBe(200);
  });

  it('given a used and a new car of each market, then their screens speak every locale’s language', async () => {
    const failures: string[] = [];
    const expectText = (url: string, screen: string, language: string, texts: readonly string[]) =>
      failures.push(...languageProblems(url, screen, language, texts, frPurchase.start.title));
    for (const locale of LOCALES) {
      const m = await loadPurchaseMessages(locale);
      const { country, language } = marketOf(locale);
      const pick = (condition: 'new' | 'used') =>
        t.h.cars[country].find((c) => c.condition === condition && !used.has(c.carId));
      const usedCar = pick('used')!;
      used.add(usedCar.carId);
      const newCar = pick('new')!;
      for (const [car, suffix] of [
        [usedCar, ''],
        [newCar, '_vn'],
      ] as const) {
        const params = { id: car.carId, slug: carSlug(car) };
        const form = generateUrl(`car_purchase_form${suffix}.${locale}`, params);
        const info = generateUrl(`car_purchase_info${suffix}.${locale}`, params);
        const b = t.browser();
        expectText(form, html(await page(b, form)), language, [m.start.title, m.start.submit]);
        expectText(info, html(await page(b, info)), language, [m.infoTitle, m.steps.names.delivery]);
      }
      // The used car bought: its first step, in the same language.
      const b = t.browser();
      const form = generateUrl(`car_purchase_form.${locale}`, { id: usedCar.carId, slug: carSlug(usedCar) });
      const step = seeOther(await submit(b, html(await page(b, form)), form, { action: 'start' }));
      expectText(step, html(await page(b, step)), language, [m.steps.names['my-account'], m.account.terms]);
    }
    expect(failures).toEqual([]);
  });

  it('given a buyer without JavaScript, when they start, refuse then accept the terms, then 303s walk the screens', async () => {
    const b = t.browser();
    const car = freshCar();
    const start = html(await page(b, formPath(car)));
    expect(start).toContain('name="action" value="start"');
    const termsPath = seeOther(await submit(b, start, formPath(car), { action: 'start' }));
    expect(termsPath).toMatch(/^\/fr\/acheter\//);
    const terms = html(await page(b, termsPath));
    const consent = formWith(terms, 'name="termsAccepted"');
    expect(consent).toBeDefined();

    // Terms left unticked: back to the same screen, the field's message shown once.
    const back = seeOther(await submit(b, terms, consent!, { marketingOptIn: 'on' }));
    expect(back).toBe(hidden(terms, '_back'));
    const refused = html(await page(b, back));
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('Votre saisie n’a pas été enregistrée');
    expect(html(await page(b, back))).not.toContain('aria-invalid="true"');

    const emailPath = seeOther(await submit(b, refused, consent!, { termsAccepted: 'on' }));
    const email = html(await page(b, emailPath));
    expect(email).toContain('name="email"');
    expect((await b.get(emailPath)).json().purchase.step).toBe('sign-in-sign-up');

    // The terms form posted again (another tab, the back button): back to where the purchase stands.
    seeOther(await submit(b, refused, consent!, { termsAccepted: 'on' }));
    expect((await b.get(emailPath)).json().purchase.step).toBe('sign-in-sign-up');

    // The e-mail typed goes on to the sign-up form; the terms accepted above are not asked again.
    const signUpPath = seeOther(
      await submit(b, email, formWith(email, 'name="email"')!, { email: 'nouvelle.cliente@example.test' }),
    );
    const signUp = html(await page(b, signUpPath));
    expect(signUp).toMatch(/<input[^>]*name="email"[^>]*value="nouvelle.cliente@example.test"/);
    expect(signUp).toContain('<input type="hidden" name="consents.terms" value="on"/>');
    expect(signUp).not.toMatch(/type="checkbox"[^>]*name="consents.terms"/);
  });

  it.each([
    ['a car id too long to exist', '/fr/acheter/achat-99999999999999999999/x'],
    ['an unknown car', '/fr/acheter/achat-999999999/inconnue'],
    ['an unknown step', '/fr/acheter/achat-100001/x/etape-inconnue'],
    ['an unknown purchase’s confirmation', '/fr/acheter/achat/confirmation-999999999/x'],
  ])('given %s, then a browser gets the 404 page and a JSON client a 404', async (_, url) => {
    const b = t.browser();
    const screen = await page(b, url);
    expect(screen.statusCode, url).toBe(404);
    expect(screen.body).toContain('<html lang="fr-FR">');
    expect((await b.get(url)).statusCode).toBe(404);
  });

  it('given the terms form sent twice at once (a double click), then one command is recorded', async () => {
    const b = t.browser();
    const car = freshCar();
    const start = html(await page(b, formPath(car)));
    const termsPath = seeOther(await submit(b, start, formPath(car), { action: 'start' }));
    const terms = html(await page(b, termsPath));
    const consent = formWith(terms, 'termsAccepted')!;
    const answers = await Promise.all([1, 2].map(() => submit(b, terms, consent, { termsAccepted: 'on' })));
    const places = answers.map(seeOther);
    expect(places[0]).toBe(places[1]);
    const purchase = (await b.get(places[0]!)).json().purchase;
    expect(purchase.step).toBe('sign-in-sign-up');
    expect(purchase.events.filter((e: { type: string }) => e.type === 'AccountStepPassed')).toHaveLength(1);
  });

  it('given a form post without the CSRF field, then it is refused and nothing is written', async () => {
    const b = t.browser();
    const car = freshCar();
    const start = html(await page(b, formPath(car)));
    const response = await submit(
      b,
      start.replace(/name="_csrf" value="[^"]*"/, 'name="_csrf" value=""'),
      formPath(car),
      {
        action: 'start',
      },
    );
    expect(response.statusCode).toBe(403);
    expect((await b.get(formPath(car))).json().purchase ?? null).toBeNull();
  });

  it('given the screen’s script sending a form for JSON, then the answer is the purchase with its events, or 400 by field', async () => {
    const b = t.browser();
    const car = freshCar();
    const start = html(await page(b, formPath(car)));
    const terms = html(await page(b, seeOther(await submit(b, start, formPath(car), { action: 'start' }))));
    const consent = formWith(terms, 'termsAccepted')!;
    const asJson = (fields: Record<string, string>) => {
      const body = new URLSearchParams({
        _csrf: hidden(terms, '_csrf')!,
        _back: hidden(terms, '_back')!,
        ...fields,
      });
      return b.call({
        method: 'POST',
        url: consent,
        payload: body.toString(),
        headers: { 'content-type': FORM, accept: 'application/json' },
      });
    };
    const refused = await asJson({ marketingOptIn: 'true' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual(['body.termsAccepted']);
    const answer = await asJson({ termsAccepted: 'true' });
    expect(answer.statusCode, answer.body).toBe(200);
    const purchase = answer.json();
    expect(purchase.step).toBe('sign-in-sign-up');
    expect(purchase.events.map((e: { type: string }) => e.type)).toEqual([
      'PurchaseStarted',
      'AccountStepPassed',
    ]);
    expect(purchase.version).toBe(purchase.events.length);
    expect(purchase.snapshot.context.purchaseId).toBe(purchase.purchaseId);
    expect(purchase.links.page).toMatch(/\/sign-in-sign-up$/);
  });

  it('given the sign-in form with a wrong password, then the screen shows the refusal by the password field', async () => {
    const b = t.browser();
    const car = freshCar();
    await b.signUp(`forms-${car.carId}@example.test`);
    await b.post('/fr/acheter/ajax/login/sign-out');
    b.forget();
    const start = html(await page(b, formPath(car)));
    const terms = html(await page(b, seeOther(await submit(b, start, formPath(car), { action: 'start' }))));
    const consent = formWith(terms, 'name="termsAccepted"')!;
    const emailPage = html(await page(b, seeOther(await submit(b, terms, consent, { termsAccepted: 'on' }))));
    const emailCall = formWith(emailPage, 'name="email"')!;
    const signInPath = seeOther(
      await submit(b, emailPage, emailCall, { email: `forms-${car.carId}@example.test` }),
    );
    const signIn = html(await page(b, signInPath));
    const login = formWith(signIn, 'name="password"');
    expect(login).toBeDefined();
    const back = seeOther(
      await submit(b, signIn, login!, { email: `forms-${car.carId}@example.test`, password: 'not the one' }),
    );
    const refused = html(await page(b, back));
    expect(refused).toMatch(
      /id="field-password"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-password"/,
    );
    // The e-mail typed is shown again, the password never.
    expect(refused).toContain(`forms-${car.carId}@example.test`);
    expect(refused).not.toContain('not the one');
  });

  it('given a purchase whose hold ran out, then its screen is the car-not-available page saying so', async () => {
    const b = t.browser();
    const car = freshCar();
    const start = html(await page(b, formPath(car)));
    const terms = seeOther(await submit(b, start, formPath(car), { action: 'start' }));
    const termsPage = html(await page(b, terms));
    t.h.advance(121);
    expect(await t.h.timers.fireDue()).toBeGreaterThan(0);
    // The buyer, unaware, accepts the terms: sent to the page where the purchase stands.
    const outcome = seeOther(
      await submit(b, termsPage, formWith(termsPage, 'termsAccepted')!, { termsAccepted: 'on' }),
    );
    expect(outcome).toMatch(/\/fr\/acheter\/achat\/voiture-indisponible-\d+\//);
    const screen = html(await page(b, outcome));
    expect(screen).toContain(frPurchase.outcome.notAvailableTitle);
    expect(screen).toContain(frPurchase.outcome.expiredText);
  });
});
