/**
 * Sitemaps (sitemaps.org, with hreflang alternates as Google reads them): the XML of a sitemap and of
 * the index, and the pages that need no parameter. The other entries (blog, brands, cars, dealers) are
 * in sitemapEntries.ts, the routes and the split into files in sitemapPlugin.ts.
 */
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, ROUTES, type RouteBaseName, routeName } from '../../domain/routes/index.ts';
import { isPageRoute } from '../../ui/pages/pages.ts';
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

/** Path of part `part` (from 1) of a locale's sitemap: `/fr/sitemap.xml`, then `/fr/sitemap-2.xml`, … */
export function sitemapPath(locale: Locale, part = 1): string {
  return part === 1 ? `/${locale}/sitemap.xml` : `/${locale}/sitemap-${part}.xml`;
}

/**
 * The indexable pages of a locale that need no parameter (home, lists, brands, dealers, blog, booking
 * FAQ, …), limited to the routes that have a page: a sitemap never lists a 404. `lastModified` gives the
 * `lastmod` of the routes where it is known (the home page and lists: the catalogue's last change).
 */
export function staticSitemapEntries(
  locale: Locale,
  lastModified: Partial<Record<RouteBaseName, string>> = {},
): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  for (const base of Object.keys(ROUTES) as RouteBaseName[]) {
    const route = ROUTES[base];
    if (route.kind !== 'storefront' || !route.indexable || !isPageRoute(base)) continue;
    let path: string;
    try {
      path = generateUrl(routeName(base, locale));
    } catch {
      continue; // needs parameters: listed by the data layer (cars, brands, dealers)
    }
    const modified = lastModified[base];
    entries.push({
      path,
      alternates: alternatePaths({ name: routeName(base, locale), route: base, locale, params: {} }),
      ...(modified ? { lastModified: modified } : {}),
    });
  }
  return entries;
}
