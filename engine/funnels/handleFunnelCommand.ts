/**
 * The command handler of the funnels (ARCHITECTURE "Funnels"): read the funnel's stream, fold it into the
 * machine's state, decide, append with the expected revision, and on a concurrent write read and decide
 * again (bounded). On top of engine/handleCommand.ts's loop it adds the funnels' two guarantees:
 *
 * - **Idempotency key per command.** The key is stored in each appended event's metadata; a command whose
 *   key is already in the stream decides nothing and answers with the events that key appended then
 *   (`replayed: true`). Event ids are derived from (stream, key, index), so even a retried append whose
 *   answer was lost is recognised by the store as the same append.
 * - **Metadata on every event:** actor, machine id and version, correlation and causation ids, time.
 *
 * Conflicts: after `maxAttempts` concurrent writes in a row → ConflictError (409), nothing written.
 * Funnel streams are short (tens of events), so reading the whole stream per command is cheap.
 */
import { ConflictError } from '../../domain/errors.ts';
import type { FunnelEventMetadata } from '../../domain/funnel/funnelMetadata.ts';
import { deterministicId } from '../catalogue/deterministicId.ts';
import type { EventData, EventStore, JsonObject, RecordedEvent } from '../eventStore.ts';
import {
  DuplicateEventIdError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '../eventStoreErrors.ts';
import type { Evolver } from '../handleCommand.ts';

export interface FunnelCommandOptions {
  /** The command's idempotency key (a client-sent `Idempotency-Key`, a webhook event id, a timer key). */
  readonly idempotencyKey: string;
  /** Everything but the key, which is added here. */
  readonly metadata: Omit<FunnelEventMetadata, 'idempotencyKey'>;
  /** Attempts before a conflict is reported (default 5). */
  readonly maxAttempts?: number;
  /**
   * The stream as the caller has just read it (it checked access and the key on it): the first attempt
   * decides on it instead of reading again. Safe: the append expects its revision, so a stale one only
   * costs a conflict, after which the stream is read afresh.
   */
  readonly loaded?: LoadedFunnel<unknown>;
}

export interface FunnelCommandResult<State, Event> {
  /** The events this command appended (now, or the first time when replayed). */
  readonly events: readonly Event[];
  /** The stream's state after the whole stream. */
  readonly state: State;
  /** The stream's last revision, undefined while the stream does not exist. */
  readonly revision: bigint | undefined;
  /**
   * True when the key was found in the stream: nothing was appended this time. (A copy racing the first
   * one may instead be recognised by the store as the same append, same ids: also nothing written.)
   */
  readonly replayed: boolean;
}

/** A funnel stream read with its metadata, folded. */
export interface LoadedFunnel<State> {
  readonly state: State;
  readonly revision: bigint | undefined;
  readonly recorded: readonly RecordedEvent[];
}

export async function loadFunnel<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
): Promise<LoadedFunnel<State>> {
  let recorded: RecordedEvent[];
  try {
    recorded = await store.readStream(streamName);
  } catch (error) {
    if (error instanceof StreamNotFoundError)
      return { state: evolver.initialState, revision: undefined, recorded: [] };
    throw error;
  }
  let state = evolver.initialState;
  for (const event of recorded)
    state = evolver.evolve(state, { type: event.type, data: event.data } as Event);
  return { state, revision: recorded.at(-1)?.revision, recorded };
}

/** The events a command with this idempotency key appended (none: the key is new to the stream). */
export function eventsOfKey<Event extends { type: string; data: unknown }>(
  recorded: readonly RecordedEvent[],
  idempotencyKey: string,
): Event[] {
  return recorded
    .filter((event) => event.metadata.idempotencyKey === idempotencyKey)
    .map((event) => ({ type: event.type, data: event.data }) as Event);
}

export async function handleFunnelCommand<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamName: string,
  evolver: Evolver<State, Event>,
  decide: (state: State, loaded: LoadedFunnel<State>) => readonly Event[],
  options: FunnelCommandOptions,
): Promise<FunnelCommandResult<State, Event>> {
  const maxAttempts = options.maxAttempts ?? 5;
  const metadata = { ...options.metadata, idempotencyKey: options.idempotencyKey } as unknown as JsonObject;
  for (let attempt = 1; ; attempt++) {
    const loaded =
      attempt === 1 && options.loaded
        ? (options.loaded as LoadedFunnel<State>)
        : await loadFunnel(store, streamName, evolver);
    const earlier = eventsOfKey<Event>(loaded.recorded, options.idempotencyKey);
    if (earlier.length > 0) {
      return { events: earlier, state: loaded.state, revision: loaded.revision, replayed: true };
    }
    const events = decide(loaded.state, loaded);
    if (events.length === 0)
      return { events, state: loaded.state, revision: loaded.revision, replayed: false };
    const toAppend: EventData[] = events.map((event, index) => ({
      id: deterministicId('funnel', streamName, options.idempotencyKey, String(index)),
      type: event.type,
      data: event.data as JsonObject,
      metadata,
    }));
    try {
      const result = await store.appendToStream(streamName, toAppend, {
        expectedRevision: loaded.revision === undefined ? 'no_stream' : loaded.revision,
      });
      return {
        events,
        state: events.reduce(evolver.evolve, loaded.state),
        revision: result.nextExpectedRevision,
        replayed: false,
      };
    } catch (error) {
      // A concurrent write, or the same command racing itself (same ids): read again; the second
      // case then finds its key and answers as a replay.
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
