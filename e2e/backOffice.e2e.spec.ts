/**
 * The back office in a real browser on the real site (`bin/start.ts` in development on a fresh embedded
 * database, which creates the demo staff account and prints its password once): sign in with the form,
 * filter the purchases by market and status, open one and come back to the same filtered page, move
 * through a purchase's timeline checking the state and the buyer's screen after an earlier event,
 * record the lender's final decision on a by-passed finance and see the purchase confirmed with the
 * staff member named, axe-core on each page, and screenshots on a phone and a desktop in French and
 * German (e2e/screenshots/back-office-*.png).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../domain/routes/index.ts';
import { MY_INFOS_FR } from '../engine/funnels/testing/buyerForms.ts';
import { type BackOfficeSuite, type Car, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('the back office in a browser', () => {
  let suite: BackOfficeSuite;
  let frPurchase: string;
  let byPassed: string;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('journeys');
    // A French purchase walked to the buyer's infos (several events), and a German one just started.
    const [frCar] = await suite.cars('FR');
    const b = httpBuyer(suite.url);
    const form = (step?: string) =>
      `/fr/acheter/achat-${frCar!.carId}/${frCar!.slug}${step ? `/${step}` : ''}`;
    frPurchase = (await b.ok(b.post(form()), 201)).purchaseId;
    await b.ok(b.post(form('my-account'), { termsAccepted: true, marketingOptIn: false }));
    await b.ok(b.post(form('sign-in-sign-up'), { email: 'office-buyer@example.test' }));
    await b.signUp('office-buyer@example.test');
    await b.ok(b.post(form('sign-up'), {}));
    const [deCar] = await suite.cars('DE');
    const d = httpBuyer(suite.url);
    await d.ok(d.post(`/de/kaufen/bestellung-${deCar!.carId}/${deCar!.slug}`), 201);
    byPassed = await paidAwaitingFinance((await suite.cars('FR'))[1]!);
  }, 300_000);

  /**
   * A French purchase on finance that the built-in lender passes to a manual study (a debt ratio of 40 %:
   * above 35 %, under 45 %), its advance paid at the sandbox: paid, awaiting the lender's final word.
   */
  async function paidAwaitingFinance(car: Car): Promise<string> {
    const b = httpBuyer(suite.url);
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

  afterAll(() => suite?.close());

  it('signs in with the demo account and lands on the page asked for', async () => {
    // The form on purpose (the other journeys open pages with the suite's API sign-in).
    const page = await suite.newPage(1280, { signedIn: false });
    await page.goto(`${suite.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/fr/sign-in');
    await page.locator('#signin-email').waitFor();
    await suite.axe(page);
    // A wrong password: the message by its field.
    await page.fill('#signin-email', 'admin@example.test');
    await page.fill('#signin-password', 'not the password');
    await page.click('button[type="submit"]');
    await page.locator('#signin-password-error').waitFor();
    await suite.axe(page);
    await page.fill('#signin-password', suite.adminPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL(/\/admin\/fr\/dashboard$/);
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor();
    await suite.axe(page);
    await page.context().close();
  });

  it('filters the purchases by market and status, opens one and comes back to the same filtered page', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/purchase/list`);
    await page.locator('.admin-table').waitFor();
    await suite.axe(page);
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
    await suite.axe(page);
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
    await suite.axe(page);
    await page.context().close();
  });

  it('moves through a purchase’s timeline, showing the state after an earlier event with its changes', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/purchase/${frPurchase}`);
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
    // The changes come with the event before's state, a call of its own that may answer later.
    await expect.poll(() => page.locator('.admin-table--state tr.is-changed').count()).toBeGreaterThan(0);
    expect(await entries.nth(1).getAttribute('class')).toBe('is-selected');
    // What the buyer saw then: their own page, at the step they were on, read-only.
    const screen = page.frameLocator('.admin-buyer-screen');
    const step = screen.locator('.funnel__step--current');
    await expect.poll(() => step.textContent(), { timeout: 15_000 }).not.toContain('Vos informations');
    await suite.axe(page);
    await entries.last().getByRole('link').click();
    await expect.poll(() => step.textContent(), { timeout: 15_000 }).toContain('Vos informations');
    // The buyer's events are named as the buyer, by the vault's name once they signed up.
    expect(await entries.last().locator('.admin-timeline__who').textContent()).toMatch(/\(client\)$/);
    expect(last).toBeGreaterThan(2);
    await page.context().close();
  });

  it('records the lender’s final word on a by-passed finance: the purchase confirmed, the staff member named', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/purchase/${byPassed}`);
    await expect
      .poll(() => page.locator('.admin-facts dd').first().textContent())
      .toBe('Payé, financement à valider');
    const actions = page.locator('.admin-actions');
    await actions.getByRole('button', { name: 'Enregistrer la décision de financement' }).click();
    await actions.getByLabel('Financement accepté').check();
    await page.getByLabel('Motif', { exact: true }).fill('Accord écrit du financeur reçu');
    await suite.axe(page);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    // The command and the refreshed detail take more than expect.poll's default second on a busy machine.
    await expect
      .poll(() => page.locator('.admin-facts dd').first().textContent(), { timeout: 15_000 })
      .toBe('Confirmé');
    const decided = page.locator('.admin-timeline li', { hasText: 'FinanceDecided' }).last();
    expect(await decided.locator('.admin-timeline__who').textContent()).toBe(
      'Demo admin (équipe, administrateur)',
    );
    await expect
      .poll(() => page.locator('.admin-timeline li').last().locator('strong').textContent())
      .toBe('PurchaseConfirmed');
    await suite.axe(page);
    await shoot(page, 'back-office-fr-desktop-finance-confirmed');
    await page.context().close();
  });

  it('has no serious or critical accessibility violation on any back-office page, in French and Polish', async () => {
    const page = await suite.newPage();
    const customers = await page.request.get(`${suite.url}/admin/api/customers?pageSize=1`);
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
        await page.goto(`${suite.url}${path}`);
        await page
          .locator('main h1')
          .first()
          .waitFor()
          .catch((error: Error) => {
            throw new Error(`${path}: ${error.message}`);
          });
        await page.waitForLoadState('networkidle');
        await suite.axe(page);
      }
    }
    await page.context().close();
    // The pages a visitor sees: the sign-in, an invitation link that leads nowhere.
    const visitor = await suite.newPage(390, { signedIn: false });
    for (const route of ['admin_sign_in', 'admin_staff_invitation'] as const) {
      await visitor.goto(`${suite.url}${generateUrl(`${route}.fr`)}`);
      await visitor.locator('main h1').first().waitFor();
      await suite.axe(visitor);
    }
    await visitor.context().close();
  });

  it('looks right on a phone and a desktop, in French and German', async () => {
    for (const { locale, device, width } of screens(['fr', 'de'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/purchase/list`);
      await page.locator('.admin-table').waitFor();
      await shoot(page, `back-office-${locale}-${device}-purchases`);
      await page.goto(`${suite.url}/admin/${locale}/purchase/${frPurchase}?event=1`);
      await page.locator('.admin-table--state').waitFor();
      await page.frameLocator('.admin-buyer-screen').locator('.funnel__step--current').waitFor();
      // What the frame shows, opened on its own (a screenshot leaves an isolated frame blank).
      const screen = await page.context().newPage();
      await screen.goto(`${suite.url}/admin/api/purchases/${frPurchase}/screen?after=1`);
      await shoot(screen, `back-office-${locale}-${device}-buyer-screen`);
      await screen.close();
      await shoot(page, `back-office-${locale}-${device}-purchase`);
      await suite.axe(page);
      await page.context().close();
      const visitor = await suite.newPage(width, { signedIn: false });
      await visitor.goto(`${suite.url}/admin/${locale}/sign-in`);
      await shoot(visitor, `back-office-${locale}-${device}-sign-in`);
      await visitor.context().close();
    }
    expect(suite.errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });
});
