/**
 * The back office's dashboard in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): two buyers start purchases over HTTP, the demo
 * admin signs in; the dashboard shows today's purchases in its per-day table and the purchase funnel's
 * entries, refuses a period whose end comes before its start (the message by the field), keeps the
 * market in the URL; axe-core with the data tables open; screenshots on a phone and a desktop in French
 * and German (e2e/screenshots/back-office-dashboard-*.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { httpBuyer } from './httpBuyer.ts';
import { CHROMIUM, hasChromium, type Site, shoot, startSite, stopSite, watchErrors } from './site.ts';
import { staffStorageState } from './staffSignIn.ts';

interface Car {
  readonly carId: string;
  readonly slug: string;
}

describe.skipIf(!hasChromium)('the back office’s dashboard in a browser', () => {
  let dir: string;
  let site: Site;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'back-office-dashboard-'));
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1' },
    });
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const answer = await fetch(`${site.url}/api/catalogue/search?country=FR&condition=used&pageSize=5`);
    const cars = (await answer.json()).cars as Car[];
    // Two French purchases started today, one of them through the account step.
    for (const [i, car] of cars.slice(0, 2).entries()) {
      const b = httpBuyer(site.url);
      const form = (step?: string) => `/fr/acheter/achat-${car.carId}/${car.slug}${step ? `/${step}` : ''}`;
      await b.ok(b.post(form()), 201);
      if (i === 0) await b.ok(b.post(form('my-account'), { termsAccepted: true, marketingOptIn: false }));
    }

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!password) throw new Error(`no demo password:\n${site.output().slice(-2000)}`);
    signedIn = await staffStorageState(browser, site.url, 'admin@example.test', password);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (site) await stopSite(site);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: signedIn });
    const page = await context.newPage();
    errors.push(...watchErrors(page));
    return page;
  }
  const axe = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
  const today = new Date().toISOString().slice(0, 10);

  /** The per-day table's cell of today for `column` (the read models catch up in the background). */
  const todayCell = async (page: Page, column: string) => {
    const row = page.locator('section[aria-labelledby="figures-daily"] tbody tr').last();
    return (await row.locator(`td[data-label="${column}"]`).textContent())?.trim();
  };

  it('shows today’s purchases and the funnel’s entries, axe finding nothing serious', async () => {
    const page = await newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${site.url}/admin/fr/dashboard`);
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
    await axe(page);
    expect(await todayCell(page, 'Achats confirmés')).toBe('0');
    // The sections stay below the figures.
    await page.locator('.admin-dashboard ~ .admin-tiles').waitFor();
    await page.context().close();
  });

  it('refuses an end before the start by the field, and keeps the market in the URL', async () => {
    const page = await newPage();
    await page.goto(`${site.url}/admin/fr/dashboard`);
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
    for (const locale of ['fr', 'de'] as const) {
      for (const [device, width] of [
        ['phone', 390],
        ['desktop', 1280],
      ] as const) {
        const page = await newPage(width);
        await page.goto(`${site.url}/admin/${locale}/dashboard`);
        await page.locator('.admin-dashboard .recharts-surface').first().waitFor();
        // The desktop shows the per-day table open (a phone shows it as cards, a long page).
        if (device === 'desktop') {
          await page.locator('section[aria-labelledby="figures-daily"] details > summary').click();
        }
        await axe(page);
        await shoot(page, `back-office-dashboard-${locale}-${device}`);
        await page.context().close();
      }
    }
    expect(errors).toEqual([]);
  });
});
