/**
 * The back office's analytics (analysts and admins; projections/analytics/README.md):
 *
 * - `GET /admin/api/analytics/projections` — each projection's status, position, lag, rate, error and
 *   whether it is stalled, the head of `$all`, and the rebuild this process started, with its progress;
 * - `POST /admin/api/analytics/projections/:name/rebuild` — starts a rebuild beside the live read model
 *   (202 with the job); unknown → 404; one already running → 409 (retrying later is safe: a rebuild
 *   changes no fact, and an interrupted one leaves the live read model as it was);
 * - `GET /admin/api/analytics/events?type=&stream=&actor=&from=&to=&after=&limit=` — `$all` filtered
 *   (an event type, a stream name prefix, an actor id, recorded from/to: days `YYYY-MM-DD`, `to`
 *   included, or ISO times), a page after the position `after`; `next` continues it;
 * - `GET /admin/api/analytics/events.ndjson?…` — every event of the same filter, one JSON per line, streamed;
 * - `GET /admin/api/analytics/streams/:stream` — a stream's events with their data and metadata; 404
 *   for a stream that does not exist.
 *
 * A bad filter is a 400 naming the field. Events hold ids, never personal data: nothing is decrypted.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parsePosition } from '../../engine/eventStore.ts';
import type { EventExplorer, EventFilter, ExploredEvent } from '../../projections/analytics/eventExplorer.ts';
import type { ProjectionMonitor } from '../../projections/analytics/projectionMonitor.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { projectionStateFields } from './projectionStateSchema.ts';

export interface AdminAnalyticsApiOptions {
  readonly monitor: ProjectionMonitor;
  readonly explorer: EventExplorer;
  readonly clock?: () => Date;
}

export const EVENT_PAGE_SIZE = 50;
/** Events read at most to fill one page of a narrow filter (then the page ends early with `next`). */
export const EVENT_SCAN_LIMIT = 20_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const moment = z
  .string()
  .refine(
    (text) =>
      (DAY.test(text) || z.iso.datetime({ offset: true }).safeParse(text).success) &&
      !Number.isNaN(Date.parse(text)),
    {
      message: 'must be a day (YYYY-MM-DD) or an ISO time',
    },
  );
const POSITION = /^\d{1,20}\/\d{1,20}$/;

export const eventFilterQuery = z
  .object({
    type: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/, 'must be an event type (letters, digits, _ . : -)')
      .optional(),
    stream: z.string().min(1).max(200).optional(),
    actor: z.string().min(1).max(200).optional(),
    from: moment.optional(),
    to: moment.optional(),
  })
  .refine((q) => !q.from || !q.to || toBound(q.from, 'from') < toBound(q.to, 'to'), {
    message: 'must be after from',
    path: ['to'],
  });

const pageQuery = z.intersection(
  eventFilterQuery,
  z.object({
    after: z.string().regex(POSITION, 'must be a position (two numbers: 123/456)').optional(),
    limit: z.coerce.number().int().min(1).max(200).default(EVENT_PAGE_SIZE),
  }),
);

/** A day is its start (`from`) or the start of the next day (`to`, the day included). */
function toBound(text: string, side: 'from' | 'to'): Date {
  const at = new Date(DAY.test(text) ? `${text}T00:00:00Z` : text);
  return DAY.test(text) && side === 'to' ? new Date(at.getTime() + 86_400_000) : at;
}

function filterOf(q: z.output<typeof eventFilterQuery>): EventFilter {
  return {
    ...(q.type ? { type: q.type } : {}),
    ...(q.stream ? { streamPrefix: q.stream } : {}),
    ...(q.actor ? { actor: q.actor } : {}),
    ...(q.from ? { from: toBound(q.from, 'from') } : {}),
    ...(q.to ? { to: toBound(q.to, 'to') } : {}),
  };
}

const json = z.record(z.string(), z.unknown());
const eventSchema = z.object({
  position: z.string(),
  id: z.string(),
  type: z.string(),
  streamName: z.string(),
  revision: z.number().int(),
  recordedAt: z.string(),
  actor: z.object({ kind: z.string(), id: z.string().nullable(), role: z.string().nullable() }).nullable(),
  data: json,
  metadata: json,
});

const jobSchema = z.object({
  state: z.enum(['running', 'switched', 'stopped', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  processed: z.number(),
  position: z.string().nullable(),
  rate: z.number().nullable(),
  error: z.string().nullable(),
});

const overviewSchema = z.object({
  head: z.string(),
  stalledAfterSeconds: z.number(),
  projections: z.array(
    z.object({
      name: z.string(),
      generation: z.number().nullable(),
      ...projectionStateFields,
      rate: z.number().nullable(),
      updatedAt: z.string().nullable(),
      stalled: z.boolean(),
      job: jobSchema.nullable(),
    }),
  ),
});

async function* ndjson(events: AsyncIterable<ExploredEvent>): AsyncGenerator<string> {
  for await (const event of events) yield `${JSON.stringify(event)}\n`;
}

export const adminAnalyticsApi: FastifyPluginAsyncZod<AdminAnalyticsApiOptions> = async (app, options) => {
  const { monitor, explorer } = options;
  const clock = options.clock ?? (() => new Date());
  const analysts = requireStaff('analyst');

  app.get(
    '/admin/api/analytics/projections',
    { preHandler: analysts, schema: { response: { 200: overviewSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return monitor.overview();
    },
  );

  app.post(
    '/admin/api/analytics/projections/:name/rebuild',
    {
      preHandler: analysts,
      // The status page's button without JavaScript (http/plugins/formPosts.ts): 303 back to the page.
      config: { form: {} },
      schema: {
        params: z.object({ name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a projection name') }),
        response: { 202: jobSchema },
      },
    },
    async ({ params }, reply) => reply.code(202).send(await monitor.startRebuild(params.name)),
  );

  app.get(
    '/admin/api/analytics/events',
    {
      preHandler: analysts,
      schema: {
        querystring: pageQuery,
        response: {
          200: z.object({ events: z.array(eventSchema), next: z.string().nullable(), scanned: z.number() }),
        },
      },
    },
    async ({ query }) =>
      explorer.page(filterOf(query), {
        ...(query.after ? { after: parsePosition(query.after) } : {}),
        limit: query.limit,
        scanLimit: EVENT_SCAN_LIMIT,
      }),
  );

  app.get(
    '/admin/api/analytics/events.ndjson',
    { preHandler: analysts, schema: { querystring: eventFilterQuery } },
    async ({ query }, reply) => {
      const day = clock().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="events-${day}.ndjson"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(ndjson(explorer.all(filterOf(query)))));
    },
  );

  app.get(
    '/admin/api/analytics/streams/:stream',
    {
      preHandler: analysts,
      schema: {
        params: z.object({ stream: z.string().min(1).max(200) }),
        response: { 200: z.object({ streamName: z.string(), events: z.array(eventSchema) }) },
      },
    },
    async ({ params }) => ({ streamName: params.stream, events: await explorer.stream(params.stream) }),
  );
};
