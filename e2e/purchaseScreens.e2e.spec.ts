/**
 * The purchase screens in a real browser (Chromium through playwright-core) against the real site on a
 * fresh embedded database: a French buyer walks every step to the confirmation, paying at the sandbox
 * checkout, with axe-core run on every screen (no serious or critical violation) and, JavaScript on,
 * refusals said in place and the screens moving without page loads; a German buyer on a
 * phone without JavaScript gets a refused e-mail address back by its field and goes on; a French buyer
 * walks every step without JavaScript and finds the purchase in the account; of two buyers on one car,
 * the second to start lands on "car not available"; a Polish buyer on a phone sees złoty on every step. Screenshots go to e2e/screenshots/ (not committed).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { frAccount } from '../ui/pages/account/messages/fr.ts';
import { fill } from '../ui/pages/funnel/fill.ts';
import { dePurchase as de } from '../ui/pages/purchase/messages/de.ts';
import type { PurchaseMessages } from '../ui/pages/purchase/messages/fr.ts';
import { frPurchase as fr } from '../ui/pages/purchase/messages/fr.ts';
import { plPurchase as pl } from '../ui/pages/purchase/messages/pl.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { press, seriousViolations } from './axe.ts';
import { type BrowserSite, CHROMIUM, hasChromium, shoot, startBrowserSite, watchErrors } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the purchase screen browser tests are skipped`);

const PHONE = 390;
const WIDE = 1280;
/** A whole purchase in a browser takes seconds, and a minute on a loaded machine. */
const JOURNEY = 180_000;

interface Buyer {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly password: string;
}
interface Home {
  readonly phone: string;
  readonly line1: string;
  readonly postcode: string;
  readonly city: string;
}
type Check = (name: string) => Promise<unknown>;
const noCheck: Check = async () => undefined;

/**
 * From a purchase form: start, accept the terms, give an e-mail without an account and sign up inline;
 * the screen is then the buyer's details. `check` runs on the terms and sign-up screens.
 */
async function startAndSignUp(page: Page, m: PurchaseMessages, buyer: Buyer, check: Check = noCheck) {
  await press(page, m.start.submit);
  await check('terms');
  await page.check('#field-termsAccepted');
  await press(page, m.form.continue);
  await page.fill('#field-email', buyer.email);
  await press(page, m.form.continue);
  await check('sign-up');
  // The terms accepted at the account step are not asked again.
  expect(await page.locator('#field-consents-terms').count()).toBe(0);
  await page.fill('#field-email', buyer.email);
  await page.fill('#field-firstName', buyer.firstName);
  await page.fill('#field-lastName', buyer.lastName);
  await page.fill('#field-password', buyer.password);
  await press(page, m.account.signUp);
  // Signed up: the purchase records it with one more press.
  await press(page, m.form.continue);
}

/** The buyer's details step: a phone and a home address, then on. */
async function giveInfos(page: Page, m: PurchaseMessages, home: Home) {
  await page.fill('#field-phone', home.phone);
  await page.fill('#field-address-line1', home.line1);
  await page.fill('#field-address-postcode', home.postcode);
  await page.fill('#field-address-city', home.city);
  await press(page, m.form.continue);
}

/** The pages `page` loads from now on (a screen moved to in place loads none). */
function documentLoads(page: Page): string[] {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  return documents;
}

/** The purchase form of a used car's page (`…/voiture-<id>/<slug>`). */
function purchaseFormOf(locale: Locale, carLink: string): string {
  const [, id, slug] = /-(\d+)\/([^/?#]+)$/.exec(carLink)!;
  return urlFor('car_purchase_form', locale, { id: id!, slug: slug! });
}

describe.skipIf(!hasChromium)('the purchase screens in a browser', () => {
  let site: BrowserSite;
  const carOf = (locale: Locale) => site.freshCar(locale);
  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'purchase-e2e-', env: { DEMO_CARS: '400' }, width: WIDE });
  });

  afterAll(() => site?.stop());

  it(
    'given a French buyer, when they walk every step and pay at the sandbox, then the purchase is confirmed',
    async () => {
      const link = await carOf('fr');
      const form = purchaseFormOf('fr', link);
      const context = await site.browser.newContext({ viewport: { width: WIDE, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const violations: string[] = [];
      const check = async (name: string) => {
        violations.push(...(await seriousViolations(page)));
        await shoot(page, `purchase-fr-${name}`);
      };
      expect((await page.goto(`${site.url}${form}`))?.status()).toBe(200);
      await check('start');
      await press(page, fr.start.submit);
      await check('terms');
      await page.check('#field-termsAccepted');
      await press(page, fr.form.continue);
      // With JavaScript a refused field is said in place: no page load.
      await page.fill('#field-email', 'camille@garage');
      await page.locator('button[type="submit"]', { hasText: fr.form.continue }).click();
      await expect.poll(() => page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      const email = `e2e-${Date.now()}@example.test`;
      await page.fill('#field-email', email);
      await press(page, fr.form.continue);
      await check('sign-up');
      expect(await page.locator('#field-consents-terms').count()).toBe(0);
      await page.fill('#field-email', email);
      await page.fill('#field-firstName', 'Camille');
      await page.fill('#field-lastName', 'Martin');
      await page.fill('#field-password', 'a long enough passphrase 42');
      await press(page, fr.account.signUp);
      // Signed up: the purchase records it with one more press.
      await press(page, fr.form.continue);
      await check('my-infos');
      // From here to the payment every screen comes in place: the page's script sends the forms and
      // the answers advance its actor; no document is loaded until the checkout.
      const documents = documentLoads(page);
      await giveInfos(page, fr, {
        phone: '+33 6 12 34 56 78',
        line1: '12 rue Oberkampf',
        postcode: '75011',
        city: 'Paris',
      });
      await check('delivery');
      await page.fill('#field-postcode', '75011');
      await press(page, fr.delivery.home);
      await check('recovery');
      await page.fill('#field-vehicle-brand', 'Renault');
      await page.fill('#field-vehicle-model', 'Clio');
      await page.fill('#field-vehicle-year', '2017');
      await page.fill('#field-vehicle-mileageKm', '80000');
      await page.selectOption('#field-vehicle-fuel', 'petrol');
      await press(page, fr.recovery.value, { until: `button:has-text("${fr.recovery.accept}")` });
      await check('recovery-offer');
      await press(page, fr.recovery.accept);
      await check('insurance');
      // Nothing paid is chosen for the buyer: they pick a cover.
      expect(await page.locator('input[name="offerId"]:checked').count()).toBe(0);
      await page.locator('input[name="offerId"]').first().check();
      await press(page, fr.insurance.choose);
      await check('extras');
      // The warranty extensions are one choice: the 24 months, then the 12 months instead.
      await page.check('input[name="extraIds"][value="extended-warranty-24"]');
      await page.check('input[name="extraIds"][value="extended-warranty-12"]');
      expect(await page.locator('input[name="extraIds"][value="extended-warranty-24"]').isChecked()).toBe(
        false,
      );
      await press(page, fr.extras.choose);
      await check('funding');
      await press(page, fr.funding.cash);
      await check('advance-payment');
      const summary = await page.locator('.funnel__summary').textContent();
      expect(summary).toMatch(/€/);
      // The hold's clock counts the minutes left by the buyer's clock.
      expect(await page.locator('[role="timer"]').textContent()).toMatch(/^Il reste \d+ min\.$/);
      expect(documents).toEqual([]);
      await press(page, /^Payer/);
      expect(page.url()).toContain('/sandbox/checkout/');
      await press(page, /^Pay/);
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toBe(fr.outcome.okTitle);
      await check('confirmed');
      // The account shows it with its timeline, and its bills: the order confirmation and the receipt.
      await page.goto(`${site.url}${urlFor('my_account_dashboard', 'fr')}`);
      const card = page.locator('.funnel-card').first();
      await card.locator('.funnel-card__timeline summary').click();
      expect(await card.locator('.funnel-card__timeline li').count()).toBeGreaterThan(8);
      await check('account');
      await page.goto(`${site.url}${urlFor('my_account_my_bills_add', 'fr')}`);
      await expect.poll(() => page.locator('#documents .bill').count()).toBe(2);
      expect(await page.locator('#documents h3').allTextContents()).toEqual(
        expect.arrayContaining([
          frAccount.bills.documents.kinds.order,
          frAccount.bills.documents.kinds.advance,
        ]),
      );
      await check('bills');
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given a German buyer who goes back to delivery, has finance declined and a payment fail, then they pay again',
    async () => {
      const link = await carOf('de');
      const context = await site.browser.newContext({ viewport: { width: WIDE, height: 900 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const violations: string[] = [];
      const check = async (name: string) => {
        violations.push(...(await seriousViolations(page)));
        await shoot(page, `purchase-de-${name}`);
      };
      const total = () => page.locator('.funnel__line--total dd').textContent();
      expect((await page.goto(`${site.url}${purchaseFormOf('de', link)}`))?.status()).toBe(200);
      const email = `e2e-de-${Date.now()}@example.test`;
      const jonas = { email, firstName: 'Jonas', lastName: 'Becker', password: 'ein langes Passwort 42' };
      await startAndSignUp(page, de, jonas, check);
      await check('my-infos');
      await giveInfos(page, de, {
        phone: '+49 30 1234567',
        line1: 'Invalidenstraße 10',
        postcode: '10115',
        city: 'Berlin',
      });
      await check('delivery');
      await press(page, de.delivery.pickup);
      await check('recovery');
      await press(page, de.recovery.skip);
      await check('insurance');
      await page.getByLabel(de.insurance.none).check();
      await press(page, de.insurance.choose);
      await check('extras');
      await press(page, de.extras.choose);
      await check('funding');
      await press(page, de.funding.cash);
      const before = await total();
      // Back to delivery from the payment step: home delivery costs more, so funding is asked again.
      const back = fill(de.back.link, { step: de.steps.names.delivery });
      await Promise.all([page.waitForNavigation(), page.locator('a', { hasText: back }).click()]);
      await check('look-back');
      await press(page, back, { until: '#field-postcode' });
      await page.fill('#field-postcode', '80331');
      await press(page, de.delivery.home);
      await expect.poll(() => page.locator('#step-title').textContent()).toBe(de.steps.names.funding);
      expect(await total()).not.toBe(before);
      // Finance on a small income: declined, cash only from then on.
      await press(page, de.funding.choose, { until: '#field-netMonthlyIncome' });
      await page.fill('#field-netMonthlyIncome', '900');
      await press(page, de.funding.apply, { until: `text=${de.funding.declined}` });
      expect(await page.locator('button', { hasText: de.funding.choose }).count()).toBe(0);
      await check('finance-declined');
      await press(page, de.funding.cash);
      await press(page, /bezahlen$/);
      await Promise.all([page.waitForNavigation(), page.locator('button[value="fail"]').click()]);
      await expect.poll(() => page.locator('h1').textContent()).toBe(de.outcome.paymentKoTitle);
      await check('payment-ko');
      await press(page, de.outcome.retry);
      await Promise.all([page.waitForNavigation(), page.locator('button[value="pay"]').click()]);
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 20_000 }).toBe(de.outcome.okTitle);
      await check('confirmed');
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given a German buyer on a phone without JavaScript, when a field is refused, then it says so by the field',
    async () => {
      const link = await carOf('de');
      const href = purchaseFormOf('de', link);
      const context = await site.browser.newContext({
        viewport: { width: PHONE, height: 800 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      expect((await page.goto(`${site.url}${href}`))?.status()).toBe(200);
      await shoot(page, 'purchase-de-phone-start');
      await press(page, de.start.submit);
      // The terms box is required: the browser itself asks for it.
      expect(await page.locator('#field-termsAccepted').getAttribute('required')).not.toBeNull();
      await page.check('#field-termsAccepted');
      await press(page, de.form.continue);
      // An address the browser takes but the shop does not: the same screen, the message by the field.
      await page.fill('#field-email', 'camille@garage');
      await press(page, de.form.continue);
      expect(await page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#field-email').inputValue()).toBe('camille@garage');
      await shoot(page, 'purchase-de-phone-refused');
      await page.fill('#field-email', `e2e-de-${Date.now()}@example.test`);
      await press(page, de.form.continue);
      expect(await page.locator('#field-password').count()).toBe(1);
      await shoot(page, 'purchase-de-phone-sign-up');
      // The page fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given a French buyer on a phone without JavaScript, when they walk every step and pay, then the account shows it',
    async () => {
      const link = await carOf('fr');
      const context = await site.browser.newContext({
        viewport: { width: PHONE, height: 800 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      // axe needs a script: the same screens are checked with JavaScript on in the other journeys.
      const check = (name: string) => shoot(page, `purchase-fr-nojs-${name}`);
      expect((await page.goto(`${site.url}${purchaseFormOf('fr', link)}`))?.status()).toBe(200);
      const email = `e2e-nojs-${Date.now()}@example.test`;
      const lea = {
        email,
        firstName: 'Léa',
        lastName: 'Dubois',
        password: 'une phrase de passe assez longue 7',
      };
      await startAndSignUp(page, fr, lea);
      // Prefilled from the account: never asked twice.
      expect(await page.locator('#field-firstName').inputValue()).toBe('Léa');
      await giveInfos(page, fr, {
        phone: '+33 6 98 76 54 32',
        line1: '3 place Bellecour',
        postcode: '69002',
        city: 'Lyon',
      });
      await check('delivery');
      await page.fill('#field-postcode', '69002');
      await press(page, fr.delivery.home);
      await page.fill('#field-vehicle-brand', 'Peugeot');
      await page.fill('#field-vehicle-model', '208');
      await page.fill('#field-vehicle-year', '2018');
      await page.fill('#field-vehicle-mileageKm', '60000');
      await page.selectOption('#field-vehicle-fuel', 'diesel');
      await press(page, fr.recovery.value);
      await check('recovery-offer');
      await press(page, fr.recovery.accept);
      await page.getByLabel(fr.insurance.none).check();
      await press(page, fr.insurance.choose);
      await press(page, fr.extras.choose);
      await press(page, fr.funding.cash);
      await check('advance-payment');
      // The summary counts the home delivery and the trade-in.
      expect(await page.locator('.funnel__summary').textContent()).toMatch(/€/);
      await press(page, /^Payer/);
      expect(page.url()).toContain('/sandbox/checkout/');
      await press(page, /^Pay/);
      expect(await page.locator('h1').textContent()).toBe(fr.outcome.okTitle);
      // What was bought and its number, once each, and the way to follow it.
      expect(await page.locator('#outcome-title').textContent()).not.toBe(fr.outcome.okTitle);
      expect(await page.locator('.funnel__order').textContent()).toMatch(/^Achat n° \d+$/);
      expect(await page.getByRole('link', { name: fr.outcome.account }).count()).toBe(1);
      await check('confirmed');
      // The account lists it, confirmed, with its timeline (a <details>: no script needed).
      await page.goto(`${site.url}${urlFor('my_account_dashboard', 'fr')}`);
      const card = page.locator('.funnel-card').first();
      await card.locator('.funnel-card__timeline summary').click();
      expect(await card.locator('.funnel-card__timeline li').count()).toBeGreaterThan(8);
      await check('account');
      await context.close();
    },
    JOURNEY,
  );

  it('given two buyers on one car, when one starts buying it, then the other lands on car not available', async () => {
    const link = await carOf('fr');
    const form = `${site.url}${purchaseFormOf('fr', link)}`;
    const first = await site.browser.newContext({ viewport: { width: WIDE, height: 900 } });
    const second = await site.browser.newContext({ viewport: { width: PHONE, height: 800 } });
    const [a, b] = await Promise.all([first.newPage(), second.newPage()]);
    const errors = watchErrors(b);
    // Both see the car as buyable; the first to start holds it.
    await Promise.all([a.goto(form), b.goto(form)]);
    await press(a, fr.start.submit);
    await a.locator('#field-termsAccepted').waitFor();
    await press(b, fr.start.submit);
    await expect.poll(() => b.locator('h1').textContent()).toBe(fr.outcome.notAvailableTitle);
    expect(await b.locator('#outcome-title + p').textContent()).toBe(fr.outcome.takenText);
    expect(await seriousViolations(b)).toEqual([]);
    await shoot(b, 'purchase-fr-phone-taken');
    expect(errors).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });

  it(
    'given a Polish buyer on a phone, then every step shows złoty up to an accepted finance, and is accessible',
    async () => {
      const link = await carOf('pl');
      const context = await site.browser.newContext({ viewport: { width: PHONE, height: 800 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const violations: string[] = [];
      const check = async (name: string) => {
        violations.push(...(await seriousViolations(page)));
        await shoot(page, `purchase-pl-phone-${name}`);
      };
      expect((await page.goto(`${site.url}${purchaseFormOf('pl', link)}`))?.status()).toBe(200);
      expect(await page.locator('.funnel__summary').textContent()).toMatch(/zł/);
      await check('start');
      const email = `e2e-pl-${Date.now()}@example.test`;
      const zofia = {
        email,
        firstName: 'Zofia',
        lastName: 'Nowak',
        password: 'wystarczająco długie hasło 9',
      };
      await startAndSignUp(page, pl, zofia, check);
      await check('my-infos');
      await giveInfos(page, pl, {
        phone: '+48 22 123 45 67',
        line1: 'ul. Marszałkowska 10',
        postcode: '00-590',
        city: 'Warszawa',
      });
      await check('delivery');
      await press(page, pl.delivery.pickup);
      await check('recovery');
      await press(page, pl.recovery.skip);
      await check('insurance');
      await page.locator('input[name="offerId"]').first().check();
      await press(page, pl.insurance.choose);
      await check('extras');
      await press(page, pl.extras.choose);
      await check('funding');
      // The simulation is a GET form: a shorter loan, a larger monthly payment, in złoty.
      const monthly = () => page.locator('.funnel__main dd').first().textContent();
      const before = await monthly();
      await page.fill('#field-durationMonths', '24');
      const documents = documentLoads(page);
      await page.locator('button[type="submit"]', { hasText: pl.funding.simulate }).click();
      await expect.poll(monthly).not.toBe(before);
      expect(await monthly()).toMatch(/zł/);
      // With the screen's script the simulation comes in place: no page load.
      expect(documents).toEqual([]);
      expect(new URL(page.url()).searchParams.get('durationMonths')).toBe('24');
      await check('simulation');
      // That loan chosen and applied for on a good income: accepted, the monthly payment in the summary.
      await press(page, pl.funding.choose, { until: '#field-netMonthlyIncome' });
      await page.fill('#field-netMonthlyIncome', '20000');
      await press(page, pl.funding.apply, { until: `text=${pl.funding.accepted}` });
      await check('advance-payment');
      const summary = await page.locator('.funnel__summary').textContent();
      expect(summary).toContain(pl.summary.monthly);
      expect(summary).toMatch(/zł/);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );
});
