/**
 * The route table compiled once, at load: one pattern per route and locale, found by full name and,
 * for matching, grouped by first path segment (a locale or `admin`) in precedence order.
 */
import { LOCALES, type Locale } from '../markets.ts';
import { type CompiledPattern, compilePattern } from './compilePattern.ts';
import type { RouteDefinition } from './defineRoute.ts';
import { ROUTES, type RouteBaseName, type RouteName, routeName } from './routes.ts';

/** One route in one locale, ready to match and render. */
export interface CompiledRoute {
  readonly name: RouteName;
  readonly base: RouteBaseName;
  readonly locale: Locale;
  readonly definition: RouteDefinition;
  readonly pattern: CompiledPattern;
  /**
   * The routes `matchUrl` tries before this one whose paths may start like this one's (one lead is a
   * prefix of the other): the only routes that can read one of this route's paths before it does.
   */
  readonly rivals: readonly CompiledRoute[];
}

const byName = new Map<string, CompiledRoute>();
const byFirstSegment = new Map<string, CompiledRoute[]>();

/** The first path segment, which every template must spell out (no parameter, no optional part). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

for (const base of Object.keys(ROUTES) as RouteBaseName[]) {
  const definition = ROUTES[base];
  for (const locale of LOCALES) {
    const template = definition.paths[locale];
    const first = firstSegment(template);
    if (!/^[\w-]+$/.test(first)) throw new Error(`route ${base}.${locale}: first segment must be literal`);
    const pattern = compilePattern(template, definition.params);
    const bucket = byFirstSegment.get(first) ?? [];
    const rivals = bucket.filter(
      (before) =>
        before.pattern.lead.startsWith(pattern.lead) || pattern.lead.startsWith(before.pattern.lead),
    );
    const route: CompiledRoute = { name: routeName(base, locale), base, locale, definition, pattern, rivals };
    byName.set(route.name, route);
    bucket.push(route);
    byFirstSegment.set(first, bucket);
  }
}

/** The compiled route of a full name, if it exists. */
export function compiledRoute(name: string): CompiledRoute | undefined {
  return byName.get(name);
}

/** The routes that may match a path, in precedence order. */
export function candidateRoutes(path: string): readonly CompiledRoute[] {
  return byFirstSegment.get(firstSegment(path)) ?? [];
}
