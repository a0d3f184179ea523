/**
 * Sitemaps (sitemaps.org, with hreflang alternates as Google reads them): an index at `/sitemap.xml`
 * pointing at one sitemap per locale, `/{locale}/sitemap.xml`. The functions take lists of URLs, so
 * the data layer can add cars, brands and dealers to the static pages.
 */
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, ROUTES, type RouteBaseName, routeName } from '../../domain/routes/index.ts';
import { PAGES } from '../../ui/pages/pages.ts';
import { alternatePaths } from '../../ui/router/alternatePaths.ts';

/** One page of a sitemap: its path and, when known, the same page in the other locales. */
export interface SitemapEntry {
  readonly path: string;
  readonly alternates?: Partial<Record<Locale, string>>;
  /** ISO 8601 date of the last change. */
  readonly lastModified?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A sitemap listing `entries` (paths made absolute with `origin`). */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeXml(origin + entry.path)}</loc>`];
    if (entry.lastModified) lines.push(`    <lastmod>${escapeXml(entry.lastModified)}</lastmod>`);
    for (const locale of LOCALES) {
      const path = entry.alternates?.[locale];
      if (!path) continue;
      const language = marketOf(locale).language;
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(origin + path)}"/>`,
      );
    }
    return `  <url>\n${lines.join('\n')}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** A sitemap index listing the sitemaps at `paths`. */
export function sitemapIndexXml(origin: string, paths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <sitemap><loc>${escapeXml(origin + path)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** Path of a locale's sitemap. */
export function sitemapPath(locale: Locale): string {
  return `/${locale}/sitemap.xml`;
}

/**
 * The indexable pages of a locale that need no parameter (home, lists, brands, dealers, booking FAQ, …),
 * limited to the routes that have a page: a sitemap never lists a 404.
 */
export function staticSitemapEntries(locale: Locale): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const base of Object.keys(ROUTES) as RouteBaseName[]) {
    const route = ROUTES[base];
    if (route.kind !== 'storefront' || !route.indexable || !PAGES[base]) continue;
    let path: string;
    try {
      path = generateUrl(routeName(base, locale));
    } catch {
      continue; // needs parameters: listed by the data layer (cars, brands, dealers)
    }
    entries.push({
      path,
      alternates: alternatePaths({ name: routeName(base, locale), route: base, locale, params: {} }),
    });
  }
  return entries;
}
