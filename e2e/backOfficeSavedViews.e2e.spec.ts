/**
 * The back office's saved views in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): a French and a German purchase started over
 * HTTP, the demo admin signed in; the purchases filtered by market and saved as a shared view, the
 * filters cleared, the view picked: the same search params and the same rows, the view marked as shown;
 * axe-core on the list with the views; screenshots on a phone and a desktop in French and Italian
 * (e2e/screenshots/back-office-views-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

const VIEW = 'Achats allemands';
const sortedParams = (url: string) => [...new URL(url).searchParams.entries()].sort();

describe.skipIf(!hasChromium)('the back office’s saved views in a browser', () => {
  let suite: BackOfficeSuite;
  let viewHref: string;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('views');
    const [frCar] = await suite.cars('FR');
    const f = httpBuyer(suite.url);
    await f.ok(f.post(`/fr/acheter/achat-${frCar!.carId}/${frCar!.slug}`), 201);
    const [deCar] = await suite.cars('DE');
    const d = httpBuyer(suite.url);
    await d.ok(d.post(`/de/kaufen/bestellung-${deCar!.carId}/${deCar!.slug}`), 201);
  }, 300_000);

  afterAll(() => suite?.close());

  const rows = (page: Page) => page.locator('.admin-table tbody tr').allTextContents();

  it('saves the purchases filtered by market as a view, and picking it again gives the same list', async () => {
    const page = await suite.newPage();
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.url}/admin/fr/purchase/list`);
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
    await suite.axe(page);

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
    await suite.axe(page);
    await page.context().close();
  });

  it('looks right on a phone and a desktop, in French and Italian', async () => {
    for (const { locale, device, width } of screens(['fr', 'it'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}${viewHref.replace('/admin/fr/', `/admin/${locale}/`)}`);
      await page.locator('.admin-table').waitFor();
      await page.locator('.admin-views a[aria-current="true"]').waitFor();
      await shoot(page, `back-office-views-${locale}-${device}-purchases`);
      await suite.axe(page);
      await page.context().close();
    }
    expect(suite.errors.filter((e) => !/401|Unauthorized|409|Conflict/.test(e))).toEqual([]);
  });
});
