/**
 * Pure translations between the event store port and `@eventstore/db-client`: expected revisions,
 * read directions and revisions, `$all` positions (ours are exclusive), recorded events and filters.
 */

import type {
  AppendExpectedRevision,
  Direction,
  ExpectedRevision as EsdbExpectedRevision,
  Position as EsdbPosition,
  Filter,
  ReadPosition,
  ReadRevision,
} from '@eventstore/db-client';
import {
  BACKWARDS,
  END,
  START as ESDB_START,
  eventTypeFilter,
  excludeSystemEvents,
  FORWARDS,
  streamNameFilter,
} from '@eventstore/db-client';
import type {
  AllFilter,
  ExpectedRevision,
  JsonObject,
  Position,
  ReadStreamOptions,
  RecordedEvent,
} from '../eventStore.ts';
import { comparePositions, START } from '../eventStore.ts';
import { InvalidEventStoreArgumentError } from '../eventStoreErrors.ts';

/** The parts of the client's recorded event we read (its `ResolvedEvent` and `AllStreamResolvedEvent` fit). */
export interface EsdbRecordedEvent {
  readonly streamId: string;
  readonly id: string;
  readonly isJson: boolean;
  readonly revision: bigint;
  readonly type: string;
  readonly created: Date;
  readonly data: unknown;
  readonly metadata?: unknown;
  /** Absent on stream reads from servers older than 22.6. */
  readonly position?: EsdbPosition | undefined;
}

export interface EsdbResolvedEvent {
  readonly event?: EsdbRecordedEvent | undefined;
  readonly commitPosition?: bigint | undefined;
}

export function toEsdbExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return 'any';
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    default:
      return expected;
  }
}

/** Deletes accept no `stream_exists` in the client: the adapter resolves it to the current revision first. */
export function toEsdbDeleteRevision(
  expected: Exclude<ExpectedRevision, 'stream_exists'>,
): EsdbExpectedRevision {
  return expected;
}

export function toDirection(direction: ReadStreamOptions['direction']): Direction {
  return direction === 'backwards' ? BACKWARDS : FORWARDS;
}

export function toReadRevision(options: ReadStreamOptions): ReadRevision {
  const from = options.fromRevision ?? (options.direction === 'backwards' ? 'end' : 'start');
  if (from === 'start') return ESDB_START;
  if (from === 'end') return END;
  if (typeof from !== 'bigint' || from < 0n) {
    throw new InvalidEventStoreArgumentError(
      'fromRevision',
      "must be 'start', 'end' or a non-negative bigint",
    );
  }
  return from;
}

/** `undefined` reads everything; 0 is allowed (an empty page). */
export function validateMaxCount(maxCount: unknown): number | undefined {
  if (maxCount === undefined) return undefined;
  if (typeof maxCount !== 'number' || !Number.isSafeInteger(maxCount) || maxCount < 0) {
    throw new InvalidEventStoreArgumentError('maxCount', 'must be a non-negative integer');
  }
  return maxCount;
}

export function isStart(position: Position): boolean {
  return position.commit < 0n || position.prepare < 0n;
}

/**
 * Where the client should start reading `$all`. EventStoreDB reads from a position inclusively;
 * the port's `fromPosition` is exclusive, so readers also drop what {@link isAfter} rejects.
 */
export function toReadPosition(from: Position | 'end' | undefined): ReadPosition {
  if (from === undefined) return ESDB_START;
  if (from === 'end') return END;
  if (isStart(from)) return ESDB_START;
  return { commit: from.commit, prepare: from.prepare };
}

/** True when `position` is strictly after the exclusive `from` (everything is after `START`). */
export function isAfter(position: Position, from: Position | 'end' | undefined): boolean {
  if (from === undefined || from === 'end') return true;
  return comparePositions(position, from) > 0;
}

/** System events: `$`-prefixed types (metadata, links, tombstones, stats) or `$`-prefixed streams. */
export function isSystemEvent(event: { readonly type: string; readonly streamName: string }): boolean {
  return event.type.startsWith('$') || event.streamName.startsWith('$');
}

/** Each list matches when any prefix matches (an empty list matches nothing); an absent list matches all. */
export function matchesFilter(
  event: { readonly type: string; readonly streamName: string },
  filter: AllFilter | undefined,
): boolean {
  const types = filter?.eventTypePrefixes;
  const streams = filter?.streamNamePrefixes;
  if (types && !types.some((prefix) => event.type.startsWith(prefix))) return false;
  if (streams && !streams.some((prefix) => event.streamName.startsWith(prefix))) return false;
  return true;
}

/**
 * The filter sent to the server. It takes one kind of filter: event types win over stream names when
 * both are given, the other list is applied client-side by {@link matchesFilter} (which always runs).
 * Without prefixes the server still drops system event types.
 */
export function toServerFilter(filter: AllFilter | undefined): Filter {
  if (filter?.eventTypePrefixes?.length) return eventTypeFilter({ prefixes: [...filter.eventTypePrefixes] });
  if (filter?.streamNamePrefixes?.length)
    return streamNameFilter({ prefixes: [...filter.streamNamePrefixes] });
  return excludeSystemEvents();
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/**
 * The port's view of a client event, or `undefined` for what it does not carry: a missing event
 * (unresolved link), system events (links `$>`, `$metadata`, `$streamDeleted`, …) and events this
 * adapter never writes (binary content, or JSON whose data is not an object).
 */
export function toRecordedEvent(resolved: EsdbResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  if (isSystemEvent({ type: event.type, streamName: event.streamId })) return undefined;
  if (!event.isJson || !isJsonObject(event.data)) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  const prepare = event.position?.prepare ?? resolved.commitPosition;
  return {
    id: event.id.toLowerCase(),
    streamName: event.streamId,
    revision: event.revision,
    position: commit === undefined || prepare === undefined ? START : { commit, prepare },
    type: event.type,
    data: event.data,
    metadata: isJsonObject(event.metadata) ? event.metadata : {},
    created: event.created instanceof Date ? event.created : new Date(event.created),
  };
}
