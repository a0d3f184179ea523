/**
 * The SEO content in a real browser on the real site (`bin/start.ts` in development on a fresh embedded
 * database, as e2e/backOfficeStaff.e2e.spec.ts): the demo admin writes a Polish range text for the
 * Toyota Yaris, the slug suggested from the title (the model it names) and checked while typing; a second text for the same
 * model is refused by its slug field, naming the first; the first is edited, published, and the
 * brand-model page shows it. A French one for the Renault Clio the same way. axe-core on the editor and
 * the pages; a facet page's words and the footer's links with their second level opened in place;
 * screenshots on a phone and a desktop in Polish and French (e2e/screenshots/seo-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, hydrated, shoot } from './site.ts';

interface Range {
  readonly locale: 'pl' | 'fr';
  readonly brand: string;
  readonly title: string;
  readonly slug: string;
  readonly heading: string;
  readonly intro: string;
  readonly body: string;
  readonly page: string;
}

const RANGES: readonly Range[] = [
  {
    locale: 'pl',
    brand: 'toyota',
    title: 'Toyota Yaris hybryda',
    slug: 'yaris',
    heading: 'Toyota Yaris: miejska hybryda',
    intro: 'Oszczędna, zwinna i łatwa w parkowaniu.',
    body: 'Yaris z napędem hybrydowym zużywa mało paliwa w mieście.\n\nKażdy egzemplarz przechodzi przegląd przed sprzedażą.',
    page: '/pl/marki/toyota/yaris',
  },
  {
    locale: 'fr',
    brand: 'renault',
    title: 'Renault Clio',
    slug: 'clio',
    heading: 'Renault Clio : la citadine polyvalente',
    intro: 'Économique, confortable et facile à garer.',
    body: 'La Clio se décline en essence, diesel et hybride.\n\nChaque voiture est révisée avant la vente.',
    page: '/fr/marques/renault/clio',
  },
];

describe.skipIf(!hasChromium)('the SEO content in a browser', () => {
  let suite: BackOfficeSuite;
  const items = new Map<string, string>();

  beforeAll(async () => {
    suite = await openBackOfficeSuite('seo', { env: { DEMO_CARS: '150' } });
  }, 300_000);

  afterAll(() => suite?.close());

  const listUrl = () => `${suite.url}/admin/pl/range/list`;
  const newForm = (page: Page) => page.locator('form:has([name="slug"])');

  /** Fills the new range form: brand, then the title (the slug follows), intro and body. */
  const fillNew = async (page: Page, range: Range) => {
    const form = newForm(page);
    await form.locator('select[name="locale"]').selectOption(range.locale);
    await form.locator('[name="brand"]').fill(range.brand);
    await form.locator('[name="title"]').pressSequentially(range.title, { delay: 20 });
    await expect.poll(() => form.locator('[name="slug"]').inputValue(), { timeout: 10_000 }).toBe(range.slug);
    await form.locator('[name="intro"]').fill(range.intro);
    await form.locator('[name="body"]').fill(range.body);
    return form;
  };

  /** Writes the final words on the item's page, saves version 2 and publishes it. */
  const editAndPublish = async (page: Page, range: Range) => {
    const edit = page.locator('form:has([name="slug"])');
    await edit.locator('[name="title"]').fill(range.heading);
    // The slug stays the one saved (no suggestion over a slug of the item's own).
    expect(await edit.locator('[name="slug"]').inputValue()).toBe(range.slug);
    await edit.locator('button[type="submit"]').click();
    await page.getByRole('status').filter({ hasText: '2' }).waitFor();
    await page.locator('form:has(select[name="version"]) button[type="submit"]').click();
    await page.locator('form:has(select[name="version"]) button', { hasText: /Wycofaj|Retirer/ }).waitFor();
  };

  it('writes a Polish range text: slug suggested and free, a second text for the model refused by its slug, then published', async () => {
    const range = RANGES[0]!;
    const page = await suite.newPage();
    await page.goto(listUrl());
    await page.getByRole('heading', { level: 1, name: /Gamy modeli/ }).waitFor();
    const form = await fillNew(page, range);
    await form.getByText('Dostępny.').waitFor();
    await suite.axe(page);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin\/pl\/content\/ct_[a-z0-9]+$/);
    items.set(range.locale, page.url());

    // A second text for the same model: the slug is said taken while typing, and on creating.
    await page.goto(listUrl());
    const second = await fillNew(page, range);
    const taken = second.locator('.admin-field__error', { hasText: `taken by “${range.title}”` });
    await taken.waitFor();
    await second.locator('button[type="submit"]').click();
    await page.getByRole('alert').filter({ hasText: 'Nie zapisano' }).waitFor();
    await taken.waitFor();
    expect(page.url()).toBe(listUrl());
    await shoot(page, 'seo-range-taken-pl');

    await page.goto(items.get(range.locale)!);
    await editAndPublish(page, range);
    // The range landing check: the model's page and its cars.
    await page.getByRole('button', { name: 'Sprawdź' }).click();
    await page.getByText(`Strona ${range.page}: używane:`).waitFor();
    await suite.axe(page);

    // The brand-model page shows it once the projection has it.
    const shop = await suite.newPage(1280, { signedIn: false });
    await expect
      .poll(
        async () => {
          await shop.goto(`${suite.url}${range.page}`);
          return shop.locator('h1').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe(range.heading);
    expect(await shop.locator('.page-intro').textContent()).toContain(range.intro);
    await shop.getByText('Każdy egzemplarz przechodzi przegląd przed sprzedażą.').waitFor();
    await suite.axe(shop);
    await page.context().close();
    await shop.context().close();
  });

  it('writes a French range text the same way', async () => {
    const range = RANGES[1]!;
    const page = await suite.newPage();
    await page.goto(listUrl());
    const form = await fillNew(page, range);
    await form.getByText('Dostępny.').waitFor();
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin\/pl\/content\/ct_[a-z0-9]+$/);
    items.set(range.locale, page.url().replace('/admin/pl/', '/admin/fr/'));
    await page.goto(items.get(range.locale)!);
    await editAndPublish(page, range);
    await page.context().close();
  });

  /** Publishes the latest version on an item's page. */
  const publish = async (page: Page) => {
    await page.locator('form:has(select[name="version"]) button[type="submit"]').click();
    await page.locator('form:has(select[name="version"]) button', { hasText: /Wycofaj|Retirer/ }).waitFor();
  };

  const FACETS = {
    pl: {
      path: '/pl/kup/toyota',
      title: 'Używane Toyoty – oferty',
      description: 'Sprawdzone używane Toyoty z gwarancją.',
      h1: 'Używane Toyoty z gwarancją',
      intro: 'Hybrydy i nie tylko: wybierz swoją Toyotę.',
      links: 'Marki i oferty\nSamochody używane | /pl/kup\nToyota | /pl/kup/toyota',
      more: 'Więcej linków: Samochody używane',
    },
    fr: {
      path: '/fr/acheter/renault',
      title: 'Renault d’occasion – nos offres',
      description: 'Des Renault d’occasion révisées et garanties.',
      h1: 'Renault d’occasion garanties',
      intro: 'Clio, Captur, Mégane : choisissez la vôtre.',
      links: 'Recherches fréquentes\nVoitures d’occasion | /fr/acheter\nRenault | /fr/acheter/renault',
      more: 'Plus de liens : Voitures d’occasion',
    },
  } as const;

  it('publishes a facet page’s words and the footer’s links: the list page shows them, the second level opens in place', async () => {
    const page = await suite.newPage();
    for (const locale of ['pl', 'fr'] as const) {
      const facet = FACETS[locale];
      await page.goto(`${suite.url}/admin/pl/facet/list`);
      const form = page.locator('form:has([name="path"])');
      await form.locator('select[name="locale"]').selectOption(locale);
      // Another language's path is refused by its field while typing.
      await form.locator('[name="path"]').fill('/de/kaufen/bmw');
      await form
        .locator('.admin-field:has([name="path"]) .admin-field__error', { hasText: `/${locale}/` })
        .waitFor();
      await form.locator('[name="path"]').fill(facet.path);
      for (const name of ['title', 'description', 'h1', 'intro'] as const)
        await form.locator(`[name="${name}"]`).fill(facet[name]);
      await form.locator('select[name="indexable"]').selectOption('no');
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(/\/admin\/pl\/content\/ct_[a-z0-9]+$/);
      await page.getByRole('button', { name: 'Sprawdź' }).click();
      await page.getByText(`Strona ${facet.path}: samochody:`).waitFor();
      await publish(page);

      await page.goto(`${suite.url}/admin/pl/link-facet/edit`);
      const links = page.locator('form:has([name="links"])');
      await links.locator('select[name="locale"]').selectOption(locale);
      await links.locator('[name="links"]').fill(facet.links);
      await links.locator('button[type="submit"]').click();
      await page.waitForURL(/\/admin\/pl\/content\/ct_linkfacet[a-z]+$/);
      await publish(page);
    }
    await page.context().close();

    for (const { locale, device, width } of screens(['pl', 'fr'] as const)) {
      const facet = FACETS[locale];
      const shop = await suite.newPage(width, { signedIn: false });
      await expect
        .poll(
          async () => {
            await shop.goto(`${suite.url}${facet.path}`);
            return shop.locator('h1').textContent();
          },
          { timeout: 15_000 },
        )
        .toBe(facet.h1);
      expect(await shop.title()).toContain(facet.title);
      expect(await shop.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await shop.getByText(facet.intro).waitFor();
      // Before hydrating, the link is the fallback without JavaScript (the facet page itself, tested over HTTP).
      await hydrated(shop);
      await shop.getByRole('link', { name: facet.more }).click();
      await shop.locator('.seo-links__second li').first().waitFor();
      expect(await shop.evaluate(() => document.activeElement?.closest('.seo-links__second') !== null)).toBe(
        true,
      );
      expect(shop.url()).toBe(`${suite.url}${facet.path}`);
      const overflow = await shop.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${locale} ${device} facet page`).toBeLessThanOrEqual(0);
      await suite.axe(shop);
      await shop.evaluate(() => window.scrollTo(0, 0));
      await shoot(shop, `seo-facet-page-${locale}-${device}`);
      await shop.context().close();
    }
  });

  it('given a phone and a desktop, in Polish and French, then the editor and the page fit (screenshots)', async () => {
    for (const { locale, device, width } of screens(['pl', 'fr'] as const)) {
      const range = RANGES.find((r) => r.locale === locale)!;
      const editor = await suite.newPage(width);
      await editor.goto(items.get(locale)!.replace(/\/admin\/(pl|fr)\//, `/admin/${locale}/`));
      await editor.locator('form:has([name="slug"]) [name="title"]').waitFor();
      await shoot(editor, `seo-range-editor-${locale}-${device}`);
      const overflowEditor = await editor.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflowEditor, `${locale} ${device} editor`).toBeLessThanOrEqual(0);
      await editor.context().close();

      const shop = await suite.newPage(width, { signedIn: false });
      await expect
        .poll(
          async () => {
            await shop.goto(`${suite.url}${range.page}`);
            return shop.locator('h1').textContent();
          },
          { timeout: 15_000 },
        )
        .toBe(range.heading);
      await shoot(shop, `seo-range-page-${locale}-${device}`);
      const overflow = await shop.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${locale} ${device} page`).toBeLessThanOrEqual(0);
      await suite.axe(shop);
      await shop.context().close();
    }
    expect(suite.errors).toEqual([]);
  });
});
