/**
 * Where a lead form's refused plain post comes back to on a page kept in the page cache (which shows no
 * session's messages): the thank-you page, which then shows the same form again with its messages
 * (`to`: the form's lead call; `from`: the page it was on).
 */
import type { Locale } from '../../../domain/markets.ts';
import { urlFor } from '../../router/urlFor.ts';

export function leadBack(locale: Locale, action: string, from: string): string {
  return `${urlFor('lead_thanks', locale)}?${new URLSearchParams({ to: action, from })}`;
}
