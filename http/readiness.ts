/** Readiness: the database answers and every projection is live and at most `maxLag` events behind. */
import type { Knex } from 'knex';
import type { EventStore } from '../engine/eventStore.ts';
import type { Projection } from '../projections/defineProjection.ts';
import { projectionStatus } from '../projections/projectionStatus.ts';
import type { ReadinessReport } from './routes/health.ts';

export interface ReadinessOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly projections: readonly Projection[];
  readonly maxLag: number;
}

export async function checkReadiness(options: ReadinessOptions): Promise<ReadinessReport> {
  const database = await options.knex
    .raw('SELECT 1')
    .then(() => 'ok' as const)
    .catch(() => 'unreachable' as const);
  if (database === 'unreachable') return { ready: false, database, projections: [] };
  const statuses = await projectionStatus({
    knex: options.knex,
    store: options.store,
    ...(options.schema ? { schema: options.schema } : {}),
    projections: options.projections,
    lagCap: options.maxLag + 1,
  });
  const projections = statuses.map((s) => ({ name: s.name, status: s.status, lag: s.lag }));
  const ready = projections.every((p) => p.status === 'live' && p.lag <= options.maxLag);
  return { ready, database, projections };
}
