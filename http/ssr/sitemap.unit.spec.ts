/** Sitemaps: URLs made absolute and escaped, hreflang alternates, an index of the per-locale sitemaps. */
import { describe, expect, it } from 'vitest';
import { sitemapIndexXml, sitemapXml, staticSitemapEntries } from './sitemap.ts';

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
