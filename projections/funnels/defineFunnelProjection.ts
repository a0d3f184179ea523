/**
 * A funnel's list read model (`bookings`, `purchases`): one row per funnel stream, folded through the
 * funnel's own machine (its {@link FunnelFold}) by {@link defineSingleStreamProjection}. Beside the
 * funnel's own columns, each row keeps what the fold carries on from (the machine's persisted
 * `snapshot`, plain JSON, and the last `revision` applied), the number of `events`, and the business
 * times of the first and the last (`created_at`, `updated_at`, see {@link eventTime}), and the times of
 * the funnel's milestones (`times`: confirmed, …) for the dashboard. The lists' indexes (newest first, by
 * market, status, customer, car: funnelList.ts) are the same for every funnel.
 */
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineSingleStreamProjection, type StoredRow } from '../defineSingleStreamProjection.ts';
import { eventTime } from './funnelBatch.ts';
import type { FunnelFold } from './funnelSteps.ts';

export interface FunnelProjectionOptions<Snapshot> {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly string[];
  readonly fold: FunnelFold<Snapshot>;
  readonly table: string;
  /** The primary key, the stream's id (`purchase-<id>` → `<id>`). */
  readonly key: string;
  /** The funnel's own columns, and indexes beside the lists' ones. */
  readonly columns: (table: Knex.CreateTableBuilder) => void;
  /** The funnel's own columns of a row. */
  readonly row: (id: string, snapshot: Snapshot) => Record<string, unknown>;
  /**
   * Milestone columns (timestamps, indexed): each holds the business time of the last event for which
   * its test is true (given the snapshots before and after it), null until one is.
   */
  readonly times?: Readonly<Record<string, MilestoneTest<Snapshot>>>;
}

/** Whether an event marks a milestone, given the funnel before and after it. */
export type MilestoneTest<Snapshot> = (event: RecordedEvent, before: Snapshot, after: Snapshot) => boolean;

/** A funnel stream as folded: the machine's snapshot, and its events' count and business times. */
interface FunnelDocument<Snapshot> {
  readonly snapshot: Snapshot;
  readonly events: number;
  readonly createdAt?: Date;
  readonly updatedAt?: Date;
  /** The milestones' times by column. */
  readonly times: Readonly<Record<string, Date | null>>;
}

export function defineFunnelProjection<Snapshot>(options: FunnelProjectionOptions<Snapshot>) {
  const { fold, key } = options;
  const milestones = Object.entries(options.times ?? {});
  const noTimes = () => Object.fromEntries(milestones.map(([column]) => [column, null]));
  return defineSingleStreamProjection<FunnelDocument<Snapshot>>({
    name: options.name,
    version: options.version,
    eventTypes: options.eventTypes,
    streamPrefix: fold.streamPrefix,
    table: options.table,
    key,
    columns: (t) => {
      t.text(key).primary();
      options.columns(t);
      t.integer('events').notNullable();
      t.bigInteger('revision').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.jsonb('snapshot').notNullable();
      for (const [column] of milestones) {
        t.timestamp(column, { useTz: true });
        t.index([column]);
      }
      // Lists are newest first, filtered by market, status, customer or car.
      t.index(['created_at', key]);
      t.index(['locale', 'created_at']);
      t.index(['status', 'created_at']);
      t.index(['customer_id']);
      t.index(['car_id']);
    },
    initial: () => ({ snapshot: fold.initial(), events: 0, times: noTimes() }),
    restore: ([row]: readonly StoredRow[]) => ({
      snapshot: fold.restore(row!.snapshot),
      events: row!.events as number,
      createdAt: row!.created_at as Date,
      updatedAt: row!.updated_at as Date,
      times: Object.fromEntries(
        milestones.map(([column]) => [column, (row![column] as Date | null) ?? null]),
      ),
    }),
    evolve: (document, event) => {
      const snapshot = fold.evolve(document.snapshot, event);
      const at = eventTime(event);
      const times = { ...document.times };
      for (const [column, marks] of milestones)
        if (marks(event, document.snapshot, snapshot)) times[column] = at;
      return {
        snapshot,
        events: document.events + 1,
        createdAt: document.createdAt ?? at,
        updatedAt: at,
        times,
      };
    },
    rows: (id, document) => [
      {
        [key]: id,
        ...options.row(id, document.snapshot),
        events: document.events,
        created_at: document.createdAt,
        updated_at: document.updatedAt,
        ...document.times,
        snapshot: JSON.stringify(fold.persist(document.snapshot)),
      },
    ],
  });
}
