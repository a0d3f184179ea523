/**
 * The content and account pages in a real browser (Chromium through playwright-core) against the real
 * site on a fresh embedded database: they hydrate without mismatch, the blog filters by category and
 * opens an article on its own page, the favorites page settles on its empty state when the favorites call fails or
 * is empty, the contact forms can be sent, and the pages fit a phone. Screenshots go to
 * e2e/screenshots/ (not committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, CHROMIUM, hasChromium, shoot, startBrowserSite } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the content page browser tests are skipped`);

describe.skipIf(!hasChromium)('the content and account pages in a browser', () => {
  let site: BrowserSite;
  const open = (path: string, width?: number) => site.open(path, width);

  beforeAll(async () => {
    site = await startBrowserSite({
      prefix: 'content-e2e-',
      env: { DEMO_CARS: '400' },
      width: 1280,
      hydrate: true,
    });
  });

  afterAll(() => site?.stop());

  it('given the blog, then a category filters on the client and an article opens on its own page', async () => {
    const { page, errors, status, close } = await open('/fr/blog');
    expect(status).toBe(200);
    await shoot(page, 'blog-fr');
    await page.locator('.pill', { hasText: 'Entretien' }).click();
    await page.waitForURL(/\/fr\/blog\/categorie\/entretien$/);
    await expect.poll(() => page.locator('.post').count()).toBe(2);
    await page.locator('.post__title a').first().click();
    await page.waitForURL(/\/fr\/blog\/entretien\/[\w-]+$/);
    await page.locator('.post--full p').first().waitFor();
    await shoot(page, 'blog-fr-article');
    expect(errors).toEqual([]);
    await close();
  });

  it('given the favorites of a new visitor, then the page settles on its empty state', async () => {
    const { page, errors, status, close } = await open('/nl-BE/mijn-account/favorieten');
    expect(status).toBe(200);
    await page.locator('.empty-state').waitFor({ timeout: 15_000 });
    await expect(page.locator('.empty-state h2').textContent()).resolves.toBe('U hebt nog geen favorieten.');
    await shoot(page, 'favorites-nl-BE');
    expect(errors).toEqual([]);
    await close();
  });

  it('given the contact and B2B pages, then their lead forms can be sent (leads: e2e/leadForms.e2e.spec.ts)', async () => {
    for (const [path, name] of [
      ['/pl/kontakt', 'contact-pl'],
      ['/de/geschaeftskunden/kontakt', 'b2b-de'],
    ] as const) {
      const { page, errors, status, close } = await open(path);
      expect(status, path).toBe(200);
      expect(await page.locator('form.lead-form button[type="submit"]').isDisabled(), path).toBe(false);
      expect(await page.locator('form .notice').count(), path).toBe(0);
      await shoot(page, name);
      expect(errors, path).toEqual([]);
      await close();
    }
  });

  it('given a car’s picture page, then its three views load and it leads back to the car', async () => {
    const list = await open('/fr/acheter');
    const href = (await list.page.locator('.car-card__link').first().getAttribute('href'))!;
    await list.close();
    const [, id, slug] = /voiture-(\d+)\/([\w-]+)$/.exec(href)!;
    const { page, errors, status, close } = await open(`/fr/images/${id}/${slug}`);
    expect(status).toBe(200);
    await expect
      .poll(() =>
        page.evaluate(
          () => [...document.images].filter((img) => img.closest('.picture') && img.naturalWidth > 0).length,
        ),
      )
      .toBe(3);
    expect(await page.locator('.page-intro a.btn').getAttribute('href')).toBe(href);
    await shoot(page, 'images-fr');
    expect(errors).toEqual([]);
    await close();
  });

  it('given a phone-sized screen, then the new pages fit (screenshots)', async () => {
    for (const [path, name] of [
      ['/pl/blog', 'blog-mobile-pl'],
      ['/de/kontakt', 'contact-mobile-de'],
      ['/nl-BE/dienst-na-verkoop', 'aftersales-mobile-nl-BE'],
      ['/fr/promotions', 'promotions-mobile-fr'],
      ['/fr-BE/mon-compte/factures/ajouter', 'bills-mobile-fr-BE'],
    ] as const) {
      const { page, status, close } = await open(path, 390);
      expect(status, path).toBe(200);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await shoot(page, name);
      await close();
    }
  });
});
