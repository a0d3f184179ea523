/** Page URLs, always from the route table (`generateUrl`), never spelled by hand. */
import type { Locale } from '../../domain/markets.ts';
import { generateUrl, type RouteBaseName, type RouteParams, routeName } from '../../domain/routes/index.ts';

/** The path of route `base` in `locale`. Throws `RouteError` for a missing or invalid parameter. */
export function urlFor(base: RouteBaseName, locale: Locale, params?: RouteParams): string {
  return generateUrl(routeName(base, locale), params);
}

/** Appends a query string, leaving out empty values (`?page=2&sort=price_asc`). */
export function withQuery(
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}
