/**
 * Loads the code a path renders with: its locale's dictionary and its page module (chunks of their own
 * in the browser). The browser entry awaits it before hydrating, so the first render matches the
 * server's HTML; afterwards the root route's `beforeLoad` and the page route's loader do the same for
 * each navigation.
 */
import { matchUrl } from '../../domain/routes/index.ts';
import { loadDictionary } from '../i18n/dictionaries.ts';
import { isPageMatch, loadPage } from '../pages/pages.ts';
import { localeOfPath } from './localeOfPath.ts';

/** Loads what the page at `pathname` needs before it can render. */
export async function preparePath(pathname: string): Promise<void> {
  const match = matchUrl(pathname);
  await Promise.all([
    loadDictionary(localeOfPath(pathname)),
    match && isPageMatch(match) ? loadPage(match.route) : undefined,
  ]);
}
