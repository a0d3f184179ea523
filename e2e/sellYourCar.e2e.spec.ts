/**
 * "Sell your car" in a real browser against the real site on a fresh embedded database: in French and
 * German, a visitor values a car without JavaScript (the form posts, the offer page follows; a model of
 * another brand comes back 400 with its message) and with it (the offer shown in place), and axe-core
 * finds no serious or critical violation on the form, the refused form and the offer. Screenshots
 * (phone and desktop) go to e2e/screenshots/ (kept out of git).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { frPurchase as fp } from '../ui/pages/purchase/messages/fr.ts';
import { frValuation as fv } from '../ui/pages/valuation/messages/fr.ts';
import { loadValuationMessages } from '../ui/pages/valuation/messages/index.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { press, seriousViolations, seriousViolationsWithoutScript } from './axe.ts';
import {
  type BrowserSite,
  CHROMIUM,
  hasChromium,
  hydrated,
  shoot,
  startBrowserSite,
  watchErrors,
} from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the sell-your-car browser tests are skipped`);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const OFFER = /\/(reprise\/offre|inzahlungnahme\/angebot)\/sv_[a-f0-9]{32}$/;

describe.skipIf(!hasChromium)('sell your car in a browser', () => {
  let site: BrowserSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'sell-e2e-', env: { DEMO_CARS: '40' }, width: DESKTOP.width });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await site?.stop();
  });
  const contextOf = async (viewport: typeof PHONE, javaScriptEnabled: boolean) => {
    const context = await site.browser.newContext({ viewport, javaScriptEnabled });
    contexts.push(context);
    return context;
  };
  const describeCar = async (page: Page, model: string) => {
    await page.selectOption('#field-model', model);
    await page.fill('#field-year', '2020');
    await page.fill('#field-mileageKm', '60000');
    await page.selectOption('#field-condition', 'good');
    await page.selectOption('#field-fuel', 'petrol');
  };

  it.each<[Locale, typeof PHONE]>([
    ['fr', PHONE],
    ['de', DESKTOP],
  ])(
    'in %s without JavaScript: the form posts, a wrong model comes back 400 with its message, then the offer page',
    async (locale, viewport) => {
      const m = await loadValuationMessages(locale);
      const context = await contextOf(viewport, false);
      const page = await context.newPage();
      const form = urlFor('page_recovery_index', locale, { brand: 'peugeot', model: '308' });
      expect((await page.goto(`${site.url}${form}`))?.status()).toBe(200);
      // The URL's brand and model prefill the form.
      expect(await page.inputValue('#field-brand')).toBe('peugeot');
      expect(await page.inputValue('#field-model')).toBe('308');
      await shoot(page, `sell-${locale}-${viewport.width}-form`);
      const violations = await seriousViolationsWithoutScript(context, `${site.url}${form}`);

      // A model of another brand (the list holds every brand's without JavaScript): the same page, 400.
      await describeCar(page, 'clio');
      const [refused] = await Promise.all([
        page.waitForNavigation({ waitUntil: 'load' }),
        page.locator('button[type="submit"]', { hasText: m.submit }).click(),
      ]);
      expect(refused?.status()).toBe(400);
      expect(await page.locator('#field-model-error').textContent()).toBe(m.errors.model);
      expect(await page.getAttribute('#field-model', 'aria-invalid')).toBe('true');
      expect(await page.inputValue('#field-year')).toBe('2020');
      await shoot(page, `sell-${locale}-${viewport.width}-refused`);

      await describeCar(page, '308');
      await press(page, m.submit);
      expect(new URL(page.url()).pathname).toMatch(OFFER);
      expect(await page.locator('[data-testid="offer-amount"]').textContent()).toMatch(/\d/);
      const inspection = await page.locator('a', { hasText: m.inspection }).getAttribute('href');
      expect(inspection).toMatch(/\?purpose=trade-in-inspection&valuation=sv_[a-f0-9]{32}$/);
      await shoot(page, `sell-${locale}-${viewport.width}-offer`);
      violations.push(...(await seriousViolationsWithoutScript(context, page.url())));
      expect(violations).toEqual([]);
    },
  );

  it.each<[Locale, typeof PHONE]>([
    ['fr', DESKTOP],
    ['de', PHONE],
  ])(
    'in %s with JavaScript: the models follow the brand, and the offer is shown in place',
    async (locale, viewport) => {
      const m = await loadValuationMessages(locale);
      const context = await contextOf(viewport, true);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const form = urlFor('page_recovery_index', locale);
      expect((await page.goto(`${site.url}${form}`))?.status()).toBe(200);
      await hydrated(page);
      await shoot(page, `sell-${locale}-${viewport.width}-form-js`);
      const violations = await seriousViolations(page);
      await page.selectOption('#field-brand', 'renault');
      // Only the chosen brand's models now.
      await expect.poll(() => page.locator('#field-model option[value="308"]').count()).toBe(0);
      await describeCar(page, 'clio');
      await page.locator('button[type="submit"]', { hasText: m.submit }).click();
      await page.locator('[data-testid="offer-amount"]').waitFor();
      expect(new URL(page.url()).pathname).toMatch(OFFER);
      expect(await page.locator('[data-testid="offer-amount"]').textContent()).toContain('€');
      // The buyer's focus is on the offer, as after a step of a funnel.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('step-title');
      await shoot(page, `sell-${locale}-${viewport.width}-offer-in-place`);
      violations.push(...(await seriousViolations(page)));
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('in fr: a visitor’s valuation joins the account they sign up to in a purchase, is offered at its recovery step and used, and is listed in the account', async () => {
    const page = await (await contextOf(DESKTOP, true)).newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}${urlFor('page_recovery_index', 'fr', { brand: 'renault', model: 'clio' })}`);
    await hydrated(page);
    await describeCar(page, 'clio');
    await page.locator('button[type="submit"]', { hasText: fv.submit }).click();
    await page.locator('[data-testid="offer-amount"]').waitFor();
    const amount = (await page.locator('[data-testid="offer-amount"]').textContent())!;

    // A purchase: start, terms, sign up inline (the valuation joins the account), details, pickup.
    const [, id, slug] = /-(\d+)\/([^/?#]+)$/.exec(await site.freshCar('fr'))!;
    await page.goto(`${site.url}${urlFor('car_purchase_form', 'fr', { id: id!, slug: slug! })}`);
    await press(page, fp.start.submit);
    await page.check('#field-termsAccepted');
    await press(page, fp.form.continue);
    const email = `e2e-sell-${Date.now()}@example.test`;
    await page.fill('#field-email', email);
    await press(page, fp.form.continue);
    await page.fill('#field-email', email);
    await page.fill('#field-firstName', 'Camille');
    await page.fill('#field-lastName', 'Martin');
    await page.fill('#field-password', 'a long enough passphrase 42');
    // The terms accepted at the purchase's first step are not asked again.
    await press(page, fp.account.signUp);
    await press(page, fp.form.continue);
    await page.fill('#field-phone', '+33 6 12 34 56 78');
    await page.fill('#field-address-line1', '12 rue Oberkampf');
    await page.fill('#field-address-postcode', '75011');
    await page.fill('#field-address-city', 'Paris');
    await press(page, fp.form.continue);
    await press(page, fp.delivery.pickup);
    expect(page.url()).toContain('/recovery');

    // The recovery step offers the saved valuation; using it takes its amount as the trade-in.
    const use = page.locator('button[type="submit"]', { hasText: amount });
    await use.waitFor();
    expect(await use.textContent()).toContain('Utiliser mon estimation du');
    await shoot(page, 'sell-fr-1280-recovery-step');
    const violations = await seriousViolations(page);
    await page.setViewportSize(PHONE);
    await shoot(page, 'sell-fr-390-recovery-step');
    await page.setViewportSize(DESKTOP);
    await use.click();
    await page.waitForURL(/\/insurance$/);

    await page.goto(`${site.url}${urlFor('my_account_dashboard', 'fr')}`);
    const listed = page.locator('#valuations li');
    expect(await listed.count()).toBe(1);
    expect(await listed.first().textContent()).toContain(amount);
    expect(await listed.first().textContent()).toContain(fv.list.used);
    await shoot(page, 'sell-fr-1280-account');
    violations.push(...(await seriousViolations(page)));
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });
});
