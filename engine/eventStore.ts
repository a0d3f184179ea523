/**
 * The event store port. Its semantics mirror EventStoreDB's so that both adapters (Postgres by default,
 * EventStoreDB when `EVENTSTORE_URL` is set) pass one contract suite (`engine/contract/`):
 *
 * - streams are named, their events numbered by a 0-based **revision**;
 * - an append states what it expects of the stream (`any`, `no_stream`, `stream_exists` or an exact
 *   revision) and fails with {@link WrongExpectedVersionError} otherwise;
 * - appends are idempotent by event id: the same append retried succeeds and writes nothing twice;
 * - every event also has a global **position** in the `$all` log; `readAll` and `subscribeToAll` deliver
 *   events in position order and never skip one that commits late;
 * - soft delete hides a stream (it may be written again, its revisions continue); a tombstone is final;
 * - stream metadata (`maxAge`, `maxCount`, `truncateBefore`, custom keys) limits what reads return.
 */

/** What an append expects of the stream it writes to. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

/**
 * A position in the `$all` log, as in EventStoreDB (`commit`, `prepare`). On Postgres `commit` is the
 * appending transaction's id (xid8) and `prepare` the global sequence number: the pair orders events by
 * commit visibility, which is what makes reading gap-safe.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** An event to append. `id` (a UUID) makes a retried append idempotent. */
export interface EventData<Type extends string = string, Data extends JsonObject = JsonObject> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata?: JsonObject;
}

/** An event as stored. */
export interface RecordedEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  readonly id: string;
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: JsonObject;
  readonly created: Date;
}

export interface AppendResult {
  /** The stream's last revision after the append: pass it as the next append's expected revision. */
  readonly nextExpectedRevision: bigint;
  /** The `$all` position of the last event appended. */
  readonly position: Position;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** First revision to read ('start' or 'end' by default, depending on the direction). */
  readonly fromRevision?: bigint | 'start' | 'end';
  readonly maxCount?: number;
}

/** Filters for `$all`. Each list matches when any entry matches; an absent list matches everything. */
export interface AllFilter {
  readonly eventTypePrefixes?: readonly string[];
  readonly streamNamePrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. `START` (default) reads from the beginning. */
  readonly fromPosition?: Position;
  readonly maxCount?: number;
  readonly filter?: AllFilter;
}

export interface SubscribeToAllOptions {
  /** Exclusive; `START` by default, `'end'` for live events only. */
  readonly fromPosition?: Position | 'end';
  readonly filter?: AllFilter;
  /** Events per read while catching up (Postgres adapter). */
  readonly batchSize?: number;
}

export interface SubscriptionHandler {
  /** Called once per event, in `$all` order; the next event waits for the returned promise. */
  onEvent(event: RecordedEvent): Promise<void> | void;
  /** Called each time the subscription has delivered everything stored and waits for new events. */
  onCaughtUp?(): void;
}

/** A running catch-up subscription. */
export interface Subscription {
  /** Stops delivery; resolves once the current handler call has returned. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves on `stop()`, rejects with the handler's error. */
  readonly done: Promise<void>;
}

export interface StreamMetadata {
  /** Events older than this many seconds are not returned by stream reads. */
  readonly maxAge?: number;
  /** Only the newest `maxCount` events are returned by stream reads. */
  readonly maxCount?: number;
  /** Events with a lower revision are not returned by stream reads. */
  readonly truncateBefore?: bigint;
  readonly custom?: JsonObject;
}

export interface DeleteOptions {
  readonly expectedRevision?: ExpectedRevision;
}

/** The event store port. Adapters: `createPostgresEventStore`, `createEsdbEventStore`. */
export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventData[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Throws {@link StreamNotFoundError} for a stream that does not exist or was soft-deleted. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of every stream (soft-deleted and truncated ones included, as EventStoreDB before scavenge). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(handler: SubscriptionHandler, options?: SubscribeToAllOptions): Subscription;
  /** Soft delete: reads say not found; a later append recreates the stream, revisions continue. */
  deleteStream(streamName: string, options?: DeleteOptions): Promise<void>;
  /** Hard delete: the stream can never be read or written again. */
  tombstoneStream(streamName: string, options?: DeleteOptions): Promise<void>;
  setStreamMetadata(streamName: string, metadata: StreamMetadata): Promise<void>;
  getStreamMetadata(streamName: string): Promise<StreamMetadata>;
  /** The position of the newest event in `$all` (what a caught-up reader has seen), for lag figures. */
  headPosition(): Promise<Position>;
  /**
   * The position of the newest committed event, even one a gap-safe reader cannot see yet because an
   * older transaction is still open (Postgres). Every event committed before the call is readable once
   * `headPosition()` has reached it: "caught up" waits for that, not for an empty read.
   */
  committedPosition(): Promise<Position>;
  close(): Promise<void>;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(-?\d+)\/(-?\d+)$/.exec(text);
  if (!match) throw new TypeError(`not a position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}
