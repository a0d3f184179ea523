/**
 * CSRF protection (@fastify/csrf-protection, synchronizer tokens whose secret lives in the session).
 *
 * The rule: every POST, PUT, PATCH and DELETE, whatever its path (`/api/…`, `/admin/…`, the
 * storefront's ajax calls and lead forms), must carry a token, in the `x-csrf-token` header or the
 * `_csrf` form field; otherwise 403 (`FST_CSRF_MISSING_SECRET` when the browser has no session yet,
 * `FST_CSRF_INVALID_TOKEN` for a wrong token). A browser gets its token from `GET /api/csrf` (which
 * starts its session), or a server-rendered form from `reply.generateCsrf()`. Signing in or out changes
 * the session id and secret: take the new token from the sign-in answer or fetch one again.
 *
 * A route changes the rule with its config: `config: { csrf: true }` checks a GET too (the SPEC's
 * legacy GET calls that change state, e.g. add-car-to-favorite; `preHandler: csrfCheck` does the
 * same); `config: { csrf: false }` opts out, only for POSTs that change nothing (lookups such as
 * getDealer: a forged one achieves nothing, and its answer is not readable cross-site), for calls
 * not made by browsers that authenticate otherwise (a payment provider's signed webhook), and for a
 * multipart form that checks its `_csrf` field itself with `csrfCheck` once it has read the fields ahead
 * of the file (this hook reads urlencoded bodies only: the imports page's upload, adminImportApi.ts). Unknown
 * routes answer 404 unchecked.
 */
import fastifyCsrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Override the CSRF rule for this route (see http/plugins/csrf.ts). */
    csrf?: boolean;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  const field = body && typeof body === 'object' ? body[CSRF_FIELD] : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** Whether this request must carry a CSRF token (the rule above). */
export function needsCsrfToken(request: FastifyRequest): boolean {
  if (request.is404) return false;
  return request.routeOptions.config?.csrf ?? STATE_CHANGING.has(request.method);
}

/**
 * The check as a preHandler, for routes that take one as an option (favorites' GET add): 403 without
 * a valid token. On a POST the global hook has checked already; checking twice is harmless.
 */
export const csrfCheck: preHandlerAsyncHookHandler = async (request, reply) => {
  let passed = false;
  // Synchronous: it calls back on success, or sends the 403 itself.
  request.server.csrfProtection(request, reply, () => {
    passed = true;
  });
  if (!passed) return reply;
};

export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCsrf, { sessionPlugin: '@fastify/session', getToken: tokenOf });
    // preValidation: the body is parsed (for `_csrf`) and a forged request learns nothing from validation.
    app.addHook('preValidation', (request, reply, done) => {
      if (!needsCsrfToken(request)) return done();
      app.csrfProtection(request, reply, done);
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/api/csrf',
        { schema: { response: { 200: z.object({ token: z.string() }) } } },
        async (_request, reply) => {
          reply.header('cache-control', 'no-store');
          return { token: reply.generateCsrf() };
        },
      );
  },
  { name: 'csrf', dependencies: ['session'] },
);
