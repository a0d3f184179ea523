/**
 * The account's bills in a real browser against the real site on a fresh embedded database: a French
 * buyer whose purchase was paid over HTTP sees its documents, downloads one (a PDF) and all of them (the
 * progress, then the ZIP with every PDF; once more without JavaScript: the page refreshes itself until
 * the link is there), and adds a garage bill for their car. axe-core on the bills page in fr and pl;
 * screenshots (phone and desktop, fr and pl) go to e2e/screenshots/.
 */
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_INFOS_FR } from '../engine/funnels/testing/buyerForms.ts';
import { frAccount as fr } from '../ui/pages/account/messages/fr.ts';
import { plAccount as pl } from '../ui/pages/account/messages/pl.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { press, seriousViolations } from './axe.ts';
import { httpBuyer } from './httpBuyer.ts';
import { type BrowserSite, CHROMIUM, hasChromium, shoot, startBrowserSite, watchErrors } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the account bills browser tests are skipped`);

const PHONE = 390;
const WIDE = 1280;
const CALL = '/fr/acheter/connect/ajax';
/** Back to the top, nothing focused: a full-page screenshot without the sticky header mid-page. */
const top = (page: Page) =>
  page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.skipIf(!hasChromium)('the account’s bills in a browser', () => {
  let site: BrowserSite;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'bills-e2e-', env: { DEMO_CARS: '200' }, width: WIDE });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await site?.stop();
  });

  it('given a buyer with a paid purchase and a car, then they download their documents one by one and all at once, and add a bill', async () => {
    // Over HTTP: sign up, buy a French car (pickup, cash) and pay at the sandbox; add a car of theirs.
    const b = httpBuyer(site.url);
    await b.signUp(`e2e-bills-${Date.now()}@example.test`);
    const carPage = await site.freshCar('fr');
    const { purchaseId: id } = await b.ok(b.post(carPage.replace('/voiture-', '/achat-')), 201);
    await b.ok(b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
    await b.ok(b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    await b.ok(b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }));
    await b.ok(b.post(`${CALL}/insurance/${id}`, { offerId: null }));
    await b.ok(b.post(`${CALL}/additional-optional/${id}`, { extraIds: [] }));
    await b.ok(b.post(`${CALL}/funding/${id}`, { action: 'cash' }));
    const { checkoutUrl } = await b.ok(b.post(`${CALL}/form/summary-step-5/${id}`, {}));
    expect((await b.checkout(checkoutUrl, 'pay')).page.status).toBe('confirmed');
    await b.ok(
      b.post(urlFor('ajax_add_my_car', 'fr'), {
        brand: 'Peugeot',
        model: '208',
        year: 2019,
        mileageKm: 48000,
      }),
      201,
    );

    const signedIn = async (width: number, javaScriptEnabled = true) => {
      const context = await site.browser.newContext({
        viewport: { width, height: 900 },
        acceptDownloads: true,
        javaScriptEnabled,
      });
      contexts.push(context);
      await context.addCookies([...b.cookies].map(([name, value]) => ({ name, value, url: site.url })));
      return context.newPage();
    };
    const bills = urlFor('my_account_my_bills_add', 'fr');
    const desk = await signedIn(WIDE);
    const errors = watchErrors(desk);
    const violations: string[] = [];
    expect((await desk.goto(`${site.url}${bills}`))?.status()).toBe(200);
    const documents = desk.locator('#documents .bill');
    await expect.poll(() => documents.count()).toBe(2);
    expect(await desk.locator('#documents h3').allTextContents()).toEqual(
      expect.arrayContaining([fr.bills.documents.kinds.order, fr.bills.documents.kinds.advance]),
    );
    violations.push(...(await seriousViolations(desk)));
    await shoot(desk, 'bills-fr-desktop');

    // One document: a PDF named by its number.
    const [one] = await Promise.all([
      desk.waitForEvent('download'),
      desk.locator('#documents a.bill__download').first().click(),
    ]);
    expect(one.suggestedFilename()).toMatch(/^(OC|AR)-\d{4}-P\d+-\d+\.pdf$/);
    expect((await readFile((await one.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // All of them: the progress, then the download starts by itself.
    const [all] = await Promise.all([
      desk.waitForEvent('download', { timeout: 60_000 }),
      desk.click(`button:has-text("${fr.bills.bundle.start}")`),
    ]);
    expect(all.suggestedFilename()).toBe('documents.zip');
    const zip = unzipSync(new Uint8Array(await readFile((await all.path())!)));
    expect(Object.keys(zip)).toHaveLength(2);
    for (const name of Object.keys(zip)) expect(name).toMatch(/\.pdf$/);
    await expect.poll(() => desk.locator('#bundle-progress').getAttribute('value')).toBe('2');
    expect(await desk.locator('.bill-bundle__progress a').textContent()).toBe(fr.bills.bundle.download);

    // A garage bill for their car.
    await desk.fill('#field-date', '2025-10-14');
    await desk.fill('#field-garage', 'Garage du Centre');
    await desk.fill('#field-amount', '189,90');
    await desk.fill('#field-description', 'Vidange et filtres');
    await desk
      .locator('#field-file')
      .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
    await press(desk, fr.bills.mine.add, '#add-bill');
    const own = desk.locator('.bill--own');
    await expect.poll(() => own.count()).toBe(1);
    expect(await own.locator('h4').textContent()).toContain('Garage du Centre');
    expect((await own.locator('.bill__amount').textContent())?.replace(/\s/g, ' ')).toBe('189,90 €');
    const [file] = await Promise.all([desk.waitForEvent('download'), own.locator('a').click()]);
    expect((await readFile((await file.path())!)).equals(PDF)).toBe(true);
    violations.push(...(await seriousViolations(desk)));
    await top(desk);
    await shoot(desk, 'bills-fr-desktop-with-bill');

    // Without JavaScript: the form's answer is this page with the progress, refreshed until the link shows.
    const plain = await signedIn(PHONE, false);
    await plain.goto(`${site.url}${bills}`);
    await Promise.all([
      plain.waitForURL(/[?]bundle=bb_/),
      plain.click(`button:has-text("${fr.bills.bundle.start}")`),
    ]);
    await plain.locator('.bill-bundle__progress a').waitFor({ timeout: 30_000 });
    expect(await plain.locator('.bill-bundle__progress a').getAttribute('href')).toMatch(
      /\/fr\/ajax\/my-bills\/bundle\/bb_[a-f0-9]{32}$/,
    );
    await top(plain);
    await shoot(plain, 'bills-fr-phone-no-js');

    // Phone, and Polish.
    const phone = await signedIn(PHONE);
    const phoneErrors = watchErrors(phone);
    await phone.goto(`${site.url}${bills}`);
    await shoot(phone, 'bills-fr-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE);
    const plBills = urlFor('my_account_my_bills_add', 'pl');
    for (const page of [desk, phone]) {
      expect((await page.goto(`${site.url}${plBills}`))?.status()).toBe(200);
      expect(await page.locator('#documents-title').textContent()).toBe(pl.bills.documents.title);
      violations.push(...(await seriousViolations(page)));
    }
    await shoot(desk, 'bills-pl-desktop');
    await shoot(phone, 'bills-pl-phone');

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    expect(phoneErrors).toEqual([]);
  }, 240_000);
});
