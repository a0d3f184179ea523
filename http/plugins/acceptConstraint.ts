/**
 * Content negotiation by route: a funnel screen's path answers JSON to a client that asks for it
 * (`Accept: application/json` without HTML) and the server-rendered page to anyone else (a browser).
 * The JSON route is registered with `constraints: ACCEPTS_JSON`; other requests fall through to the
 * pages' wildcard (http/ssr/ssrPlugin.ts).
 */
import type { FastifyInstance } from 'fastify';

/** The route constraint of a screen's JSON answer. */
export const ACCEPTS_JSON = { accept: 'json' } as const;

/** Whether an `Accept` header asks for JSON rather than a page. */
export function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** Adds the `accept` constraint to the app's router (once). */
export function addAcceptConstraint(fastify: FastifyInstance): void {
  if (fastify.hasConstraintStrategy('accept')) return;
  fastify.addConstraintStrategy({
    name: 'accept',
    storage() {
      const handlers = new Map<string, unknown>();
      return {
        get: (kind: string) => (handlers.get(kind) ?? null) as never,
        set: (kind: string, handler: unknown) => void handlers.set(kind, handler),
      };
    },
    deriveConstraint: (request) => (wantsJson(request.headers.accept) ? 'json' : 'page'),
    mustMatchWhenDerived: false,
    validate(value: unknown) {
      if (value !== 'json' && value !== 'page')
        throw new Error(`accept constraint: json or page, not ${String(value)}`);
    },
  });
}
