/**
 * A page's head as TanStack Router head tags: title, description, robots, Open Graph, canonical URL,
 * hreflang alternates (every locale where the page exists, plus x-default, the French page, when it
 * exists in all nine) and JSON-LD.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { SITE_NAME } from '../components/siteName.ts';
import type { PageHead } from './PageModule.ts';

type Meta = Record<string, unknown>;
type Link = Record<string, string>;

/** Tags for `head` (`meta` and `links` of a route's head function). */
export function headTags(head: PageHead, locale: Locale, origin: string): { meta: Meta[]; links: Link[] } {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
  const meta: Meta[] = [
    { title: `${head.title} | ${SITE_NAME}` },
    { name: 'description', content: head.description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: absolute(head.canonical) },
    { property: 'og:locale', content: marketOf(locale).language.replace('-', '_') },
  ];
  if (head.image) meta.push({ property: 'og:image', content: absolute(head.image) });
  if (head.noindex) meta.push({ name: 'robots', content: 'noindex, follow' });
  if (head.jsonLd) meta.push({ 'script:ld+json': head.jsonLd });

  const links: Link[] = [{ rel: 'canonical', href: absolute(head.canonical) }];
  if (!head.noindex) {
    for (const other of LOCALES) {
      const path = head.alternates[other];
      if (path) links.push({ rel: 'alternate', hrefLang: marketOf(other).language, href: absolute(path) });
    }
    // x-default only for pages that exist in every locale (content): a car or a dealer of one country
    // has no "default" version for visitors of other markets.
    const fallback = head.alternates[DEFAULT_LOCALE];
    const everywhere = LOCALES.every((other) => head.alternates[other] !== undefined);
    if (fallback && everywhere)
      links.push({ rel: 'alternate', hrefLang: 'x-default', href: absolute(fallback) });
  }
  return { meta, links };
}
