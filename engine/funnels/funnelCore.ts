/** What the purchase and booking services share: open, allowed now, append, staff reads (README.md "Every command"). */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';
import { isDomainError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { FunnelKind } from '../../domain/funnel/funnelKind.ts';
import { stepNotAllowed } from '../../domain/funnel/stepNotAllowed.ts';
import type { EventStore } from '../eventStore.ts';
import {
  type AggregateStream,
  type DomainEvent,
  type Evolver,
  eventsOfKey,
  handleCommand,
  readAggregate,
} from '../handleCommand.ts';
import {
  type FunnelCall,
  funnelMetadata,
  funnelNotFound,
  mayAccess,
  type ResolvedCall,
  resolveCall,
  starterOf,
} from './funnelCall.ts';
import { readTimeline, streamAfter, type TimelineEntry } from './funnelHistory.ts';

/** A funnel's rules as the core needs them (the domain's machine, stream and "allowed now"). */
export interface FunnelDefinition<State, Event extends DomainEvent, CommandType extends string> {
  readonly kind: FunnelKind;
  readonly machine: { readonly id: string; readonly version: number };
  readonly stream: (id: string) => string;
  readonly evolver: Evolver<State, Event>;
  /** The customer the funnel belongs to, once known. */
  readonly customerOf: (state: State) => string | null;
  readonly allowedCommands: (state: State) => readonly CommandType[];
  /** Where the funnel stands, in a word (the 409's message). */
  readonly describe: (state: State) => string;
}

/** A funnel read for a command. */
export interface OpenFunnel<State, Event extends DomainEvent> extends AggregateStream<State, Event> {
  readonly id: string;
  readonly call: ResolvedCall;
  /** Now, for every fact and decision of this command. */
  readonly at: string;
  /** What this call's key appended before: the command was done already (a retry). */
  readonly replayed: readonly Event[] | undefined;
}

/** What the core needs of the service: its view of a funnel, and what follows a funnel's events. */
export interface FunnelServiceParts<State, Event extends DomainEvent, View> {
  readonly store: EventStore;
  readonly clock: () => Date;
  readonly view: (stream: AggregateStream<State, Event>) => View;
  /** What follows the events outside the funnel's stream (idempotent: it runs again on a replay). */
  readonly after: (state: State, events: readonly Event[], call: ResolvedCall, at: string) => Promise<void>;
}

const FUNNEL_ID = /^[1-9]\d{0,11}$/;

/** The funnels' streams this process keeps as its commands left them (README.md "Kept streams"). */
const KEPT_STREAMS = 1000;
const KEPT_FOR_MS = 15 * 60 * 1000;

/** One run of a command method: whether it may decide on kept streams, and what it did with them. */
interface Attempt {
  readonly mayKeep: boolean;
  /** The kept streams it opened (not read). */
  readonly kept: Set<string>;
  /** A kept stream was proven current: appended to with its revision, or holding the call's key. */
  proven: boolean;
}

export function funnelCore<State, Event extends DomainEvent, CommandType extends string, View>(
  funnel: FunnelDefinition<State, Event, CommandType>,
  parts: FunnelServiceParts<State, Event, View>,
) {
  const { store, clock, view, after } = parts;
  const kept = new LRUCache<string, AggregateStream<State, Event>>({ max: KEPT_STREAMS, ttl: KEPT_FOR_MS });
  const attempts = new AsyncLocalStorage<Attempt>();

  /** `actor` may see and act on the funnel `stream` is (its customer, the visitor who started it, staff). */
  const mayAct = (actor: Actor, stream: AggregateStream<State, Event>) =>
    mayAccess(actor, funnel.customerOf(stream.state), starterOf(stream.metadata));

  /** The funnel for `actor`: unknown or another buyer's → the same 404, so ids cannot be probed. */
  async function read(id: string, actor: Actor, mayKeep = false): Promise<AggregateStream<State, Event>> {
    if (!FUNNEL_ID.test(id)) throw funnelNotFound(funnel.kind, id);
    const name = funnel.stream(id);
    const attempt = mayKeep ? attempts.getStore() : undefined;
    let stream = attempt?.mayKeep ? kept.get(name) : undefined;
    if (stream) attempt?.kept.add(name);
    else {
      stream = await readAggregate(store, name, funnel.evolver);
      if (stream.events.length > 0) kept.set(name, stream);
    }
    if (stream.events.length === 0) throw funnelNotFound(funnel.kind, id);
    if (!mayAct(actor, stream)) throw funnelNotFound(funnel.kind, id);
    return stream;
  }

  /**
   * A funnel about to start: its stream, which has no event unless a retried start made it (an id
   * allocated just now, `fresh`, has none: nothing to read).
   */
  function readNew(allocated: { id: string; fresh: boolean }): Promise<AggregateStream<State, Event>> {
    const streamName = funnel.stream(allocated.id);
    if (allocated.fresh)
      return Promise.resolve({
        streamName,
        state: funnel.evolver.initialState,
        revision: undefined,
        events: [],
        metadata: [],
      });
    return readAggregate(store, streamName, funnel.evolver);
  }

  /**
   * A service's command methods, run first on the streams kept as this process's last commands left them
   * (no read); when such a run decides nothing or is refused without having proven its stream current
   * (an append expecting its revision, or the call's key found in it), it runs again on a fresh read:
   * another instance may have moved the funnel meanwhile. A conflicting append reads afresh anyway.
   */
  function commands<Methods extends Record<string, unknown>>(methods: Methods): Methods {
    const wrapped: Record<string, unknown> = {};
    for (const [name, method] of Object.entries(methods)) {
      if (typeof method !== 'function') {
        wrapped[name] = method;
        continue;
      }
      wrapped[name] = async (...args: unknown[]) => {
        const first: Attempt = { mayKeep: true, kept: new Set(), proven: false };
        try {
          const answer = await attempts.run(first, () => method(...args));
          if (first.kept.size === 0 || first.proven) return answer;
        } catch (error) {
          if (first.kept.size === 0 || first.proven || !isDomainError(error)) throw error;
        }
        for (const streamName of first.kept) kept.delete(streamName);
        return attempts.run({ mayKeep: false, kept: new Set(), proven: false }, () => method(...args));
      };
    }
    return wrapped as Methods;
  }

  /**
   * Opens the funnel for a command: read once, the key resolved on that read. A replayed key answers the
   * funnel as it is (`done`), after running again what followed those events (a crash half-way is
   * mended by the retry).
   */
  async function open(id: string, call: FunnelCall): Promise<OpenFunnel<State, Event> & { done?: View }> {
    const stream = await read(id, call.actor, true);
    const resolved = resolveCall(call, stream.revision);
    const earlier = eventsOfKey(stream, resolved.idempotencyKey);
    const opened = { ...stream, id, call: resolved, at: clock().toISOString() };
    if (earlier.length === 0) return { ...opened, replayed: undefined };
    const attempt = attempts.getStore();
    if (attempt) attempt.proven = true;
    await after(stream.state, earlier, resolved, opened.at);
    return { ...opened, replayed: earlier, done: view(stream) };
  }

  /**
   * A command whose facts have side effects (a checkout, a loan application, a slot, a hold) must be
   * allowed now, or 409 naming what is: asked of the machine, before anything is created.
   */
  function mustAllow(opened: AggregateStream<State, Event>, command: CommandType): void {
    const allowed = funnel.allowedCommands(opened.state);
    if (!allowed.includes(command))
      throw stepNotAllowed(funnel.kind, command, funnel.describe(opened.state), [...allowed]);
  }

  /**
   * Appends `events` (decided on `opened`) expecting its revision; after a concurrent write, `decide`
   * again on the stream read afresh (bounded), if the actor may still act on it. Answers the stream as
   * the command left it, and keeps it so.
   */
  async function append(
    opened: OpenFunnel<State, Event>,
    events: readonly Event[],
    decide: (state: State) => readonly Event[],
  ): Promise<{ events: readonly Event[]; stream: AggregateStream<State, Event> }> {
    const streamName = funnel.stream(opened.id);
    const starter = starterOf(opened.metadata);
    const { actor } = opened.call;
    const result = await handleCommand(
      store,
      streamName,
      funnel.evolver,
      (state) => {
        if (!mayAccess(actor, funnel.customerOf(state), starter))
          throw funnelNotFound(funnel.kind, opened.id);
        return decide(state);
      },
      {
        read: opened,
        decided: events,
        idempotencyKey: opened.call.idempotencyKey,
        metadata: funnelMetadata(funnel.machine, opened.id, opened.call, opened.at),
      },
    );
    if (result.stream.events.length > 0) kept.set(streamName, result.stream);
    const attempt = attempts.getStore();
    // Appended expecting a revision, or found the key on a fresh read: what it answers is current.
    if (attempt && (result.events.length > 0 || result.replayed)) attempt.proven = true;
    return result;
  }

  return {
    read: (id: string, actor: Actor) => read(id, actor),
    readNew,
    commands,
    open,
    mustAllow,
    append,
    now: () => clock().toISOString(),
    /** The funnel for a buyer (theirs only), staff or the system. */
    get: async (id: string, actor: Actor): Promise<View> => view(await read(id, actor)),
    /** Staff: every event with who, what, when. */
    async timeline(id: string): Promise<TimelineEntry[]> {
      if (!FUNNEL_ID.test(id)) throw funnelNotFound(funnel.kind, id);
      return readTimeline(store, funnel.stream(id));
    },
    /** Staff: the funnel as it was right after the event at `revision` (0-based). */
    async stateAfter(id: string, revision: number): Promise<View> {
      const stream = await read(id, { kind: 'system', name: 'staff-read' });
      return view(streamAfter(stream, funnel.evolver, revision));
    },
  };
}
