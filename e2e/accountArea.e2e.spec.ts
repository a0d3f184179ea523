/**
 * The account area in a real browser against the real site on a fresh embedded database: a French
 * buyer signs up from the account page, starts a purchase on the purchase screens, finds it on the
 * dashboard with its timeline and its next action, adds a car with a picture; in a fresh browser on a
 * phone they sign in and resume the purchase where it stands. axe-core runs on every account page in
 * fr, de and pl (visitor and signed in). Screenshots (phone and desktop, fr and pl) go to e2e/screenshots/.
 */
import { deflateSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { frAccount as fr } from '../ui/pages/account/messages/fr.ts';
import { frPurchase } from '../ui/pages/purchase/messages/fr.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { press, seriousViolations } from './axe.ts';
import { type BrowserSite, CHROMIUM, hasChromium, shoot, startBrowserSite, watchErrors } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the account area browser tests are skipped`);

const PHONE = 390;
const WIDE = 1280;
const PASSWORD = 'a long enough passphrase 42';

/** A 320×200 PNG: a blue-to-orange gradient (a picture of "my car" for the upload). */
function gradientPng(): Buffer {
  const width = 320;
  const height = 200;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = x / width;
      row[1 + x * 3] = Math.round(29 + t * 226);
      row[2 + x * 3] = Math.round(78 + t * 98 - y / 4);
      row[3 + x * 3] = Math.round(216 - t * 184);
    }
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.skipIf(!hasChromium)('the account area in a browser', () => {
  let site: BrowserSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'account-e2e-', env: { DEMO_CARS: '200' }, width: WIDE });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await site?.stop();
  });
  const context = async (width: number) => {
    const opened = await site.browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(opened);
    return opened;
  };

  it('given a buyer, when they sign up, start a purchase and add a car, then the dashboard shows them; on a phone they resume it', async () => {
    const email = `e2e-account-${Date.now()}@example.test`;
    const desk = await (await context(WIDE)).newPage();
    const errors = watchErrors(desk);
    const violations: string[] = [];
    const check = async (name: string) => {
      violations.push(...(await seriousViolations(desk)));
      await shoot(desk, `account-${name}`);
    };
    const dashboard = urlFor('my_account_dashboard', 'fr');

    // Sign up from the account page.
    expect((await desk.goto(`${site.url}${dashboard}`))?.status()).toBe(200);
    await check('fr-desktop-sign-in');
    await Promise.all([desk.waitForURL(/form=sign-up/), desk.click(`text=${fr.signIn.toSignUp}`)]);
    await check('fr-desktop-sign-up');
    await desk.fill('#field-firstName', 'Camille');
    await desk.fill('#field-lastName', 'Martin');
    await desk.fill('#field-email', email);
    await desk.fill('#field-password', PASSWORD);
    await desk.check('#field-consents-terms');
    await press(desk, fr.signUp.submit);
    expect(new URL(desk.url()).pathname).toBe(dashboard);
    await expect.poll(() => desk.locator('h1').textContent()).toBe('Bonjour Camille');

    // Start a purchase through the purchase screens (signed in: straight to the buyer's infos).
    await desk.goto(`${site.url}${urlFor('page_buy_index', 'fr')}`);
    const link = (await desk.locator('.car-card__link').first().getAttribute('href'))!;
    const [, id, slug] = /-(\d+)\/([^/?#]+)$/.exec(link)!;
    await desk.goto(`${site.url}${urlFor('car_purchase_form', 'fr', { id: id!, slug: slug! })}`);
    await press(desk, frPurchase.start.submit);
    expect(desk.url()).toContain('/my-infos');

    // The dashboard: the purchase, its timeline, its next action.
    await desk.goto(`${site.url}${dashboard}`);
    const card = desk.locator('.funnel-card').first();
    await expect
      .poll(() => card.locator('.funnel-card__status').textContent())
      .toContain(fr.funnels.purchaseStatus['in-progress']);
    await card.locator('summary', { hasText: fr.funnels.timeline }).click();
    expect(await card.locator('.funnel-card__timeline li').first().textContent()).toMatch(
      /Achat commencé au prix de/,
    );
    expect(await card.locator('a', { hasText: fr.funnels.actions.resume }).getAttribute('href')).toContain(
      '/my-infos',
    );

    // A car of theirs, with a picture.
    await desk.fill('#add-car-brand', 'Peugeot');
    await desk.fill('#add-car-model', '208');
    await desk.fill('#add-car-year', '2019');
    await desk.fill('#add-car-mileageKm', '48000');
    await desk.fill('#add-car-plate', 'AB-123-CD');
    await press(desk, fr.cars.add, '#add-car');
    const car = desk.locator('.my-car').first();
    expect(await car.locator('h3').textContent()).toBe('Peugeot 208');
    await car
      .locator('input[type="file"]')
      .setInputFiles({ name: 'peugeot.png', mimeType: 'image/png', buffer: gradientPng() });
    await press(desk, fr.cars.upload, '.my-car');
    await expect
      .poll(() =>
        desk.locator('.my-car img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(320);
    await desk.locator('.funnel-card summary').first().click();
    await check('fr-desktop-dashboard');

    // A fresh browser on a phone: sign in, then resume the purchase where it stands.
    const phone = await (await context(PHONE)).newPage();
    const phoneErrors = watchErrors(phone);
    await phone.goto(`${site.url}${dashboard}`);
    await phone.fill('#field-email', email);
    await phone.fill('#field-password', PASSWORD);
    await press(phone, fr.signIn.submit);
    expect(new URL(phone.url()).pathname).toBe(dashboard);
    await shoot(phone, 'account-fr-phone-dashboard');
    await Promise.all([phone.waitForURL(/\/my-infos/), phone.click(`text=${fr.funnels.actions.resume}`)]);
    expect(await phone.locator('#step-title').textContent()).toBe(frPurchase.steps.names['my-infos']);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);

    // Every account page in fr, de and pl: signed in on the desktop, a visitor on a new phone.
    const visitor = await (await context(PHONE)).newPage();
    for (const locale of ['fr', 'de', 'pl'] as Locale[]) {
      const pages = [
        urlFor('my_account_dashboard', locale),
        urlFor('my_account_favorite', locale),
        urlFor('my_account_my_bills_add', locale),
      ];
      for (const path of pages) {
        for (const page of [desk, visitor]) {
          expect((await page.goto(`${site.url}${path}`))?.status(), path).toBe(200);
          violations.push(...(await seriousViolations(page)));
        }
      }
      await visitor.goto(`${site.url}${urlFor('my_account_dashboard', locale)}?form=sign-up`);
      violations.push(...(await seriousViolations(visitor)));
    }
    await desk.goto(`${site.url}${urlFor('my_account_dashboard', 'pl')}`);
    await shoot(desk, 'account-pl-desktop-dashboard');
    await visitor.goto(`${site.url}${urlFor('my_account_dashboard', 'pl')}?form=sign-up`);
    await shoot(visitor, 'account-pl-phone-sign-up');
    await phone.goto(`${site.url}${urlFor('my_account_dashboard', 'pl')}`);
    await shoot(phone, 'account-pl-phone-dashboard');

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  }, 150_000);
});
