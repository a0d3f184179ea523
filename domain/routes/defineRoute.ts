/**
 * The shape of one route-table entry and the helper that expands a template into its nine localised
 * paths. Storefront, funnel and call templates get the `/{locale}` prefix, admin ones `/admin/{locale}`;
 * `@key` is replaced by the translated segment (see segments.ts).
 */
import { LOCALES, type Locale } from '../markets.ts';
import type { ParamRule } from './paramRules.ts';
import { isSegmentKey, segment } from './segments.ts';

/** Who a route serves: public pages, buyer funnels, the back office, or an ajax call. */
export type RouteKind = 'storefront' | 'funnel' | 'admin' | 'call';

/** HTTP methods a route answers. */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** One route, in all nine locales. */
export interface RouteDefinition {
  readonly kind: RouteKind;
  readonly methods: readonly HttpMethod[];
  /**
   * The full path template per locale, segments translated: `/fr/acheter/voiture-:id/:slug`.
   * `:name` is a parameter, `{…}` an optional part.
   */
  readonly paths: Readonly<Record<Locale, string>>;
  /** Rule of each parameter of the template. */
  readonly params: Readonly<Record<string, ParamRule>>;
  /** A public page search engines should read: rendered on the server, listed in the sitemap. */
  readonly indexable: boolean;
  /**
   * A parameter carrying the route's own locale instead of a prefix (the dealers export only): it may be
   * given to `generateUrl` when equal to the route's locale, and `matchUrl` returns it.
   */
  readonly localeParam?: string;
}

/** What a table entry says; `defineRoute` turns it into a {@link RouteDefinition}. */
export interface RouteSpec {
  readonly kind: RouteKind;
  readonly methods?: readonly HttpMethod[];
  /** Template after the locale prefix (`/@buy/@car-:id/:slug`), or the full path per locale. */
  readonly path: string | ((locale: Locale) => string);
  readonly params?: Readonly<Record<string, ParamRule>>;
  readonly indexable?: boolean;
  readonly localeParam?: string;
}

const prefixOf = (kind: RouteKind, locale: Locale): string =>
  kind === 'admin' ? `/admin/${locale}` : `/${locale}`;

function translate(template: string, locale: Locale): string {
  return template.replace(/@([A-Za-z][A-Za-z0-9]*)/g, (_, key: string) => {
    if (!isSegmentKey(key)) throw new Error(`route template ${template}: unknown segment @${key}`);
    return segment(key, locale);
  });
}

/** Expands a route spec into its localised paths (GET and not indexable unless told otherwise). */
export function defineRoute(spec: RouteSpec): RouteDefinition {
  const { path } = spec;
  const paths = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      typeof path === 'string' ? `${prefixOf(spec.kind, locale)}${translate(path, locale)}` : path(locale),
    ]),
  ) as Record<Locale, string>;
  return {
    kind: spec.kind,
    methods: spec.methods ?? ['GET'],
    paths,
    params: spec.params ?? {},
    indexable: spec.indexable ?? false,
    ...(spec.localeParam === undefined ? {} : { localeParam: spec.localeParam }),
  };
}
