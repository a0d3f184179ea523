/**
 * The booking screens in a real browser (Chromium through playwright-core) against the real site on a
 * fresh embedded database, with axe-core on every screen (no serious or critical violation): a French
 * visitor books a car for free from its page to the ok page; a Polish buyer on a phone pays the deposit
 * at the sandbox checkout, then buys the car, whose purchase counts the deposit; the French buyer's third
 * booking meets the limit page and cancels one there; a German visitor without JavaScript books with a
 * deposit, a refused e-mail shown by its field. Screenshots go to e2e/screenshots/ (not committed).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { fr as frSite } from '../ui/i18n/messages/fr.ts';
import { pl as plSite } from '../ui/i18n/messages/pl.ts';
import { deBooking as de } from '../ui/pages/booking/messages/de.ts';
import { type BookingMessages, frBooking as fr } from '../ui/pages/booking/messages/fr.ts';
import { plBooking as pl } from '../ui/pages/booking/messages/pl.ts';
import { plPurchase } from '../ui/pages/purchase/messages/pl.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { press, seriousViolations, seriousViolationsWithoutScript } from './axe.ts';
import { type BrowserSite, CHROMIUM, hasChromium, shoot, startBrowserSite, watchErrors } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the booking screen browser tests are skipped`);

const PHONE = 390;
const WIDE = 1280;
/** A journey in a browser takes seconds, and a minute on a loaded machine. */
const JOURNEY = 120_000;

/** Signs up on the contact check: the e-mail check, then the sign-up form, then the confirmation. */
async function signUpOnContactCheck(page: Page, m: BookingMessages, email: string) {
  await page.fill('#field-email', email);
  await press(page, m.contact.check);
  await page.fill('#field-firstName', 'Camille');
  await page.fill('#field-lastName', 'Martin');
  await page.fill('#field-password', 'a long enough passphrase 42');
  await page.check('#field-consents-terms');
  await press(page, m.contact.signUp);
}

/** Checks each screen of a journey with axe-core (kept in `found`) and shoots it as `<prefix>-<name>`. */
function screens(page: Page, prefix: string) {
  const found: string[] = [];
  const check = async (name: string) => {
    found.push(...(await seriousViolations(page)));
    await shoot(page, `${prefix}-${name}`);
  };
  return { check, found };
}

describe.skipIf(!hasChromium)('the booking screens in a browser', () => {
  let site: BrowserSite;
  const carOf = (locale: Locale) => site.freshCar(locale);
  const bookingFormOf = (locale: Locale, carLink: string) => {
    const [, id, slug] = /-(\d+)\/([^/?#]+)$/.exec(carLink)!;
    return urlFor('car_booking_form', locale, { id: id!, slug: slug!, bookingId: '0' });
  };
  /** The French buyer's browser, kept for the limit page. */
  let french: BrowserContext | undefined;

  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'booking-e2e-', env: { DEMO_CARS: '400' }, width: WIDE });
  });
  afterAll(async () => {
    await french?.close();
    await site?.stop();
  });

  const contextOf = async (width: number, javaScriptEnabled = true) => {
    const context = await site.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    return context;
  };

  it(
    'given a French visitor, when they book a car from its page, sign up and confirm, then the booking is confirmed for free',
    async () => {
      french = await contextOf(WIDE);
      const page = await french.newPage();
      const errors = watchErrors(page);
      const { check, found } = screens(page, 'booking-fr');
      const link = await carOf('fr');
      expect((await page.goto(`${site.url}${link}`))?.status()).toBe(200);
      const book = page.locator('.buy-box__actions a', { hasText: frSite.car.book });
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), book.click()]);
      expect(new URL(page.url()).pathname).toBe(bookingFormOf('fr', link));
      expect(await page.locator('.booking__terms').textContent()).toContain(fr.terms.free);
      await check('form');
      await press(page, fr.start.submit);
      await check('contact');
      await page.fill('#field-email', `e2e-fr-${Date.now()}@example.test`);
      await press(page, fr.contact.check);
      await check('sign-up');
      await page.fill('#field-firstName', 'Camille');
      await page.fill('#field-lastName', 'Martin');
      await page.fill('#field-password', 'a long enough passphrase 42');
      await page.check('#field-consents-terms');
      await press(page, fr.contact.signUp);
      await check('confirm');
      await press(page, fr.contact.confirm);
      expect(await page.locator('#screen-title').textContent()).toBe(fr.ok.title);
      expect(await page.locator('.funnel__summary').textContent()).toContain(fr.summary.freeValue);
      await check('ok');
      await page.setViewportSize({ width: PHONE, height: 800 });
      await shoot(page, 'booking-fr-phone-ok');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    },
    JOURNEY,
  );

  it(
    'given a Polish buyer on a phone, when they pay the deposit at the sandbox, then "buy this car" counts it in the purchase',
    async () => {
      const context = await contextOf(PHONE);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const { check, found } = screens(page, 'booking-pl');
      const link = await carOf('pl');
      expect((await page.goto(`${site.url}${link}`))?.status()).toBe(200);
      const book = page.locator('.buy-box__actions a', { hasText: plSite.car.bookWithDeposit });
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), book.click()]);
      expect(await page.locator('.funnel__summary').textContent()).toMatch(/zł/);
      await check('phone-form');
      await press(page, pl.start.submit);
      await signUpOnContactCheck(page, pl, `e2e-pl-${Date.now()}@example.test`);
      await press(page, pl.contact.confirm);
      expect(await page.locator('#screen-title').textContent()).toBe(pl.steps.names.deposit);
      await check('phone-deposit');
      await press(page, /^Zapłać \d/);
      expect(page.url()).toContain('/sandbox/checkout/');
      await press(page, /^Zapłać$/);
      expect(await page.locator('#screen-title').textContent()).toBe(pl.ok.title);
      expect(await page.locator('.funnel__summary').textContent()).toContain(pl.summary.depositPaid);
      await check('phone-ok');
      await page.setViewportSize({ width: WIDE, height: 900 });
      await shoot(page, 'booking-pl-desktop-ok');
      await page.setViewportSize({ width: PHONE, height: 800 });
      await press(page, pl.ok.buy);
      // The purchase took the booking over: its summary subtracts the deposit.
      const summary = await page.locator('.funnel__summary').textContent();
      expect(summary).toContain(plPurchase.summary.bookingDeposit);
      expect(summary).toMatch(/−\s?1\s?000\s?zł/);
      await check('phone-purchase');
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given the French buyer with two bookings, when they book a third car, then the limit page lets them cancel one and book it',
    async () => {
      expect(french, 'the French journey ran first').toBeDefined();
      const page = await french!.newPage();
      const errors = watchErrors(page);
      const second = bookingFormOf('fr', await carOf('fr'));
      await page.goto(`${site.url}${second}`);
      // Signed in: one press holds the car.
      await press(page, fr.start.submit);
      expect(await page.locator('#screen-title').textContent()).toBe(fr.ok.title);
      const third = bookingFormOf('fr', await carOf('fr'));
      await page.goto(`${site.url}${third}`);
      await press(page, fr.start.submit);
      expect(await page.locator('#screen-title').textContent()).toBe(fr.limit.title);
      expect(await page.locator('.booking__item').count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'booking-fr-limit');
      await press(page, fr.limit.cancel);
      expect(await page.locator('.booking__item').count()).toBe(1);
      expect(await page.locator('#screen-title').textContent()).toBe(fr.start.title);
      await shoot(page, 'booking-fr-limit-freed');
      await press(page, fr.start.submit);
      expect(await page.locator('#screen-title').textContent()).toBe(fr.ok.title);
      expect(new URL(page.url()).pathname).toContain(third.split('/').slice(-2, -1)[0]!);
      expect(errors).toEqual([]);
      await page.close();
    },
    JOURNEY,
  );

  it(
    'given a German visitor on a phone without JavaScript, when an e-mail is refused then the deposit paid, then the booking is confirmed',
    async () => {
      const context = await contextOf(PHONE, false);
      const page = await context.newPage();
      const link = await carOf('de');
      expect((await page.goto(`${site.url}${bookingFormOf('de', link)}`))?.status()).toBe(200);
      await press(page, de.start.submit);
      // An address the browser takes but the shop does not: the same screen, the message by the field.
      await page.fill('#field-email', 'camille@garage');
      await press(page, de.contact.check);
      expect(await page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.field__error').count()).toBe(1);
      expect(await page.locator('#field-email').inputValue()).toBe('camille@garage');
      await shoot(page, 'booking-de-phone-nojs-refused');
      // axe on each German screen, opened again with scripts on (axe is one) and the same cookies.
      const violations = await seriousViolationsWithoutScript(context, page.url());
      await signUpOnContactCheck(page, de, `e2e-de-${Date.now()}@example.test`);
      violations.push(...(await seriousViolationsWithoutScript(context, page.url())));
      await press(page, de.contact.confirm);
      violations.push(...(await seriousViolationsWithoutScript(context, page.url())));
      await press(page, /^300\s?€ bezahlen$/);
      expect(page.url()).toContain('/sandbox/checkout/');
      await press(page, /^Bezahlen$/);
      expect(await page.locator('#screen-title').textContent()).toBe(de.ok.title);
      await shoot(page, 'booking-de-phone-nojs-ok');
      violations.push(...(await seriousViolationsWithoutScript(context, page.url())));
      expect(violations).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );
});
