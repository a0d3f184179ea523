/** The head most pages need: their own URL as canonical and the same route in every locale as alternates. */
import type { RouteMatch } from '../../domain/routes/index.ts';
import { alternatePaths } from '../router/alternatePaths.ts';
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
