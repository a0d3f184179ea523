/**
 * The one command handler (engine/README.md "Commands"): read a stream and fold it once, decide once,
 * append with the expected revision; only after a conflict, read and decide again (bounded). Used by
 * every decider: the funnels, the cars' holds, the booking ledgers, the favorites.
 */
import { ConflictError } from '../domain/errors.ts';
import { deterministicId } from './catalogue/deterministicId.ts';
import type { EventData, EventStore, ExpectedRevision, JsonObject, RecordedEvent } from './eventStore.ts';
import { DuplicateEventIdError, StreamNotFoundError, WrongExpectedVersionError } from './eventStoreErrors.ts';

/** A decided event: what a decider returns and folds. */
export interface DomainEvent {
  readonly type: string;
  readonly data: unknown;
}

/** How a stream's events become state: the evolve half of a decider. */
export interface Evolver<State, Event extends DomainEvent> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
  /** A stored event as today's code reads it (older events spelt some values differently). */
  readonly upcast?: (event: Event) => Event;
}

/** A stream read and folded, or as a command left it. */
export interface AggregateStream<State, Event extends DomainEvent> {
  readonly streamName: string;
  readonly state: State;
  /** The last event's revision; undefined while the stream does not exist. */
  readonly revision: bigint | undefined;
  /** Every event, oldest first. */
  readonly events: readonly Event[];
  /** Each event's metadata, by index (actor, idempotency key, time…). */
  readonly metadata: readonly JsonObject[];
}

/** Reads a stream and folds it: the one fold of a stream. A missing stream is the initial state. */
export async function readAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
): Promise<AggregateStream<State, Event>> {
  let recorded: RecordedEvent[];
  try {
    recorded = await store.readStream(streamName);
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) throw error;
    recorded = [];
  }
  let state = evolver.initialState;
  const events: Event[] = [];
  for (const { type, data } of recorded) {
    const stored = { type, data } as unknown as Event;
    const event = evolver.upcast ? evolver.upcast(stored) : stored;
    state = evolver.evolve(state, event);
    events.push(event);
  }
  return {
    streamName,
    state,
    revision: recorded.at(-1)?.revision,
    events,
    metadata: recorded.map((event) => event.metadata),
  };
}

/** The events a command with this idempotency key appended (none: the key is new to the stream). */
export function eventsOfKey<Event extends DomainEvent>(
  stream: AggregateStream<unknown, Event>,
  idempotencyKey: string,
): Event[] {
  return stream.events.filter((_event, i) => stream.metadata[i]?.idempotencyKey === idempotencyKey);
}

export interface HandleCommandOptions<State, Event extends DomainEvent> {
  /** Every appended event's metadata (the idempotency key is added to it). */
  readonly metadata?: JsonObject;
  /**
   * The command's idempotency key: stored in each appended event's metadata; a command whose key is in
   * the stream already decides nothing and answers what that key appended (`replayed`). Event ids are
   * then derived from (stream, key, index), so a retried append whose answer was lost is recognised by
   * the store as the same append.
   */
  readonly idempotencyKey?: string;
  /** New event ids when there is no key (ids come in from the caller: no randomness below http/). */
  readonly newId?: () => string;
  /** Attempts before a conflict is reported (default 5). */
  readonly maxAttempts?: number;
  /** The stream as the caller has just read it: the first attempt decides on it instead of reading. */
  readonly read?: AggregateStream<State, Event>;
  /** What the caller already decided on `read`: the first attempt appends it without deciding again. */
  readonly decided?: readonly Event[];
}

export interface HandleCommandResult<State, Event extends DomainEvent> {
  /** The events this command appended (now, or the first time when replayed; none: nothing to do). */
  readonly events: readonly Event[];
  /** The stream after the command, without reading it again. */
  readonly stream: AggregateStream<State, Event>;
  /** The key was found in the stream: nothing was appended this time. */
  readonly replayed: boolean;
}

/** Commands handled and decisions made (the caller's included) in this process: the funnels bench reads them. */
export const commandCounters = { commands: 0, decisions: 0 };

/**
 * Reads (or takes the caller's read), decides, appends expecting the revision read. On a concurrent
 * write (or the same command racing itself: same derived ids) it reads and decides again, up to
 * `maxAttempts`; then a ConflictError (409), nothing written. A decision of no events appends nothing.
 */
export async function handleCommand<State, Event extends DomainEvent>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  decide: (state: State) => readonly Event[],
  options: HandleCommandOptions<State, Event> = {},
): Promise<HandleCommandResult<State, Event>> {
  const { idempotencyKey: key } = options;
  if (key === undefined && options.newId === undefined)
    throw new Error('handleCommand: an idempotency key or newId is needed');
  const maxAttempts = options.maxAttempts ?? 5;
  const metadata: JsonObject =
    key === undefined ? { ...options.metadata } : { ...options.metadata, idempotencyKey: key };
  commandCounters.commands += 1;
  for (let attempt = 1; ; attempt++) {
    const first = attempt === 1;
    const stream = first && options.read ? options.read : await readAggregate(store, streamName, evolver);
    const earlier = key === undefined ? [] : eventsOfKey(stream, key);
    if (earlier.length > 0) return { events: earlier, stream, replayed: true };
    commandCounters.decisions += 1; // the caller's decision, or this one
    const events = first && options.decided && options.read ? options.decided : decide(stream.state);
    if (events.length === 0) return { events, stream, replayed: false };
    const toAppend: EventData[] = events.map((event, index) => ({
      id: key === undefined ? options.newId!() : deterministicId('funnel', streamName, key, String(index)),
      type: event.type,
      data: event.data as JsonObject,
      metadata,
    }));
    const expectedRevision: ExpectedRevision = stream.revision === undefined ? 'no_stream' : stream.revision;
    try {
      const result = await store.appendToStream(streamName, toAppend, { expectedRevision });
      return {
        events,
        stream: {
          streamName,
          state: events.reduce(evolver.evolve, stream.state),
          revision: result.nextExpectedRevision,
          events: [...stream.events, ...events],
          metadata: [...stream.metadata, ...events.map(() => metadata)],
        },
        replayed: false,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) && !(error instanceof DuplicateEventIdError))
        throw error;
      if (attempt >= maxAttempts) {
        throw new ConflictError(`${streamName} kept changing: try again`, {
          stream: streamName,
          attempts: attempt,
        });
      }
    }
  }
}
