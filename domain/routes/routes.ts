/**
 * The route table: every route of SPEC §2 and §7 (as far as their paths are known), once, with its path
 * in each of the nine locales. The server, the browser router and the sitemap all read it. A route's
 * full name carries the locale: `car_detail.fr-BE`.
 *
 * Precedence: the order of the keys below (calls, funnels, storefront, back office; inside each file,
 * its own order). `matchUrl` returns the first route whose pattern fits.
 */
import { isLocale, LOCALES, type Locale } from '../markets.ts';
import { ADMIN_ROUTES } from './adminRoutes.ts';
import { CALL_ROUTES } from './callRoutes.ts';
import type { RouteDefinition } from './defineRoute.ts';
import { FUNNEL_ROUTES } from './funnelRoutes.ts';
import { LEAD_CALL_ROUTES, LEAD_PAGE_ROUTES } from './leadRoutes.ts';
import { STOREFRONT_CALL_ROUTES } from './storefrontCallRoutes.ts';
import { STOREFRONT_ROUTES } from './storefrontRoutes.ts';

const GROUPS = [
  CALL_ROUTES,
  STOREFRONT_CALL_ROUTES,
  LEAD_CALL_ROUTES,
  FUNNEL_ROUTES,
  LEAD_PAGE_ROUTES,
  STOREFRONT_ROUTES,
  ADMIN_ROUTES,
] as const;

const TABLE = {
  ...CALL_ROUTES,
  ...STOREFRONT_CALL_ROUTES,
  ...LEAD_CALL_ROUTES,
  ...FUNNEL_ROUTES,
  ...LEAD_PAGE_ROUTES,
  ...STOREFRONT_ROUTES,
  ...ADMIN_ROUTES,
};

// A name repeated in two files would silently replace the first: refuse to load instead.
if (GROUPS.reduce((count, group) => count + Object.keys(group).length, 0) !== Object.keys(TABLE).length) {
  throw new Error('route table: a route name is defined twice');
}

/** A route's name without locale: `car_detail`. */
export type RouteBaseName = keyof typeof TABLE;

/** Every route by name without locale suffix, in precedence order. */
export const ROUTES: Readonly<Record<RouteBaseName, RouteDefinition>> = Object.freeze(TABLE);

/** A route's full name: `car_detail.de`. */
export type RouteName = `${RouteBaseName}.${Locale}`;

/** Whether a name is a route's name without locale. */
export function isRouteBaseName(name: string): name is RouteBaseName {
  return Object.hasOwn(ROUTES, name);
}

/** The full name of a route in a locale. */
export function routeName(base: RouteBaseName, locale: Locale): RouteName {
  return `${base}.${locale}`;
}

/** Splits a full route name into its base and locale, or null when it is not one. */
export function parseRouteName(
  name: string,
): { readonly base: RouteBaseName; readonly locale: Locale } | null {
  // Locales contain hyphens but no dot; base names neither.
  const dot = name.lastIndexOf('.');
  const base = name.slice(0, dot);
  const locale = name.slice(dot + 1);
  return dot > 0 && isRouteBaseName(base) && isLocale(locale) ? { base, locale } : null;
}

/** Every full route name, in precedence order, each route in the LOCALES order. */
export function routeNames(): RouteName[] {
  return (Object.keys(ROUTES) as RouteBaseName[]).flatMap((base) =>
    LOCALES.map((locale) => routeName(base, locale)),
  );
}
