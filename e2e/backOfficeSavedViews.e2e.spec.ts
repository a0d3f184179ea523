/**
 * The back office's saved views in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): a French and a German purchase started over
 * HTTP, the demo admin signed in; the purchases filtered by market and saved as a shared view, the
 * filters cleared, the view picked: the same search params and the same rows, the view marked as shown;
 * axe-core on the list with the views; screenshots on a phone and a desktop in French and Italian
 * (e2e/screenshots/back-office-views-*.png).
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

const VIEW = 'Achats allemands';
const sortedParams = (url: string) => [...new URL(url).searchParams.entries()].sort();

describe.skipIf(!hasChromium)('the back office’s saved views in a browser', () => {
  let dir: string;
  let site: Site;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  let viewHref: string;
  const errors: string[] = [];

  const cars = async (country: 'FR' | 'DE'): Promise<Car[]> => {
    const answer = await fetch(
      `${site.url}/api/catalogue/search?country=${country}&condition=used&pageSize=5`,
    );
    return (await answer.json()).cars as Car[];
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'back-office-views-'));
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1' },
    });
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [frCar] = await cars('FR');
    const f = httpBuyer(site.url);
    await f.ok(f.post(`/fr/acheter/achat-${frCar!.carId}/${frCar!.slug}`), 201);
    const [deCar] = await cars('DE');
    const d = httpBuyer(site.url);
    await d.ok(d.post(`/de/kaufen/bestellung-${deCar!.carId}/${deCar!.slug}`), 201);

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
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }
  const axe = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
  const rows = (page: Page) => page.locator('.admin-table tbody tr').allTextContents();

  it('saves the purchases filtered by market as a view, and picking it again gives the same list', async () => {
    const page = await newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${site.url}/admin/fr/purchase/list`);
          await page.locator('.admin-list').waitFor();
          return page.locator('.admin-table tbody tr').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const views = page.locator('.admin-views');
    await views.getByRole('heading', { name: 'Vues enregistrées' }).waitFor();
    await views.getByText('Aucune vue enregistrée pour cette liste.').waitFor();

    // Filter by market, then save the filters as a shared view (refused first without a name).
    await page.selectOption('#filter-market', 'de');
    await page.click('.admin-filters button[type="submit"]');
    await page.waitForURL(/market=de/);
    await expect
      .poll(() => page.locator('.admin-table tbody td[data-label="Marché"]').allTextContents())
      .toEqual(['de']);
    const filteredUrl = page.url();
    const filteredRows = await rows(page);
    await views.getByRole('button', { name: 'Enregistrer la vue' }).click();
    expect(await page.locator('#views-purchases-name-error').textContent()).toBe('Donnez un nom à la vue.');
    await page.fill('#views-purchases-name', VIEW);
    await views.getByLabel('Partager avec toute l’équipe qui ouvre cette liste').check();
    await views.getByRole('button', { name: 'Enregistrer la vue' }).click();
    await views.getByText(`La vue « ${VIEW} » est enregistrée.`).waitFor();
    const link = views.getByRole('link', { name: VIEW });
    await expect.poll(() => link.getAttribute('aria-current')).toBe('true');
    expect(await views.locator('.admin-views__who').textContent()).toBe('Partagée');
    viewHref = (await link.getAttribute('href'))!;
    await axe(page);

    // The same name again: refused by the field, naming the view.
    await page.fill('#views-purchases-name', VIEW.toUpperCase());
    await views.getByRole('button', { name: 'Enregistrer la vue' }).click();
    await expect
      .poll(() => page.locator('#views-purchases-name-error').textContent())
      .toBe(`Vous avez déjà une vue nommée « ${VIEW} ».`);

    // Cleared filters: every market, the view no longer marked.
    await page.getByRole('link', { name: 'Effacer les filtres' }).click();
    await page.waitForURL((url) => !url.search.includes('market'));
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBeGreaterThanOrEqual(2);
    expect(await link.getAttribute('aria-current')).toBeNull();

    // Picked again: the same search params, the same rows, marked as shown.
    await link.click();
    await page.waitForURL(/market=de/);
    expect(sortedParams(page.url())).toEqual(sortedParams(filteredUrl));
    expect(new URL(page.url()).pathname).toBe(new URL(filteredUrl).pathname);
    await expect.poll(() => rows(page)).toEqual(filteredRows);
    await expect.poll(() => link.getAttribute('aria-current')).toBe('true');
    expect(await page.locator('#filter-market').inputValue()).toBe('de');
    await views.getByText('affichée').waitFor();
    await axe(page);
    await page.context().close();
  });

  it('looks right on a phone and a desktop, in French and Italian', async () => {
    for (const locale of ['fr', 'it'] as const) {
      for (const [device, width] of [
        ['phone', 390],
        ['desktop', 1280],
      ] as const) {
        const page = await newPage(width);
        await page.goto(`${site.url}${viewHref.replace('/admin/fr/', `/admin/${locale}/`)}`);
        await page.locator('.admin-table').waitFor();
        await page.locator('.admin-views a[aria-current="true"]').waitFor();
        await shoot(page, `back-office-views-${locale}-${device}-purchases`);
        await axe(page);
        await page.context().close();
      }
    }
    expect(errors.filter((e) => !/401|Unauthorized|409|Conflict/.test(e))).toEqual([]);
  });
});
