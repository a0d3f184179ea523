/**
 * The same page in the other locales: the same route name with the other locale and the same (or
 * translated) parameters, through `generateUrl`. Used for hreflang links and the language switcher.
 */
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { generateUrl, type RouteMatch, type RouteParams, routeName } from '../../domain/routes/index.ts';

/**
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
