/**
 * The head most pages need: their own URL as canonical and the same route in every locale as alternates;
 * a funnel's page only in the locales of its market (a purchase or booking exists in one market: the
 * language switch leads elsewhere to that locale's home).
 */

import { marketOf } from '../../domain/markets.ts';
import type { RouteMatch } from '../../domain/routes/index.ts';
import { alternatePaths, countryAlternates } from '../router/alternatePaths.ts';
import type { PageHead } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';

/** Head of a page whose parameters are the same in every locale. */
export function pageHead(
  match: RouteMatch,
  title: string,
  description: string,
  extra: Partial<PageHead> = {},
): PageHead {
  return {
    title,
    description,
    canonical: urlFor(match.route, match.locale, match.params),
    alternates: alternatePaths(match),
    ...extra,
  };
}

/** Head of a funnel's page (a purchase, a booking): not indexed, its alternates in its market's locales. */
export function funnelPageHead(match: RouteMatch, title: string, description: string): PageHead {
  return pageHead(match, title, description, {
    noindex: true,
    alternates: countryAlternates(match, marketOf(match.locale).country),
  });
}
