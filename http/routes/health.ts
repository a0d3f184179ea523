/**
 * Liveness and readiness. `/healthz` says the process serves requests (for restarts); `/readyz` says it
 * should get traffic: the database answers and every projection is live and close enough behind the
 * event store that pages show what buyers just did.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface ReadinessReport {
  readonly ready: boolean;
  readonly database: 'ok' | 'unreachable';
  readonly projections: { name: string; status: string; lag: number }[];
  /** Present when an external search engine is configured and does not answer. */
  readonly search?: 'unreachable';
}

export interface HealthOptions {
  readonly readiness: () => Promise<ReadinessReport>;
}

const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['ok', 'unreachable']),
  projections: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number() })),
  search: z.literal('unreachable').optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      const report = await options.readiness();
      return reply.status(report.ready ? 200 : 503).send(report);
    },
  );
};
