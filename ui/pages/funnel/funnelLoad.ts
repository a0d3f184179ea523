/** What the funnel screens' loaders do alike: read a screen's JSON (404 when refused), the forms' session facts. */
import { notFound } from '@tanstack/react-router';
import { ApiError } from '../../api/ApiError.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import type { FormFlash, PersonalContext } from '../../router/AppRouterContext.ts';

/** The JSON `read` answers; an unknown or foreign id (404) or a path the table refuses (400) is a 404 page. */
export async function getOr404<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
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
  const csrfToken = personal?.csrfToken ?? (await api.getJson<{ token: string }>('/api/csrf')).token;
  return { csrfToken, flash: personal?.flash ?? null };
}
