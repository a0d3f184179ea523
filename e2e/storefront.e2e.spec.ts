/**
 * The storefront in a real browser (Chromium through playwright-core) against the real site
 * (`bin/start.ts` on a fresh embedded database with the demo catalogue): pages are rendered on the
 * server, hydrate without mismatch, then navigate on the client (the language switcher keeps the page
 * and does not reload the document); the dealer map degrades when its tiles cannot load. Screenshots
 * go to e2e/screenshots/ (not committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSite, CHROMIUM, hasChromium, hydrated, shoot, startBrowserSite } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the storefront browser tests are skipped`);

describe.skipIf(!hasChromium)('the storefront in a browser', () => {
  let site: BrowserSite;
  const open = (path: string, width?: number) => site.open(path, width);

  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'storefront-e2e-', width: 1366, locale: 'fr-FR' });
  });

  afterAll(() => site?.stop());

  it('given the home page, then it is rendered on the server, hydrates, and the language switcher navigates on the client', async () => {
    const { page, errors, status, close } = await open('/fr');
    expect(status).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await expect(page.locator('h1').textContent()).resolves.toContain('La voiture qu’il vous faut');
    await hydrated(page);
    await shoot(page, 'home-fr');

    // A document reload would lose this.
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    await page.locator('.lang-switcher summary').click();
    await page.locator('.lang-switcher__menu a[hreflang="de-DE"]').click();
    await page.waitForURL(`${site.url}/de`);
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await expect(page.locator('h1').textContent()).resolves.toContain('Ihr nächstes Auto');
    expect(await page.title()).toBe('Neu- und Gebrauchtwagen online kaufen | AutoNova');
    expect(
      await page.evaluate(() => (window as { stillTheSameDocument?: boolean }).stillTheSameDocument),
    ).toBe(true);
    // The head follows: canonical and hreflang now describe the German page.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.url}/de`);
    expect(await page.locator('link[rel="alternate"][hreflang="pl-PL"]').getAttribute('href')).toBe(
      `${site.url}/pl`,
    );
    await shoot(page, 'home-de-after-switch');
    expect(errors).toEqual([]);
    await close();
  });

  it('given the used-car list, then cars, facets and sorting work, and a car opens its detail page', async () => {
    const { page, errors, status, close } = await open('/fr/acheter');
    expect(status).toBe(200);
    await hydrated(page);
    expect(await page.locator('.car-card').count()).toBeGreaterThan(0);
    expect(await page.locator('.facet').count()).toBeGreaterThan(3);
    await shoot(page, 'list-fr');

    // A fuel facet: a path segment in French, the list filtered on the client.
    await page.locator('.facet__option', { hasText: 'Diesel' }).first().click();
    await page.waitForURL(/\/fr\/acheter\/diesel$/);
    await expect(page.locator('.chip').first().textContent()).resolves.toContain('Diesel');

    // Sorting by price: the cheapest first.
    await page.locator('.sort-form select').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    // The URL changes first; the sorted cars replace the list once their data has loaded.
    const shownPrices = async () =>
      (await page.locator('.car-card__price').allTextContents()).map((p) => Number(p.replace(/[^\d]/g, '')));
    await expect
      .poll(
        async () => {
          const amounts = await shownPrices();
          return amounts.length > 0 && amounts.every((amount, i) => i === 0 || amounts[i - 1]! <= amount);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await shoot(page, 'list-fr-diesel-by-price');

    await page.locator('.car-card__link').first().click();
    await page.waitForURL(/\/fr\/acheter\/voiture-\d+\//);
    await page.locator('.buy-box__price').waitFor();
    expect(await page.locator('.specs__row').count()).toBeGreaterThan(8);
    await shoot(page, 'car-detail-fr');
    expect(errors).toEqual([]);
    await close();
  });

  it('given a car detail page loaded directly, then it carries its JSON-LD offer and hydrates without mismatch', async () => {
    const list = await open('/it/ricerca-auto');
    const href = await list.page.locator('.car-card__link').first().getAttribute('href');
    await list.close();
    const { page, errors, status, close } = await open(href!);
    expect(status).toBe(200);
    await hydrated(page);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'Car', offers: { '@type': 'Offer', priceCurrency: 'EUR' } });
    await page.locator('.gallery__thumb').nth(1).click();
    expect(await page.locator('.gallery__thumb').nth(1).getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'car-detail-it');
    expect(errors).toEqual([]);
    await close();
  });

  it('given the dealer locator, then the dealers are listed even though the map tiles cannot load', async () => {
    const { page, errors, status, close } = await open('/fr/nos-concessionnaires');
    expect(status).toBe(200);
    await hydrated(page);
    expect(await page.locator('.dealer-card').count()).toBeGreaterThan(0);
    // Leaflet loads in the browser only; without tiles the frame says so and keeps the markers.
    await page.locator('.leaflet-container').waitFor({ timeout: 15_000 });
    await page.locator('.dealer-map__notice').waitFor({ timeout: 15_000 });
    expect(await page.locator('.leaflet-interactive').count()).toBeGreaterThan(0);
    await shoot(page, 'dealers-fr');
    expect(errors).toEqual([]);
    await close();
  });

  it('given an unknown path, then the 404 page in the path’s language with status 404', async () => {
    const { page, status, close } = await open('/pl/kup/nie-ma-takiej-strony');
    expect(status).toBe(404);
    await expect(page.locator('h1').textContent()).resolves.toBe('Nie znaleziono strony');
    await shoot(page, 'not-found-pl');
    await close();
  });

  it('given a Belgian car, then the visitor keeps it as a favorite, finds it on the favorites page, and reads the car in Dutch', async () => {
    const list = await open('/fr-BE/acheter');
    const href = await list.page.locator('.car-card__link').first().getAttribute('href');
    await list.close();
    const { page, errors, close } = await open(href!);
    await hydrated(page);
    const heart = page.locator('.buy-box .favorite__button');
    await expect.poll(() => heart.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect(heart.textContent()).resolves.toContain('Dans vos favoris');
    await shoot(page, 'car-detail-fr-BE-favorite');

    // The same car in Dutch: a Belgian car's alternates are Belgium's two languages.
    await page.locator('.lang-switcher summary').click();
    await page.locator('.lang-switcher__menu a[hreflang="nl-BE"]').click();
    await page.waitForURL(/\/nl-BE\/kopen\//);
    await page.waitForFunction(() => document.documentElement.lang === 'nl-BE');
    await expect.poll(() => heart.textContent(), { timeout: 15_000 }).toContain('Bij uw favorieten');
    await shoot(page, 'car-detail-nl-BE-favorite');

    // The favorites page (same browser session) lists it; taking it off empties the list.
    await page.goto(`${site.url}/fr-BE/mon-compte/favoris`);
    await hydrated(page);
    await page.locator('.car-card').first().waitFor({ timeout: 15_000 });
    expect(await page.locator('.car-card').count()).toBe(1);
    await shoot(page, 'favorites-fr-BE');
    await page.locator('.car-card .favorite__button').click();
    // Taken off: the heart turns off, or the card already left the refreshed list.
    const takenOff = () =>
      page.evaluate(() => {
        const heart = document.querySelector('.car-card .favorite__button');
        return heart === null || heart.getAttribute('aria-pressed') === 'false';
      });
    await expect.poll(takenOff, { timeout: 15_000 }).toBe(true);
    await page.reload();
    await hydrated(page);
    await page.locator('.empty-state').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await close();
  });

  it('given a phone-sized screen, then the pages fit (screenshots)', async () => {
    for (const [path, name] of [
      ['/fr', 'home-mobile'],
      ['/nl-BE/kopen', 'list-mobile'],
    ] as const) {
      const { page, status, close } = await open(path, 390);
      expect(status).toBe(200);
      await hydrated(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, name);
      await close();
    }
  });
});
