/**
 * The browser's side of the favorites calls (SPEC §7 `add-car-to-favorite/{idApi}`, `favorite/{id}`):
 * state-changing calls carry the session's CSRF token, fetched once from `/api/csrf` and fetched again
 * if the server refuses it (the session changed, e.g. after signing in).
 */
import type { Locale } from '../../domain/markets.ts';
import { urlFor } from '../router/urlFor.ts';
import { ApiError } from './ApiError.ts';

let token: Promise<string> | undefined;

function csrfToken(refresh = false): Promise<string> {
  if (refresh || !token) {
    token = fetch('/api/csrf', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) =>
        r.ok
          ? (r.json() as Promise<{ token: string }>)
          : Promise.reject(new ApiError(r.status, '/api/csrf', 'no token')),
      )
      .then((body) => body.token);
    token.catch(() => {
      token = undefined;
    });
  }
  return token;
}

async function send(method: 'POST' | 'DELETE', path: string): Promise<Response> {
  const attempt = async (refresh: boolean) =>
    fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrf-token': await csrfToken(refresh) },
    });
  const first = await attempt(false);
  return first.status === 403 ? attempt(true) : first;
}

/** Whether car `carId` is one of this browser's favorites. */
export async function isFavorite(locale: Locale, carId: string, signal?: AbortSignal): Promise<boolean> {
  const path = urlFor('ajax_favorite', locale, { id: carId });
  const response = await fetch(path, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new ApiError(response.status, path, `GET ${path} answered ${response.status}`);
  return ((await response.json()) as { favorite: boolean }).favorite;
}

/** Adds or removes a favorite; the server's answer says the list's size. A full list is a 409 ApiError. */
export async function setFavorite(
  locale: Locale,
  carId: string,
  favorite: boolean,
): Promise<{ favorite: boolean; count: number }> {
  const path = favorite
    ? urlFor('ajax_add_car_to_favorite', locale, { idApi: carId })
    : urlFor('ajax_favorite', locale, { id: carId });
  const response = await send(favorite ? 'POST' : 'DELETE', path);
  if (!response.ok)
    throw new ApiError(
      response.status,
      path,
      `${favorite ? 'POST' : 'DELETE'} ${path} answered ${response.status}`,
    );
  return (await response.json()) as { favorite: boolean; count: number };
}
