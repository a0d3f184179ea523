/**
 * Builds the path of a route (SPEC §8: an unknown route or a missing parameter is an error). Every value
 * is checked against its rule, unknown parameters are refused (there is no query-string fallback), and
 * the built path is read back as `matchUrl` reads it: a URL that would lead elsewhere (a facet spelling a
 * reserved word, say) is refused rather than handed out.
 */
import { isLocale, LOCALES } from '../markets.ts';
import { type CompiledRoute, compiledRoute } from './compiledRoutes.ts';
import { matchUrl } from './matchUrl.ts';
import { followsRule, LOCALE } from './paramRules.ts';
import { RouteError } from './RouteError.ts';
import { isRouteBaseName, type RouteName } from './routes.ts';

/** Parameter values; numbers are written in decimal, `undefined` counts as omitted. */
export type RouteParams = Readonly<Record<string, string | number | undefined>>;

function unknownRoute(name: string): RouteError {
  const dot = name.lastIndexOf('.');
  const base = dot === -1 ? name : name.slice(0, dot);
  if (dot === -1 && isRouteBaseName(name)) return RouteError.unknownRoute(name, `add a locale: ${name}.fr`);
  if (isRouteBaseName(base) && !isLocale(name.slice(dot + 1))) {
    return RouteError.unknownRoute(name, `the locale must be one of: ${LOCALES.join(', ')}`);
  }
  return RouteError.unknownRoute(name);
}

/**
 * The path of route `name` (with its locale suffix) for `params`. Optional parameters may be left out:
 * `page` then means 1 and is not written; `bookingId` means 0 and is written.
 * @throws RouteError `not_found` for an unknown route; `validation` for a missing, unknown or invalid
 * parameter.
 */
export function generateUrl(
  name: RouteName | (string & Record<never, never>),
  params: RouteParams = {},
): string {
  // A route without parameters has one path: the header, footer and breadcrumbs ask for the same ones
  // on every page. Only paths built without error are kept (at most one per route and locale).
  if (!hasValues(params)) {
    let path = bare.get(name);
    if (path === undefined) {
      path = build(name, params);
      bare.set(name, path);
    }
    return path;
  }
  return build(name, params);
}

const bare = new Map<string, string>();

function hasValues(params: RouteParams): boolean {
  for (const key in params) if (Object.hasOwn(params, key) && params[key] !== undefined) return true;
  return false;
}

function build(name: string, params: RouteParams): string {
  const route = compiledRoute(name);
  if (route === undefined) throw unknownRoute(name);
  const { definition } = route;

  const values: Record<string, string> = {};
  for (const [param, raw] of Object.entries(params)) {
    if (raw === undefined) continue;
    const value = String(raw);
    if (param === definition.localeParam) {
      checkLocaleParam(route, param, value);
      continue;
    }
    // hasOwn: a parameter named like an Object.prototype member (`__proto__`, `toString`) is unknown too.
    const rule = Object.hasOwn(definition.params, param) ? definition.params[param] : undefined;
    if (rule === undefined) throw RouteError.invalidParam(name, param, 'is not a parameter of this route');
    if (!followsRule(rule, value)) {
      throw RouteError.invalidParam(name, param, `must be ${rule.describe}, got ${JSON.stringify(value)}`);
    }
    values[param] = value;
  }

  const rendered = route.pattern.render(values);
  if (!rendered.ok) throw RouteError.invalidParam(name, rendered.missing, 'is missing');

  // The round trip is the contract: the path must lead back to this route with these values.
  const expected: Record<string, string> = { ...values };
  for (const [param, rule] of Object.entries(definition.params)) {
    if (expected[param] === undefined && rule.default !== undefined) expected[param] = rule.default;
  }
  if (definition.localeParam !== undefined) expected[definition.localeParam] = route.locale;
  const own = readBack(route, rendered.path);
  if (own !== null && sameValues(own, expected)) return rendered.path;
  const back = matchUrl(rendered.path);
  if (back === null || back.name !== route.name || !sameValues(back.params, expected)) {
    const param = Object.keys(values)[0] ?? 'path';
    const reading = back === null ? 'no route' : `route ${back.name}`;
    throw RouteError.invalidParam(name, param, `makes the path ${rendered.path}, which leads to ${reading}`);
  }
  return rendered.path;
}

/**
 * What `matchUrl(path)` reads when it is `route`'s own: only the route's rivals can read the path before
 * it (compiledRoutes.ts), so only they are tried (a list page's links: a few prefix tests instead of a
 * regular expression per route). Null when a rival reads it, the route does not, or the path is not in
 * the plain form this shortcut assumes; the caller then asks `matchUrl` itself.
 */
function readBack(route: CompiledRoute, path: string): Readonly<Record<string, string>> | null {
  if (!path.startsWith('/') || path.endsWith('/') || /[?#]/.test(path)) return null;
  for (const rival of route.rivals) {
    if (path.startsWith(rival.pattern.lead) && rival.pattern.match(path) !== null) return null;
  }
  const params = route.pattern.match(path);
  const { localeParam } = route.definition;
  if (params !== null && localeParam !== undefined) params[localeParam] = route.locale;
  return params;
}

/** The dealers export's `locale` may be given, but only as the route's own locale. */
function checkLocaleParam(route: CompiledRoute, param: string, value: string): void {
  if (!followsRule(LOCALE, value)) {
    throw RouteError.invalidParam(
      route.name,
      param,
      `must be ${LOCALE.describe}, got ${JSON.stringify(value)}`,
    );
  }
  if (value !== route.locale) {
    const problem = `must be ${route.locale}, this route's locale (use ${route.base}.${value})`;
    throw RouteError.invalidParam(route.name, param, problem);
  }
}

function sameValues(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
