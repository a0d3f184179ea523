/**
 * A `fetch` answered by the Fastify app itself (`inject`): the server-side render reads the JSON API
 * in-process, without a network hop and without knowing the port it listens on.
 */
import type { FastifyInstance } from 'fastify';
import type { FetchLike } from '../../ui/api/apiClient.ts';

/**
 * `fetch` for absolute or root-relative URLs, served by `app`; only GET (the pages only read). `as`: the
 * headers of the buyer a personal page is rendered for (their session cookie, their address).
 */
export function injectFetch(
  app: FastifyInstance,
  as: { readonly headers: Readonly<Record<string, string>>; readonly remoteAddress?: string } = {
    headers: {},
  },
): FetchLike {
  return async (input, init) => {
    const url = new URL(input, 'http://ssr.internal');
    const headers: Record<string, string> = { ...as.headers };
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    init?.signal?.throwIfAborted();
    const response = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(as.remoteAddress ? { remoteAddress: as.remoteAddress } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, String(item));
    }
    const body =
      response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers: responseHeaders });
  };
}
