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
      await shoot(page, `sell-${locale}-${viewport.width}-offer-in-place`);
      violations.push(...(await seriousViolations(page)));
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
