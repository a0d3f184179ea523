/** What the funnel screens' loaders do alike: read a screen's JSON (404 when refused), the forms' session facts. */
import { notFound } from '@tanstack/react-router';
import { isApiNotFound } from '../../api/ApiError.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import type { FormFlash, PersonalContext } from '../../router/AppRouterContext.ts';

/** The JSON `read` answers; an unknown or foreign id (404) or an id too long to exist (400 on the path) is a 404 page. */
export async function getOr404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isApiNotFound(error)) throw notFound();
    throw error;
  }
}

/**
 * The session's CSRF token (from the server's render, else asked in the browser) and what a form post
 * left for this page (server-side only: shown once).
 */
export async function formSession(
  api: ApiClient,
  personal: PersonalContext | undefined,
): Promise<{ csrfToken: string; flash: FormFlash | null }> {
  const csrfToken = personal?.csrfToken ?? (await browserCsrfToken(api));
  return { csrfToken, flash: personal?.flash ?? null };
}

/**
 * The session's CSRF token in the browser, asked once per page load: moving between screens keeps the
 * session (signing in or up reloads the page, which asks again).
 */
let browserToken: Promise<string> | undefined;
function browserCsrfToken(api: ApiClient): Promise<string> {
  const ask = () => api.getJson<{ token: string }>('/api/csrf').then((answer) => answer.token);
  // Never kept on the server: a token is one session's.
  if (typeof window === 'undefined') return ask();
  browserToken ??= ask();
  browserToken.catch(() => (browserToken = undefined));
  return browserToken;
}
