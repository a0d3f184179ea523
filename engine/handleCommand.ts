/**
 * The command handler shared by deciders (favorites now, the funnels later): read the stream, fold it
 * into state, decide, append with the expected revision. On a concurrent write (wrong expected version)
 * it reads again and decides again, up to `maxAttempts`; then it gives up with a ConflictError (409),
 * having written nothing. A decision of no events appends nothing.
 */
import { ConflictError } from '../domain/errors.ts';
import type { EventData, EventStore, ExpectedRevision, JsonObject } from './eventStore.ts';
import { StreamNotFoundError, WrongExpectedVersionError } from './eventStoreErrors.ts';

/** How a stream's events become state: the evolve half of a decider. */
export interface Evolver<State, Event extends { type: string; data: unknown }> {
  readonly initialState: State;
  evolve(state: State, event: Event): State;
}

export interface HandleCommandOptions {
  /** Attempts before a conflict is reported (default 3). */
  readonly maxAttempts?: number;
  /** A new event id per appended event (ids come in from the caller: no randomness below http/). */
  readonly newId: () => string;
  readonly metadata?: JsonObject;
}

export interface HandleCommandResult<State, Event> {
  /** The events appended by this call (empty when the decision was "nothing to do"). */
  readonly events: readonly Event[];
  /** The state after them. */
  readonly state: State;
  /** The stream's revision after the call, or undefined when the stream still does not exist. */
  readonly revision: bigint | undefined;
}

/** Reads a stream and folds it; a missing stream is the initial state. */
export async function aggregateStream<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
): Promise<{ state: State; revision: bigint | undefined }> {
  try {
    const recorded = await store.readStream(streamName);
    let state = evolver.initialState;
    for (const event of recorded)
      state = evolver.evolve(state, { type: event.type, data: event.data } as Event);
    return { state, revision: recorded.at(-1)?.revision };
  } catch (error) {
    if (error instanceof StreamNotFoundError) return { state: evolver.initialState, revision: undefined };
    throw error;
  }
}

export async function handleCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  decide: (state: State) => readonly Event[],
  options: HandleCommandOptions,
): Promise<HandleCommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 3;
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await aggregateStream(store, streamName, evolver);
    const events = decide(state);
    if (events.length === 0) return { events, state, revision };
    const expectedRevision: ExpectedRevision = revision === undefined ? 'no_stream' : revision;
    const toAppend: EventData[] = events.map((event) => ({
      id: options.newId(),
      type: event.type,
      data: event.data as JsonObject,
      ...(options.metadata ? { metadata: options.metadata } : {}),
    }));
    try {
      const result = await store.appendToStream(streamName, toAppend, { expectedRevision });
      return { events, state: events.reduce(evolver.evolve, state), revision: result.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) {
        throw new ConflictError(`${streamName} kept changing: try again`, {
          stream: streamName,
          attempts: attempt,
        });
      }
    }
  }
}
