/**
 * The back office's reports in a real browser on the real site (`bin/start.ts` in development on a fresh
 * embedded database): buyers start purchases over HTTP and pass their first step; the reports list shows
 * the three reports; the step-time report's page starts a rebuild and shows its progress to the end,
 * filters its rows by market in the URL, draws its chart and offers its exports; axe-core on the list
 * and the report; screenshots on a phone and a desktop in French and Polish
 * (e2e/screenshots/back-office-reports-*.png).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('the back office’s reports in a browser', () => {
  let suite: BackOfficeSuite;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('reports', { env: { DEMO_CARS: '40' } });
    // Buyers in two markets start a purchase and pass its first step.
    const cars = await suite.cars('FR', 3);
    for (const car of cars) {
      const buyer = httpBuyer(suite.url);
      const form = `/fr/acheter/achat-${car.carId}/${car.slug}`;
      await buyer.ok(buyer.post(form), 201);
      await buyer.ok(buyer.post(`${form}/my-account`, { termsAccepted: true, marketingOptIn: false }));
    }
  }, 300_000);
  afterAll(async () => {
    await suite?.close();
  });

  it('lists the reports, rebuilds one with its progress, filters its rows in the URL and draws them', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/reports`);
    await page.getByRole('heading', { name: 'Rapports', level: 1 }).waitFor();
    await page.locator('.admin-table tbody tr').first().waitFor();
    expect(await page.locator('.admin-table tbody tr').count()).toBe(3);
    await suite.axe(page);

    await page.getByRole('link', { name: 'Temps passé par étape d’achat' }).click();
    await page.getByRole('heading', { name: 'Temps passé par étape d’achat' }).waitFor();
    // Posted natively (as without JavaScript) with a bad moment: back to the page, the field refused.
    await page.fill('#report-until', 'hier');
    await Promise.all([
      page.waitForNavigation(),
      page.locator('form:has(#report-until)').evaluate((form) => HTMLFormElement.prototype.submit.call(form)),
    ]);
    await page.locator('#report-until[aria-invalid="true"]').waitFor();
    expect(await page.locator('#report-until').inputValue()).toBe('hier');
    await suite.axe(page);
    await page.fill('#report-until', '');
    await page.getByRole('button', { name: 'Lancer la reconstruction' }).click();
    await page.locator('.admin-progress').getByText('Terminé').waitFor({ timeout: 30_000 });
    expect(await page.locator('.admin-progress').textContent()).toContain('depuis le début');

    await page.fill('#report-filter-market', 'fr');
    await page.getByRole('button', { name: 'Afficher' }).click();
    await page.waitForURL(/\/admin\/fr\/reports\/purchase_step_times\?market=fr$/);
    await expect.poll(async () => page.locator('.admin-table tbody tr').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.locator('.admin-table tbody tr').first().textContent()).toContain('my-account');
    // The report's own headings in French, for its filters, columns and chart.
    expect(await page.locator('label[for="report-filter-market"]').textContent()).toBe('Marché');
    await page.getByRole('columnheader', { name: 'Médiane (min)' }).waitFor();
    expect(await page.locator('.admin-chart figcaption').textContent()).toContain('90e centile (min)');
    await page.locator('.admin-chart svg.recharts-surface[role="application"]').waitFor();
    expect(await page.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe(
      '/admin/api/reports/purchase_step_times/views/by_step/export?format=csv&market=fr',
    );
    await suite.axe(page);
    await page.context().close();

    for (const { locale, device, width } of screens(['fr', 'pl'] as const)) {
      for (const [path, name] of [
        ['/reports', 'list'],
        ['/reports/purchase_step_times', 'report'],
      ] as const) {
        const shot = await suite.newPage(width);
        await shot.goto(`${suite.url}/admin/${locale}${path}`);
        await shot.locator('h1').waitFor();
        await shot.locator('.admin-table tbody tr').first().waitFor();
        if (name === 'report')
          await shot.locator('.admin-chart svg.recharts-surface[role="application"]').waitFor();
        await shoot(shot, `back-office-reports-${name}-${locale}-${device}`);
        await suite.axe(shot);
        const overflow = await shot.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} ${locale} at ${width}`).toBeLessThanOrEqual(0);
        await shot.context().close();
      }
    }
    expect(suite.errors).toEqual([]);
  });
});
