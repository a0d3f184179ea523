/**
 * A buyer's page rendered as of a past state (http/routes/buyerScreenAt.ts): the page's own loader and
 * components, reading the given JSON answers instead of the live calls, for staff to look at. The
 * answer has no scripts and forbids them, forms and navigation (CSP `sandbox`): a picture of the
 * screen, not the screen.
 */
import type { FastifyReply } from 'fastify';
import type { ApiClient } from '../../ui/api/apiClient.ts';
import type { FrozenPage } from '../routes/buyerScreenAt.ts';
import type { ClientAssets } from './clientBundle.ts';
import { renderPage } from './renderPage.ts';

/**
 * The API as the frozen page reads it: the catalogue as it is now, the page's answers as they were, and
 * `{}` for anything else personal (a step's live extras: quotes, offers, a prefill), which was not recorded.
 */
function frozenApi(live: ApiClient, answers: ReadonlyMap<string, unknown>): ApiClient {
  return {
    searchCars: (query, signal) => live.searchCars(query, signal),
    car: (carId, signal) => live.car(carId, signal),
    brands: (country, condition, signal) => live.brands(country, condition, signal),
    models: (country, brand, signal) => live.models(country, brand, signal),
    dealers: (country, signal) => live.dealers(country, signal),
    dealer: (dealerId, signal) => live.dealer(dealerId, signal),
    favorites: async () => ({ cars: [] }),
    getJson: async <T>(path: string) => {
      const pathname = path.split('?')[0] ?? path;
      if (answers.has(pathname)) return answers.get(pathname) as T;
      if (pathname === '/api/csrf') return { token: '' } as T;
      return {} as T;
    },
  };
}

export async function sendFrozenPage(
  reply: FastifyReply,
  frozen: FrozenPage,
  options: { readonly api: ApiClient; readonly origin: string; readonly assets?: ClientAssets },
): Promise<FastifyReply> {
  const page = await renderPage({
    request: new Request(new URL(frozen.path, options.origin)),
    api: frozenApi(options.api, frozen.answers),
    origin: options.origin,
    ...(options.assets ? { assets: options.assets } : {}),
    personal: { csrfToken: '' },
  });
  return reply
    .status(page.status === 200 ? 200 : page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header(
      'content-security-policy',
      "sandbox; default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; frame-ancestors 'self'",
    )
    .send(withoutScripts(page.html ?? ''));
}

/** The page without its scripts and their preloads (the sandbox would refuse them, noisily). */
const withoutScripts = (html: string) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');
