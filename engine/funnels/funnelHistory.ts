/**
 * A funnel's history for staff: every event with who, what, when and its data, and the funnel as it
 * was right after any chosen event (the stream folded up to that revision: the machine is the evolve
 * function, so this is exact, not a snapshot that may have drifted).
 */
import { NotFoundError } from '../../domain/errors.ts';
import type { EventStore, JsonObject, RecordedEvent } from '../eventStore.ts';
import { StreamNotFoundError } from '../eventStoreErrors.ts';
import { type AggregateStream, type DomainEvent, type Evolver, readAggregate } from '../handleCommand.ts';

export interface TimelineEntry {
  readonly revision: number;
  readonly type: string;
  readonly data: JsonObject;
  /** Actor, machine version, correlation/causation ids, idempotency key, time (see FunnelEventMetadata). */
  readonly metadata: JsonObject;
  /** When the store recorded it. */
  readonly recordedAt: string;
}

export async function readTimeline(store: EventStore, streamName: string): Promise<TimelineEntry[]> {
  let recorded: RecordedEvent[] = [];
  try {
    recorded = await store.readStream(streamName);
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
  }
  if (recorded.length === 0) throw new NotFoundError(`${streamName} not found`, { stream: streamName });
  return recorded.map((event) => ({
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.created.toISOString(),
  }));
}

/** The stream as it was right after the event at `revision` (0-based); NotFoundError past its end. */
export function streamAfter<State, Event extends DomainEvent>(
  stream: AggregateStream<State, Event>,
  evolver: Evolver<State, Event>,
  revision: number,
): AggregateStream<State, Event> {
  if (!Number.isInteger(revision) || revision < 0 || revision >= stream.events.length) {
    throw new NotFoundError(`${stream.streamName} has no event ${revision}`, {
      stream: stream.streamName,
      events: stream.events.length,
    });
  }
  const events = stream.events.slice(0, revision + 1);
  return {
    streamName: stream.streamName,
    state: events.reduce(evolver.evolve, evolver.initialState),
    revision: BigInt(revision),
    events,
    metadata: stream.metadata.slice(0, revision + 1),
  };
}

/** The state after the event at `revision` (0-based), or NotFoundError when the stream is shorter. */
export async function stateAfter<State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  revision: number,
): Promise<State> {
  return streamAfter(await readAggregate(store, streamName, evolver), evolver, revision).state;
}
