/**
 * Reads a path back into a route: the first route, in table order, whose pattern fits (see README.md,
 * "Precedence"). Parameters come back as strings, defaults filled (page 1, bookingId 0).
 */
import type { Locale } from '../markets.ts';
import { candidateRoutes } from './compiledRoutes.ts';
import type { RouteBaseName, RouteName } from './routes.ts';

/** A path read as a route. */
export interface RouteMatch {
  /** Full name: `car_detail.de`. */
  readonly name: RouteName;
  /** Name without locale: `car_detail`. */
  readonly route: RouteBaseName;
  readonly locale: Locale;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The route a path leads to, or null. A query string or fragment is ignored, and so is one trailing
 * slash (`/fr/acheter/` reads as `/fr/acheter`); percent-encoded characters never match (no rule allows
 * them).
 */
export function matchUrl(path: string): RouteMatch | null {
  let clean = path.replace(/[?#].*$/s, '');
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (!clean.startsWith('/')) return null;
  for (const route of candidateRoutes(clean)) {
    const params = route.pattern.match(clean);
    if (params === null) continue;
    const { localeParam } = route.definition;
    if (localeParam !== undefined) params[localeParam] = route.locale;
    return { name: route.name, route: route.base, locale: route.locale, params };
  }
  return null;
}
