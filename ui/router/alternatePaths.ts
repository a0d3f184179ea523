/**
 * The same page in the other locales: the same route name with the other locale and the same (or
 * translated) parameters, through `generateUrl`. Used for hreflang links and the language switcher.
 */
import { type CountryCode, LOCALES, type Locale } from '../../domain/markets.ts';
import { generateUrl, type RouteMatch, type RouteParams, routeName } from '../../domain/routes/index.ts';
import { localesOf } from './marketLocales.ts';

/**
 * The hreflang policy: content pages (home, lists, brands, blog, services) exist in every locale, so
 * their alternates are all nine (plus x-default, see headTags.ts); a car, a dealer or a hub is in one
 * country, so its alternates are only that country's locales ({@link countryAlternates}).
 *
 * Path of `match`'s page in every locale where it can be built. `paramsIn(locale)` gives the parameters
 * for a locale (facet words are translated, say), or null when the page has no equivalent there; by
 * default the parameters are kept. A `query` is appended to every path.
 */
export function alternatePaths(
  match: RouteMatch,
  paramsIn: (locale: Locale) => RouteParams | null = () => match.params,
  query = '',
): Partial<Record<Locale, string>> {
  const paths: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const params = paramsIn(locale);
    if (params === null) continue;
    try {
      paths[locale] = `${generateUrl(routeName(match.route, locale), params)}${query}`;
    } catch {
      // A value that is not valid in that locale (a facet spelling a reserved word): no equivalent.
    }
  }
  return paths;
}

/** Path of `match`'s page (same parameters) in each locale of `country` only: a car, a dealer, a hub. */
export function countryAlternates(match: RouteMatch, country: CountryCode): Partial<Record<Locale, string>> {
  const locales = localesOf(country);
  return alternatePaths(match, (locale) => (locales.includes(locale) ? match.params : null));
}
