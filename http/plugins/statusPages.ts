/**
 * A browser never sees JSON: a navigation (GET or HEAD asking for a page, not for JSON) that ends in a
 * 4xx or 5xx gets the site's page for it in the visitor's language, rendered by the storefront
 * (http/ssr/ssrPlugin.ts registers the renderer); API clients keep their JSON. A locale prefix in the
 * wrong case (`/FR`, `/fr-be/acheter`) is redirected (301) to the right one; an unknown prefix gets the
 * 404 page in the language the browser asks for (Accept-Language), else the default locale's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../domain/markets.ts';
import { wantsJson } from './acceptConstraint.ts';

/** Renders the site's page for `status` in `locale` and sends it. */
export type StatusPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  locale: Locale,
) => Promise<FastifyReply>;

/** Where the storefront puts its renderer (one per app; none without the storefront: JSON answers). */
export interface StatusPages {
  render?: StatusPageRenderer;
}

/** Whether the request is a browser's navigation to a page (not an API call, not a form post). */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept;
  return !!accept && accept.includes('text/html') && !wantsJson(accept);
}

const BY_LOWER_CASE = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The path with its locale prefix in the right case, if it had one in another case. */
export function recasedLocalePath(url: string): string | undefined {
  const match = /^\/([^/?#]+)(.*)$/s.exec(url);
  if (!match) return undefined;
  const [, prefix = '', rest = ''] = match;
  const locale = BY_LOWER_CASE.get(prefix.toLowerCase());
  return locale && locale !== prefix ? `/${locale}${rest}` : undefined;
}

/** The locale of the path's prefix, or the first of ours the browser asks for, or the default. */
export function statusPageLocale(url: string, acceptLanguage: string | undefined): Locale {
  const prefix = /^\/([^/?#]+)/.exec(url)?.[1];
  const own = prefix ? BY_LOWER_CASE.get(prefix.toLowerCase()) : undefined;
  if (own) return own;
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of asked) {
    const exact = BY_LOWER_CASE.get(tag);
    if (exact) return exact;
    const [language, region] = tag.split('-');
    if (language === 'de') return region === 'at' ? 'at' : 'de';
    if (language === 'nl') return 'nl-BE';
    if (language === 'fr') return region === 'be' ? 'fr-BE' : 'fr';
    const plain = language ? BY_LOWER_CASE.get(language) : undefined;
    if (plain) return plain;
  }
  return DEFAULT_LOCALE;
}
