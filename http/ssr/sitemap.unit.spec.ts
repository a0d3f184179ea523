/**
 * Sitemaps: URLs made absolute and escaped, hreflang alternates, an index of the per-locale sitemaps, and
 * the entries made from data (cars, brands and models, dealers and hubs, blog) with their lastmod.
 */
import { describe, expect, it } from 'vitest';
import { BLOG_ARTICLES, BLOG_CATEGORIES, BLOG_CATEGORY_SLUGS } from '../../domain/content/blogSeed.ts';
import type { Locale } from '../../domain/markets.ts';
import { sitemapIndexXml, sitemapXml, staticSitemapEntries } from './sitemap.ts';
import {
  blogSitemapEntries,
  carSitemapEntry,
  catalogueLastModified,
  catalogueSitemapEntries,
} from './sitemapEntries.ts';

describe('sitemaps', () => {
  it('writes each page with its alternates, escaping XML', () => {
    const xml = sitemapXml('https://example.com', [
      { path: '/fr/marques', alternates: { fr: '/fr/marques', pl: '/pl/marki' }, lastModified: '2024-05-01' },
      { path: '/fr/acheter?page=2&sort=x' },
    ]);
    expect(xml).toContain('<loc>https://example.com/fr/marques</loc>');
    expect(xml).toContain('<lastmod>2024-05-01</lastmod>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="pl-PL" href="https://example.com/pl/marki"/>',
    );
    expect(xml).toContain('<loc>https://example.com/fr/acheter?page=2&amp;sort=x</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
  });

  it('writes the index', () => {
    expect(sitemapIndexXml('https://example.com', ['/fr/sitemap.xml'])).toContain(
      '<sitemap><loc>https://example.com/fr/sitemap.xml</loc></sitemap>',
    );
  });

  it('lists the indexable pages without parameters that have a page, in the locale', () => {
    const paths = staticSitemapEntries('es').map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/es',
        '/es/comprar',
        '/es/comprar-nuevo',
        '/es/marcas',
        '/es/nuestros-concesionarios',
      ]),
    );
    expect(paths).not.toContain('/es/mi-cuenta');
    expect(staticSitemapEntries('es').find((e) => e.path === '/es/marcas')?.alternates?.at).toBe(
      '/at/marken',
    );
  });
});

describe('sitemap entries from data', () => {
  const at = '2026-09-01T10:00:00.000Z';
  const later = '2026-09-03T08:00:00.000Z';

  it('lists a car on its condition’s route, in the locales of its country only, with its last change', () => {
    expect(
      carSitemapEntry('nl-BE', { carId: '12', slug: 'bmw-x3', condition: 'new', updatedAt: at }),
    ).toEqual([
      {
        path: '/nl-BE/kopen-nieuw/auto-12/bmw-x3',
        alternates: {
          'fr-BE': '/fr-BE/acheter-neuf/voiture-12/bmw-x3',
          'nl-BE': '/nl-BE/kopen-nieuw/auto-12/bmw-x3',
        },
        lastModified: at,
      },
    ]);
  });

  it('lists brands, models and their lists in every locale, dealers and hubs in the country’s; unknown brands are left out', () => {
    const entries = catalogueSitemapEntries(
      'de',
      [
        { brand: 'bmw', model: 'x3', condition: 'used', updatedAt: at },
        { brand: 'bmw', model: 'x3', condition: 'new', updatedAt: later },
        { brand: 'no-such-brand', model: 'x', condition: 'used', updatedAt: at },
      ],
      [{ dealerId: '42', slug: 'berlin/mitte', hub: 'berlin' }],
    );
    const byPath = new Map(entries.map((e) => [e.path, e]));
    expect([...byPath.keys()]).toEqual([
      '/de/marken/bmw',
      '/de/kaufen/bmw',
      '/de/kaufen-neuwagen/bmw',
      '/de/marken/bmw/x3',
      '/de/kaufen/bmw/x3',
      '/de/kaufen-neuwagen/bmw/x3',
      '/de/standorte/berlin/mitte-42',
      '/de/standorte/berlin',
    ]);
    expect(byPath.get('/de/marken/bmw')?.lastModified).toBe(later);
    expect(byPath.get('/de/kaufen/bmw')?.lastModified).toBe(at);
    expect(Object.keys(byPath.get('/de/marken/bmw/x3')!.alternates!)).toHaveLength(9);
    expect(byPath.get('/de/kaufen/bmw/x3')?.alternates?.pl).toBe('/pl/kup/bmw/x3');
    expect(byPath.get('/de/standorte/berlin/mitte-42')?.alternates).toEqual({
      de: '/de/standorte/berlin/mitte-42',
    });
  });

  it('lists the blog’s further pages, its categories with their newest article’s date, and its articles', () => {
    // The shipped blog as published items (http/contentSeed.ts), in Italian and Dutch (Belgium).
    const viewOf = (locale: Locale) => ({
      categories: BLOG_CATEGORIES.map((key, i) => ({
        id: `ct_cat${key}`,
        key,
        slug: BLOG_CATEGORY_SLUGS[key][locale],
        name: key,
        intro: '',
        order: i,
      })),
      articles: BLOG_ARTICLES.map((a) => ({
        id: `ct_art${a.slug.replaceAll('-', '')}`,
        slug: a.slug,
        category: a.category,
        title: a.slug,
        summary: a.slug,
        body: a.slug,
        publishedOn: a.published,
        image: '' as const,
        imageAlt: '',
      })),
    });
    const entries = blogSitemapEntries('it', { it: viewOf('it'), 'nl-BE': viewOf('nl-BE') });
    expect(entries.slice(0, 4).map((e) => e.path)).toEqual([
      '/it/blog/2',
      '/it/blog/categoria/consigli-acquisto',
      '/it/blog/categoria/elettrico-ibrido',
      '/it/blog/categoria/manutenzione',
    ]);
    expect(entries[3]?.lastModified).toBe('2026-03-24');
    expect(entries[3]?.alternates?.['nl-BE']).toBe('/nl-BE/blog/categorie/onderhoud');
    expect(entries[3]?.alternates?.de).toBeUndefined();
    const article = entries.find((e) => e.path === '/it/blog/manutenzione/tyres-all-seasons');
    expect(article).toEqual({
      path: '/it/blog/manutenzione/tyres-all-seasons',
      alternates: { it: '/it/blog/manutenzione/tyres-all-seasons' },
      lastModified: '2026-03-24',
    });
    expect(entries).toHaveLength(4 + BLOG_ARTICLES.length);
    expect(blogSitemapEntries('de', {})).toEqual([]);
  });

  it('dates the home page and the lists with the catalogue’s last change', () => {
    const entries = staticSitemapEntries(
      'fr',
      catalogueLastModified([
        { brand: 'bmw', model: 'x3', condition: 'used', updatedAt: at },
        { brand: 'bmw', model: 'x3', condition: 'new', updatedAt: later },
      ]),
    );
    const byPath = new Map(entries.map((e) => [e.path, e.lastModified]));
    expect(byPath.get('/fr')).toBe(later);
    expect(byPath.get('/fr/acheter')).toBe(at);
    expect(byPath.get('/fr/acheter-neuf')).toBe(later);
    expect(byPath.get('/fr/nos-concessionnaires')).toBeUndefined();
  });
});
