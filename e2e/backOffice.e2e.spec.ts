/**
 * The back office in a real browser on the real site (`bin/start.ts` in development on a fresh embedded
 * database, which creates the demo staff account and prints its password once): sign in with the form,
 * filter the purchases by market and status, open one and come back to the same filtered page, move
 * through a purchase's timeline checking the state and the buyer's screen after an earlier event,
 * record the lender's final decision on a by-passed finance and see the purchase confirmed with the
 * staff member named, axe-core on each page, and screenshots on a phone and a desktop in French and
 * German (e2e/screenshots/back-office-*.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../domain/routes/index.ts';
import { MY_INFOS_FR } from '../engine/funnels/testing/buyerForms.ts';
import { seriousViolations } from './axe.ts';
import { httpBuyer } from './httpBuyer.ts';
import { CHROMIUM, hasChromium, type Site, shoot, startSite, stopSite, watchErrors } from './site.ts';

interface Car {
  readonly carId: string;
  readonly slug: string;
}

describe.skipIf(!hasChromium)('the back office in a browser', () => {
  let dir: string;
  let site: Site;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  let frPurchase: string;
  let byPassed: string;
  const errors: string[] = [];

  const cars = async (country: 'FR' | 'DE'): Promise<Car[]> => {
    const answer = await fetch(
      `${site.url}/api/catalogue/search?country=${country}&condition=used&pageSize=5`,
    );
    return (await answer.json()).cars as Car[];
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'back-office-'));
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1' },
    });
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A French purchase walked to the buyer's infos (several events), and a German one just started.
    const [frCar] = await cars('FR');
    const b = httpBuyer(site.url);
    const form = (step?: string) =>
      `/fr/acheter/achat-${frCar!.carId}/${frCar!.slug}${step ? `/${step}` : ''}`;
    frPurchase = (await b.ok(b.post(form()), 201)).purchaseId;
    await b.ok(b.post(form('my-account'), { termsAccepted: true, marketingOptIn: false }));
    await b.ok(b.post(form('sign-in-sign-up'), { email: 'office-buyer@example.test' }));
    await b.signUp('office-buyer@example.test');
    await b.ok(b.post(form('sign-up'), {}));
    const [deCar] = await cars('DE');
    const d = httpBuyer(site.url);
    await d.ok(d.post(`/de/kaufen/bestellung-${deCar!.carId}/${deCar!.slug}`), 201);
    byPassed = await paidAwaitingFinance((await cars('FR'))[1]!);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  }, 300_000);

  /**
   * A French purchase on finance that the built-in lender passes to a manual study (a debt ratio of 40 %:
   * above 35 %, under 45 %), its advance paid at the sandbox: paid, awaiting the lender's final word.
   */
  async function paidAwaitingFinance(car: Car): Promise<string> {
    const b = httpBuyer(site.url);
    const call = '/fr/acheter/connect/ajax';
    await b.signUp('bypass-buyer@example.test');
    const id = (await b.ok(b.post(`/fr/acheter/achat-${car.carId}/${car.slug}`), 201)).purchaseId;
    await b.ok(b.post(`${call}/checkMyInfoStep/${id}`, MY_INFOS_FR));
    await b.ok(b.post(`${call}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    await b.ok(b.post(`${call}/form/recovery/${id}`, { action: 'skip' }));
    await b.ok(b.post(`${call}/insurance/${id}`, { offerId: null }));
    await b.ok(b.post(`${call}/additional-optional/${id}`, { extraIds: [] }));
    const finance = { action: 'finance', durationMonths: 60, downPayment: 200_000 };
    const chosen = await b.ok(b.post(`${call}/funding/${id}`, finance));
    const income = 600_000;
    const existing = Math.round(income * 0.4) - chosen.funding.quote.monthly.amount;
    const applied = await b.ok(
      b.post(`${call}/funding/${id}`, {
        action: 'apply',
        netMonthlyIncome: income,
        existingMonthlyCredit: existing,
      }),
    );
    expect(applied.financeDecision).toBe('by-pass');
    const asked = await b.ok(b.post(`${call}/form/summary-step-5/${id}`, {}));
    await b.checkout(asked.checkoutUrl, 'pay');
    expect((await b.ok(b.get(`/fr/acheter/getcarpurchase/${id}`))).status).toBe('paid-awaiting-finance');
    return id;
  }

  afterAll(async () => {
    await browser?.close();
    if (site) await stopSite(site);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const newPage = async (width = 1280, storageState?: typeof signedIn): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      ...(storageState ? { storageState } : {}),
    });
    const page = await context.newPage();
    errors.push(...watchErrors(page));
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  };
  const axe = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

  it('signs in with the demo account and lands on the page asked for', async () => {
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    expect(password, site.output().slice(-2000)).toBeDefined();
    const page = await newPage();
    await page.goto(`${site.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/fr/sign-in');
    await page.locator('#signin-email').waitFor();
    await axe(page);
    // A wrong password: the message by its field.
    await page.fill('#signin-email', 'admin@example.test');
    await page.fill('#signin-password', 'not the password');
    await page.click('button[type="submit"]');
    await page.locator('#signin-password-error').waitFor();
    await axe(page);
    await page.fill('#signin-password', password!);
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/admin\/fr\/dashboard$/);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await axe(page);
    signedIn = await page.context().storageState();
    await page.context().close();
  });

  it('filters the purchases by market and status, opens one and comes back to the same filtered page', async () => {
    const page = await newPage(1280, signedIn);
    await page.goto(`${site.url}/admin/fr/purchase/list`);
    await page.locator('.admin-table').waitFor();
    await axe(page);
    await page.selectOption('#filter-market', 'de');
    await page.selectOption('#filter-status', 'in-progress');
    await page.click('.admin-filters button[type="submit"]');
    await page.waitForURL(/market=de/);
    const filtered = page.url();
    expect(new URL(filtered).searchParams.get('status')).toBe('in-progress');
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(1);
    await expect
      .poll(() => page.locator('.admin-table tbody td[data-label="Marché"]').allTextContents())
      .toEqual(['de']);
    await page.locator('.admin-table tbody a').first().click();
    await page.getByRole('heading', { name: /^Achat n° / }).waitFor();
    await page.locator('.admin-state h2').waitFor();
    await axe(page);
    await page.getByRole('link', { name: 'Retour à la liste' }).click();
    await page.waitForURL(filtered);
    expect(page.url()).toBe(filtered);
    expect(await page.locator('#filter-market').inputValue()).toBe('de');
    expect(await page.locator('#filter-status').inputValue()).toBe('in-progress');
    // The export of exactly that list, fetched in place with its progress, read back: the same rows.
    const shown = (await page.locator('.admin-table tbody a').first().textContent())?.trim();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exporter (Excel)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^purchases-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect.poll(() => page.locator('.admin-export-progress').textContent()).toContain('Export terminé');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
    expect(rows).toHaveLength(1);
    const cell = (name: string) => String(rows[0]!.getCell(header.indexOf(name) + 1).value);
    expect([cell('Purchase'), cell('Market'), cell('Status')]).toEqual([shown, 'de', 'in-progress']);
    await axe(page);
    await page.context().close();
  });

  it('moves through a purchase’s timeline, showing the state after an earlier event with its changes', async () => {
    const page = await newPage(1280, signedIn);
    await page.goto(`${site.url}/admin/fr/purchase/${frPurchase}`);
    const entries = page.locator('.admin-timeline li');
    await expect.poll(() => entries.count()).toBeGreaterThan(2);
    const last = await entries.count();
    // The latest state by default: the buyer is at their infos.
    await expect.poll(() => page.locator('.admin-timeline li.is-selected').count()).toBe(1);
    await expect.poll(() => page.locator('.admin-table--state').textContent()).toContain('my-infos');
    // The second event: the state then, what it changed marked.
    await entries.nth(1).getByRole('link').click();
    await page.waitForURL(/event=/);
    const revision = new URL(page.url()).searchParams.get('event');
    await expect.poll(() => page.locator('.admin-state h2').textContent()).toContain(`n° ${revision}`);
    await expect.poll(() => page.locator('.admin-table--state').textContent()).not.toContain('my-infos');
    expect(await page.locator('.admin-table--state tr.is-changed').count()).toBeGreaterThan(0);
    expect(await entries.nth(1).getAttribute('class')).toBe('is-selected');
    // What the buyer saw then: their own page, at the step they were on, read-only.
    const screen = page.frameLocator('.admin-buyer-screen');
    const step = screen.locator('.funnel__step--current');
    await expect.poll(() => step.textContent()).not.toContain('Vos informations');
    await axe(page);
    await entries.last().getByRole('link').click();
    await expect.poll(() => step.textContent(), { timeout: 15_000 }).toContain('Vos informations');
    // The buyer's events are named as the buyer, by the vault's name once they signed up.
    expect(await entries.last().locator('.admin-timeline__who').textContent()).toMatch(/\(client\)$/);
    expect(last).toBeGreaterThan(2);
    await page.context().close();
  });

  it('records the lender’s final word on a by-passed finance: the purchase confirmed, the staff member named', async () => {
    const page = await newPage(1280, signedIn);
    await page.goto(`${site.url}/admin/fr/purchase/${byPassed}`);
    await expect
      .poll(() => page.locator('.admin-facts dd').first().textContent())
      .toBe('Payé, financement à valider');
    const actions = page.locator('.admin-actions');
    await actions.getByRole('button', { name: 'Enregistrer la décision de financement' }).click();
    await actions.getByLabel('Financement accepté').check();
    await page.getByLabel('Motif', { exact: true }).fill('Accord écrit du financeur reçu');
    await axe(page);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => page.locator('.admin-facts dd').first().textContent()).toBe('Confirmé');
    const decided = page.locator('.admin-timeline li', { hasText: 'FinanceDecided' }).last();
    expect(await decided.locator('.admin-timeline__who').textContent()).toBe(
      'Demo admin (équipe, administrateur)',
    );
    await expect
      .poll(() => page.locator('.admin-timeline li').last().locator('strong').textContent())
      .toBe('PurchaseConfirmed');
    await axe(page);
    await shoot(page, 'back-office-fr-desktop-finance-confirmed');
    await page.context().close();
  });

  it('has no serious or critical accessibility violation on any back-office page, in French and Polish', async () => {
    const page = await newPage(1280, signedIn);
    const customers = await page.request.get(`${site.url}/admin/api/customers?pageSize=1`);
    const number = (await customers.json()).items[0]?.number as number | undefined;
    expect(number).toBeDefined();
    for (const locale of ['fr', 'pl'] as const) {
      const paths = [
        generateUrl(`admin_dashboard.${locale}`),
        generateUrl(`admin_purchase_list.${locale}`),
        generateUrl(`admin_purchase_detail.${locale}`, { id: frPurchase }),
        generateUrl(`admin_car_booking_list.${locale}`),
        generateUrl(`admin_customer_list.${locale}`),
        generateUrl(`admin_customer_detail.${locale}`, { id: number! }),
        generateUrl(`admin_staff_list.${locale}`),
        generateUrl(`admin_import_list.${locale}`),
        generateUrl(`admin_leads.${locale}`),
        generateUrl(`admin_faq_list.${locale}`),
        `/admin/${locale}/no-such-page`,
      ];
      for (const path of paths) {
        await page.goto(`${site.url}${path}`);
        await page
          .locator('main h1')
          .first()
          .waitFor()
          .catch((error: Error) => {
            throw new Error(`${path}: ${error.message}`);
          });
        await page.waitForLoadState('networkidle');
        await axe(page);
      }
    }
    await page.context().close();
    // The pages a visitor sees: the sign-in, an invitation link that leads nowhere.
    const visitor = await newPage(390);
    for (const route of ['admin_sign_in', 'admin_staff_invitation'] as const) {
      await visitor.goto(`${site.url}${generateUrl(`${route}.fr`)}`);
      await visitor.locator('main h1').first().waitFor();
      await axe(visitor);
    }
    await visitor.context().close();
  });

  it('looks right on a phone and a desktop, in French and German', async () => {
    for (const locale of ['fr', 'de'] as const) {
      for (const [device, width] of [
        ['phone', 390],
        ['desktop', 1280],
      ] as const) {
        const page = await newPage(width, signedIn);
        await page.goto(`${site.url}/admin/${locale}/purchase/list`);
        await page.locator('.admin-table').waitFor();
        await shoot(page, `back-office-${locale}-${device}-purchases`);
        await page.goto(`${site.url}/admin/${locale}/purchase/${frPurchase}?event=1`);
        await page.locator('.admin-table--state').waitFor();
        await page.frameLocator('.admin-buyer-screen').locator('.funnel__step--current').waitFor();
        // What the frame shows, opened on its own (a screenshot leaves an isolated frame blank).
        const screen = await page.context().newPage();
        await screen.goto(`${site.url}/admin/api/purchases/${frPurchase}/screen?after=1`);
        await shoot(screen, `back-office-${locale}-${device}-buyer-screen`);
        await screen.close();
        await shoot(page, `back-office-${locale}-${device}-purchase`);
        await axe(page);
        await page.context().close();
        const visitor = await newPage(width);
        await visitor.goto(`${site.url}/admin/${locale}/sign-in`);
        await shoot(visitor, `back-office-${locale}-${device}-sign-in`);
        await visitor.context().close();
      }
    }
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });
});
