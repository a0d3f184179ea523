/**
 * The back office's dashboard in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): two buyers start purchases over HTTP, the demo
 * admin signs in; the dashboard shows today's purchases in its per-day table and the purchase funnel's
 * entries, refuses a period whose end comes before its start (the message by the field), keeps the
 * market in the URL; axe-core with the data tables open; screenshots on a phone and a desktop in French
 * and German (e2e/screenshots/back-office-dashboard-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('the back office’s dashboard in a browser', () => {
  let suite: BackOfficeSuite;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('dashboard');
    const cars = await suite.cars('FR');
    // Two French purchases started today, one of them through the account step.
    for (const [i, car] of cars.slice(0, 2).entries()) {
      const b = httpBuyer(suite.url);
      const form = (step?: string) => `/fr/acheter/achat-${car.carId}/${car.slug}${step ? `/${step}` : ''}`;
      await b.ok(b.post(form()), 201);
      if (i === 0) await b.ok(b.post(form('my-account'), { termsAccepted: true, marketingOptIn: false }));
    }
  }, 300_000);

  afterAll(() => suite?.close());

  const today = new Date().toISOString().slice(0, 10);

  /** The per-day table's cell of today for `column` (the read models catch up in the background). */
  const todayCell = async (page: Page, column: string) => {
    const row = page.locator('section[aria-labelledby="figures-daily"] tbody tr').last();
    return (await row.locator(`td[data-label="${column}"]`).textContent())?.trim();
  };

  it('shows today’s purchases and the funnel’s entries, axe finding nothing serious', async () => {
    const page = await suite.newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.url}/admin/fr/dashboard`);
          await page.getByRole('heading', { name: 'Démarrés et confirmés par jour' }).waitFor();
          return todayCell(page, 'Achats démarrés');
        },
        { timeout: 30_000 },
      )
      .toBe('2');
    expect(await page.locator('.admin-dashboard__period').textContent()).toContain('Tous les marchés');
    await page.getByRole('heading', { name: 'Conversion du parcours d’achat' }).waitFor();
    await page.getByRole('heading', { name: 'Retard des projections' }).waitFor();
    // The per-day chart draws one line per series (purchases and bookings, started and confirmed); the
    // tables hold the same figures.
    const daily = page.locator('section[aria-labelledby="figures-daily"]');
    expect(await daily.locator('.recharts-line-curve').count()).toBe(4);
    for (const summary of await page.locator('.admin-dashboard details > summary').all())
      await summary.click();
    const purchaseTable = page.locator('section[aria-labelledby="figures-purchase"] table').first();
    expect(await purchaseTable.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('2');
    expect(await page.locator('.admin-kpis').textContent()).toContain('Aucun achat confirmé');
    await suite.axe(page);
    expect(await todayCell(page, 'Achats confirmés')).toBe('0');
    // The sections stay below the figures.
    await page.locator('.admin-dashboard ~ .admin-tiles').waitFor();
    await page.context().close();
  });

  it('refuses an end before the start by the field, and keeps the market in the URL', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/dashboard`);
    await page.locator('.admin-dashboard').waitFor();
    await page.fill('#dashboard-from', '2026-03-10');
    await page.fill('#dashboard-to', '2026-03-01');
    await page.click('.admin-filters button[type="submit"]');
    await page.locator('#dashboard-to-error').waitFor();
    expect(await page.locator('#dashboard-to-error').textContent()).toBe(
      'La fin de la période doit suivre son début.',
    );
    expect(await page.locator('#dashboard-to').getAttribute('aria-invalid')).toBe('true');

    await page.fill('#dashboard-from', today);
    await page.fill('#dashboard-to', today);
    await page.selectOption('#dashboard-market', 'de');
    await page.click('.admin-filters button[type="submit"]');
    await page.waitForURL(/market=de/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(today);
    await expect.poll(() => todayCell(page, 'Achats démarrés')).toBe('0');
    await page.context().close();
  });

  it('looks right on a phone and a desktop in French and German', async () => {
    for (const { locale, device, width } of screens(['fr', 'de'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/dashboard`);
      await page.locator('.admin-dashboard .recharts-surface').first().waitFor();
      // The desktop shows the per-day table open (a phone shows it as cards, a long page).
      if (device === 'desktop') {
        await page.locator('section[aria-labelledby="figures-daily"] details > summary').click();
      }
      await suite.axe(page);
      await shoot(page, `back-office-dashboard-${locale}-${device}`);
      await page.context().close();
    }
    expect(suite.errors).toEqual([]);
  });
});
