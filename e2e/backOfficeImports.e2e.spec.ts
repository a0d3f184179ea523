/**
 * The back office's stock imports in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): the demo admin finds a French dealer with the
 * dealer lookup, downloads the feed template for it, adds a line with a bad price, uploads the
 * CSV through the page (XMLHttpRequest with its progress bar), sees the result and the import in the
 * month's list, unfolds its report (the bad line by number, car and dealer name); axe-core on the page;
 * screenshots on a phone and a desktop in French and Spanish (e2e/screenshots/back-office-imports-*.png).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('the back office’s stock imports in a browser', () => {
  let suite: BackOfficeSuite;
  let feed: string;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('imports');
  }, 300_000);

  afterAll(() => suite?.close());

  it('uploads the template with a bad line through the page and shows its report', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/import`);
    await page.getByRole('heading', { name: 'Imports de stock' }).waitFor();
    await page.getByText('Aucun import ce mois-ci.').waitFor();
    await suite.axe(page);

    // The template as staff download it for a dealer: the header and an example line of that dealer.
    const lookup = await page.request.get(`${suite.url}/admin/api/dealers?country=FR&limit=1`);
    const [dealer] = (await lookup.json()).items as { dealerId: string; name: string }[];
    // Through the page's template form: the dealer's number, then the CSV button (a download).
    await page.fill('#imports-template-dealer', dealer!.dealerId);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Modèle CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('stock-feed-template.csv');
    const text = await readFile((await download.path())!, 'utf8');
    const [header, example] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = header!.split(';');
    const bad = example!.split(';');
    bad[columns.indexOf('reference')] = 'E2E-BAD-1';
    bad[columns.indexOf('price')] = 'abc';
    feed = join(suite.dir, 'stock-e2e.csv');
    await writeFile(feed, `${header}\n${example}\n${bad.join(';')}\n`);

    await page.setInputFiles('#imports-file', feed);
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await page
      .getByText('Import de stock-e2e.csv terminé. Lignes importées : 1 · refusées : 1.')
      .waitFor({ timeout: 30_000 });
    // The month's list shows it (the log's read model catches up), with its report unfolded.
    const row = page.locator('.admin-table--imports tbody tr[data-import]');
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.locator('td').nth(2).textContent()).toBe('stock-e2e.csv');
    expect(await row.locator('td').nth(1).textContent()).not.toBe('Ligne de commande');
    const report = page.locator('.admin-table--rejections');
    await report.waitFor();
    const line = report.locator('tbody tr').first();
    expect(await line.locator('td').first().textContent()).toBe('3');
    expect(await line.locator('td').nth(2).textContent()).toBe('price');
    await expect
      .poll(() => line.locator('td').nth(1).textContent())
      .toBe(`E2E-BAD-1 · ${dealer!.name} (${dealer!.dealerId})`);
    await suite.axe(page);

    // Folded and unfolded again by its button.
    const toggle = row.getByRole('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(() => report.count()).toBe(0);
    await toggle.click();
    await report.waitFor();
    await page.context().close();
  });

  it('refuses a file that is no feed, with the reason by the field', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/import`);
    const notes = join(suite.dir, 'notes.txt');
    await writeFile(notes, 'hello');
    await page.setInputFiles('#imports-file', notes);
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await page.locator('#imports-file-error').waitFor();
    expect(await page.locator('#imports-file-error').textContent()).toMatch(
      /^Le fichier a été refusé : format: /,
    );
    expect(await page.locator('#imports-file').getAttribute('aria-invalid')).toBe('true');
    await page.context().close();
  });

  it('looks right on a phone and a desktop, in French and Spanish', async () => {
    for (const { locale, device, width } of screens(['fr', 'es'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/import`);
      const row = page.locator('.admin-table--imports tbody tr[data-import]');
      await row.first().waitFor();
      await row.first().getByRole('button').click();
      await page.locator('.admin-table--rejections').waitFor();
      await expect
        .poll(() => page.locator('.admin-table--rejections tbody td').nth(1).textContent())
        .toMatch(/\(\d+\)$/);
      await shoot(page, `back-office-imports-${locale}-${device}`);
      await suite.axe(page);
      await page.context().close();
    }
    expect(suite.errors.filter((e) => !/401|Unauthorized|400|Bad Request/.test(e))).toEqual([]);
  });
});
