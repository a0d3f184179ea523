/**
 * The Postgres adapter of the event store port (the default). Tables and functions come from
 * `migrations/001_event_store.ts`; appends and deletes are one function call each, checked under the
 * stream's row lock; `$all` reads are gap-safe (see the migration's comment). Other instances are woken
 * by a NOTIFY sent after the append committed: engine/README.md, "Waking other instances".
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type FilteredRead, startCatchUpSubscription } from '../catchUpSubscription.ts';
import {
  type AllFilter,
  type AppendResult,
  type DeleteOptions,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type StreamMetadata,
  type SubscribeToAllOptions,
  type SubscriptionHandler,
} from '../eventStore.ts';
import { StreamNotFoundError } from '../eventStoreErrors.ts';
import { RawEventCursor, type RawEventPage } from '../rawEvents.ts';
import {
  validateEvents,
  validateExpectedRevision,
  validateMetadata,
  validateStreamName,
} from '../validateAppend.ts';
import { Wakeup } from '../Wakeup.ts';
import { appendsChannel, createAppendNotifier, notifyAppends } from './appendNotifier.ts';
import { listenForAppends } from './listenForAppends.ts';
import { mapPostgresError } from './mapPostgresError.ts';
import { type EventRow, type StreamRow, toRecordedEvent } from './rows.ts';

export interface PostgresEventStoreOptions {
  readonly knex: Knex;
  /** Schema holding the event store tables (default `public`). */
  readonly schema?: string;
  /** Connection string for a LISTEN connection (real PostgreSQL only; PGlite does not relay NOTIFY). */
  readonly listenUrl?: string | undefined;
  /** How often an idle subscription reads again when nothing woke it (default 250 ms). */
  readonly pollIntervalMs?: number;
  /**
   * The least time between two reads of a subscription woken by appends (default 20 ms): under load the
   * appends of that window are read (and projected) together instead of one read and one projection
   * transaction per append. 0 reads at every wake-up.
   */
  readonly coalesceMs?: number;
  /**
   * The least time between two NOTIFYs this store sends after appends commit, to wake other app
   * instances (default 5 ms): the appends of a window share one. Not sent on embedded PGlite.
   */
  readonly notifyWindowMs?: number;
  readonly onBackgroundError?: (error: Error) => void;
  /**
   * What wakes this store's subscriptions (its own appends, the LISTEN connection's notifications);
   * default a new one. The statement budgets pass one they hold shut, to choose when projections read.
   */
  readonly wakeup?: Wakeup;
}

const EVENT_COLUMNS = `transaction_id::text AS commit_position, global_position, stream_name, revision,
  event_id, event_type, data, metadata, created`;
/** The same columns of the events table aliased `e`. */
const EVENT_COLUMNS_OF_E = EVENT_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1e.$2');
/** The raw read's columns (engine/rawEvents.ts), in its order. */
const RAW_EVENT_COLUMNS_OF_E = `e.transaction_id, e.global_position, e.revision, e.created,
  e.transaction_id::text || '/' || e.global_position AS position, e.event_id::text, e.stream_name,
  e.event_type, e.data::text, e.metadata::text`;

/** A gap-safe `$all` page as raw bytes (engine/rawEvents.ts). */
export type ReadAllRaw = (options: ReadAllOptions) => Promise<RawEventPage>;
const rawReaders = new WeakMap<EventStore, ReadAllRaw>();
/**
 * The raw read of a store this adapter made on a PostgreSQL server (`COPY … TO STDOUT` in binary),
 * undefined for the embedded PGlite and any other store: for bulk readers (the Parquet export), beside
 * the port's `readAll`.
 */
export const readAllRawOf = (store: EventStore): ReadAllRaw | undefined => rawReaders.get(store);

export async function createPostgresEventStore(options: PostgresEventStoreOptions): Promise<EventStore> {
  const { knex } = options;
  const schema = options.schema ?? 'public';
  const s = `"${schema.replaceAll('"', '""')}"`;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const onBackgroundError = options.onBackgroundError ?? (() => {});
  // Embedded PGlite is one session behind a multiplexer: no other instance can hear a NOTIFY, and a
  // named statement prepared by one pool connection would clash with the next one's.
  const embedded = await isPglite(knex);
  const wakeup = options.wakeup ?? new Wakeup();
  const subscriptions = new Set<{ stop(): Promise<void> }>();
  const listener = options.listenUrl
    ? await listenForAppends(
        options.listenUrl,
        appendsChannel(schema),
        () => wakeup.notify(),
        onBackgroundError,
      )
    : undefined;
  const notifier = embedded
    ? undefined
    : createAppendNotifier({
        send: () => notifyAppends(knex, schema),
        windowMs: options.notifyWindowMs ?? 5,
        onError: onBackgroundError,
      });

  // Prepared once per pooled connection (a named statement): PostgreSQL neither parses nor plans the call
  // again. The name follows the text, so each schema has its own.
  const appendSql = `SELECT * FROM ${s}.append_events(?, ?, ?::jsonb, ?)`;
  const appendStatement = `append_events_${createHash('sha1').update(appendSql).digest('hex').slice(0, 16)}`;

  const expectedText = (expected: ExpectedRevision) =>
    typeof expected === 'bigint' ? expected.toString() : expected;

  async function streamRow(streamName: string): Promise<StreamRow | undefined> {
    const { rows } = await knex.raw(`SELECT * FROM ${s}.streams WHERE stream_name = ?`, [streamName]);
    return rows[0];
  }

  /** The newest event a gap-safe reader can see now (every transaction that could add an older one ended). */
  const HEAD = `SELECT transaction_id, global_position FROM ${s}.events
    WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;

  /** The gap-safe `$all` read: its conditions on the events table aliased `e`, and their bindings. */
  function readAllWhere(opts: ReadAllOptions): { where: string; bindings: Knex.RawBinding[] } {
    const from = opts.fromPosition ?? START;
    const where: string[] = ['e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())'];
    const bindings: Knex.RawBinding[] = [];
    if (from.commit >= 0n) {
      where.push('(e.transaction_id, e.global_position) > (?::text::xid8, ?)');
      bindings.push(from.commit.toString(), from.prepare.toString());
    }
    addFilter(where, bindings, opts.filter);
    bindings.push(opts.maxCount ?? 1000);
    return { where: where.join(' AND '), bindings };
  }

  async function readAll(opts: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const { where, bindings } = readAllWhere(opts);
    const { rows } = await knex.raw(
      `SELECT ${EVENT_COLUMNS_OF_E} FROM ${s}.events e WHERE ${where}
       ORDER BY e.transaction_id, e.global_position LIMIT ?`,
      bindings,
    );
    return (rows as EventRow[]).map(toRecordedEvent);
  }

  /**
   * The port's `readAll` query as `COPY … TO STDOUT (FORMAT binary)`: the rows' bytes as PostgreSQL
   * sends them, on one pooled connection. COPY takes no parameters: the bindings (positions, the
   * count, filter prefixes) are quoted into the statement by knex.
   */
  async function readAllRaw(opts: ReadAllOptions): Promise<RawEventPage> {
    const { where, bindings } = readAllWhere(opts);
    const statement = knex
      .raw(
        `COPY (SELECT ${RAW_EVENT_COLUMNS_OF_E} FROM ${s}.events e WHERE ${where}
         ORDER BY e.transaction_id, e.global_position LIMIT ?) TO STDOUT (FORMAT binary)`,
        bindings,
      )
      .toQuery();
    const connection = (await knex.client.acquireConnection()) as pg.PoolClient;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of connection.query(copyTo(statement))) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      const cursor = new RawEventCursor(bytes);
      let count = 0;
      let last: Position | undefined;
      while (cursor.next()) {
        count++;
        last = { commit: cursor.commit, prepare: cursor.prepare };
      }
      return { bytes, count, last };
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }

  /**
   * A filtered read and the head it read up to, in one statement: both come from the statement's one
   * snapshot, so a short batch has seen every matching event up to that head (catchUpSubscription.ts).
   * No event at all: no row, the head is `START`. Events but no match: one row, its event columns null.
   */
  async function readFiltered(opts: ReadAllOptions): Promise<FilteredRead> {
    const { where, bindings } = readAllWhere(opts);
    const { rows } = await knex.raw(
      `SELECT h.transaction_id::text AS head_commit, h.global_position AS head_prepare, ev.*
       FROM (${HEAD}) h
       LEFT JOIN LATERAL (
         SELECT ${EVENT_COLUMNS_OF_E} FROM ${s}.events e WHERE ${where}
         ORDER BY e.transaction_id, e.global_position LIMIT ?
       ) ev ON true`,
      bindings,
    );
    const head = rows[0] as { head_commit: string; head_prepare: string } | undefined;
    return {
      events: (rows as (EventRow & { event_id: string | null })[])
        .filter((row) => row.event_id !== null)
        .map(toRecordedEvent),
      horizon: head ? { commit: BigInt(head.head_commit), prepare: BigInt(head.head_prepare) } : START,
    };
  }

  const store: EventStore = {
    async appendToStream(
      streamName,
      events: readonly EventData[],
      appendOptions = {},
    ): Promise<AppendResult> {
      const expected = appendOptions.expectedRevision ?? 'any';
      validateStreamName(streamName);
      validateExpectedRevision(expected);
      const payload = appendPayload(events);
      const append = (retry: boolean) => {
        const query = knex.raw(appendSql, [streamName, expectedText(expected), payload, retry]);
        return embedded ? query : query.options({ name: appendStatement });
      };
      try {
        const { rows } = await append(false).catch((error: { code?: string }) => {
          if (error?.code === 'ES208') return append(true);
          throw error;
        });
        const row = rows[0] as { next_revision: string; commit_position: string; prepare_position: string };
        wakeup.notify();
        notifier?.appended();
        return {
          nextExpectedRevision: BigInt(row.next_revision),
          position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
        };
      } catch (error) {
        throw mapPostgresError(error, streamName, expected, events[0]?.id);
      }
    },

    async readStream(streamName, readOptions: ReadStreamOptions = {}) {
      validateStreamName(streamName);
      // One round trip: the stream's row and, beside it, its events within the stream's own limits
      // (truncate_before, maxCount, maxAge from its metadata). No row: no stream.
      const backwards = readOptions.direction === 'backwards';
      const from = readOptions.fromRevision ?? (backwards ? 'end' : 'start');
      const where = [
        'e.stream_name = st.stream_name',
        'st.deleted IS NULL',
        `e.revision >= GREATEST(COALESCE(st.truncate_before, 0),
           CASE WHEN st.metadata->>'maxCount' IS NOT NULL THEN st.revision - (st.metadata->>'maxCount')::bigint + 1 ELSE 0 END)`,
        `(st.metadata->>'maxAge' IS NULL
           OR e.created >= now() - make_interval(secs => (st.metadata->>'maxAge')::double precision))`,
      ];
      const bindings: Knex.RawBinding[] = [];
      if (typeof from === 'bigint') {
        where.push(backwards ? 'e.revision <= ?' : 'e.revision >= ?');
        bindings.push(from.toString());
      }
      bindings.push(readOptions.maxCount ?? 2_147_483_647, streamName);
      const { rows } = await knex.raw(
        `SELECT st.revision AS stream_revision, st.deleted AS stream_deleted, ev.*
         FROM ${s}.streams st
         LEFT JOIN LATERAL (
           SELECT ${EVENT_COLUMNS_OF_E} FROM ${s}.events e
           WHERE ${where.join(' AND ')}
           ORDER BY e.revision ${backwards ? 'DESC' : 'ASC'} LIMIT ?
         ) ev ON true
         WHERE st.stream_name = ?`,
        bindings,
      );
      const head = rows[0] as { stream_revision: string; stream_deleted: StreamRow['deleted'] } | undefined;
      if (head?.stream_deleted === 'tombstone') throw mapPostgresError({ code: 'ES410' }, streamName, 'any');
      if (!head || head.stream_deleted === 'soft' || BigInt(head.stream_revision) < 0n)
        throw new StreamNotFoundError(streamName);
      return (rows as (EventRow & { event_id: string | null })[])
        .filter((row) => row.event_id !== null)
        .map(toRecordedEvent);
    },

    readAll,

    subscribeToAll(handler: SubscriptionHandler, subscribeOptions: SubscribeToAllOptions = {}) {
      const from = subscribeOptions.fromPosition ?? START;
      const subscription = startCatchUpSubscription(handler, {
        readAll,
        from: from === 'end' ? () => store.headPosition() : from,
        filter: subscribeOptions.filter,
        batchSize: subscribeOptions.batchSize ?? 500,
        pollIntervalMs,
        coalesceMs: options.coalesceMs ?? 20,
        wakeup,
        readFiltered,
      });
      subscriptions.add(subscription);
      subscription.done.finally(() => subscriptions.delete(subscription)).catch(() => {});
      return subscription;
    },

    async deleteStream(streamName, deleteOptions: DeleteOptions = {}) {
      await deleteWith(streamName, deleteOptions, 'soft');
    },

    async tombstoneStream(streamName, deleteOptions: DeleteOptions = {}) {
      await deleteWith(streamName, deleteOptions, 'tombstone');
    },

    async setStreamMetadata(streamName, metadata: StreamMetadata) {
      validateStreamName(streamName);
      validateMetadata(metadata);
      const { truncateBefore, ...rest } = metadata;
      const { rows } = await knex.raw(
        `INSERT INTO ${s}.streams (stream_name, truncate_before, metadata) VALUES (?, ?, ?::jsonb)
         ON CONFLICT (stream_name) DO UPDATE SET truncate_before = EXCLUDED.truncate_before,
           metadata = EXCLUDED.metadata WHERE ${s}.streams.deleted IS DISTINCT FROM 'tombstone'
         RETURNING stream_name`,
        [streamName, truncateBefore?.toString() ?? null, JSON.stringify(rest)],
      );
      if (rows.length === 0) throw mapPostgresError({ code: 'ES410' }, streamName, 'any');
    },

    async getStreamMetadata(streamName) {
      validateStreamName(streamName);
      const row = await streamRow(streamName);
      if (row?.deleted === 'tombstone') throw mapPostgresError({ code: 'ES410' }, streamName, 'any');
      if (!row) return {};
      const meta = (row.metadata ?? {}) as Omit<StreamMetadata, 'truncateBefore'>;
      return {
        ...meta,
        ...(row.truncate_before === null ? {} : { truncateBefore: BigInt(row.truncate_before) }),
      };
    },

    async headPosition(): Promise<Position> {
      const { rows } = await knex.raw(
        `SELECT transaction_id::text AS commit_position, global_position FROM (${HEAD}) h`,
      );
      const row = rows[0] as { commit_position: string; global_position: string } | undefined;
      return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.global_position) } : START;
    },

    async committedPosition(): Promise<Position> {
      const { rows } = await knex.raw(
        `SELECT transaction_id::text AS commit_position, global_position FROM ${s}.events
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const row = rows[0] as { commit_position: string; global_position: string } | undefined;
      return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.global_position) } : START;
    },

    async close() {
      await Promise.all([...subscriptions].map((sub) => sub.stop()));
      await notifier?.close();
      await listener?.close();
      wakeup.notify();
    },
  };

  async function deleteWith(streamName: string, deleteOptions: DeleteOptions, mode: 'soft' | 'tombstone') {
    const expected = deleteOptions.expectedRevision ?? 'any';
    validateStreamName(streamName);
    validateExpectedRevision(expected);
    try {
      await knex.raw(`SELECT ${s}.delete_stream(?, ?, ?)`, [streamName, expectedText(expected), mode]);
    } catch (error) {
      throw mapPostgresError(error, streamName, expected);
    }
  }

  if (!embedded) rawReaders.set(store, readAllRaw);
  return store;
}

/** Whether `knex` talks to the embedded PGlite (its version string says so) rather than a PostgreSQL server. */
async function isPglite(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw(`SELECT version() LIKE '%PGlite%' AS pglite`);
  return rows[0].pglite === true;
}

/** The JSON array `append_events` takes; data and metadata are serialised (and checked) once. */
export function appendPayload(events: readonly EventData[]): string {
  const items = validateEvents(events).map(
    (e) => `{"id":"${e.id}","type":${JSON.stringify(e.type)},"data":${e.data},"metadata":${e.metadata}}`,
  );
  return `[${items.join(',')}]`;
}

/** A prefix as a LIKE pattern: `%`, `_` and the escape `\` taken literally, then any rest. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The filter's conditions on the events table aliased `e`, as `LIKE ANY` of the prefixes: PostgreSQL
 * estimates a LIKE prefix from the column's statistics, so a filtered read far into a large log still
 * walks the position index (an `EXISTS … starts_with` was misjudged as very selective and planned as a
 * scan and sort of the whole table per read: bench/RESULTS.md "reports").
 */
function addFilter(where: string[], bindings: Knex.RawBinding[], filter: AllFilter | undefined): void {
  if (filter?.eventTypePrefixes) {
    where.push('e.event_type LIKE ANY (?::text[])');
    bindings.push(filter.eventTypePrefixes.map(likePrefix));
  }
  if (filter?.streamNamePrefixes) {
    where.push('e.stream_name LIKE ANY (?::text[])');
    bindings.push(filter.streamNamePrefixes.map(likePrefix));
  }
}
