/** What the purchase and booking services share: open, allowed now, append, staff reads (README.md "Every command"). */
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

export function funnelCore<State, Event extends DomainEvent, CommandType extends string, View>(
  funnel: FunnelDefinition<State, Event, CommandType>,
  parts: FunnelServiceParts<State, Event, View>,
) {
  const { store, clock, view, after } = parts;

  /** The funnel for `actor`: unknown or another buyer's → the same 404, so ids cannot be probed. */
  async function read(id: string, actor: Actor): Promise<AggregateStream<State, Event>> {
    if (!FUNNEL_ID.test(id)) throw funnelNotFound(funnel.kind, id);
    const stream = await readAggregate(store, funnel.stream(id), funnel.evolver);
    if (stream.events.length === 0) throw funnelNotFound(funnel.kind, id);
    if (!mayAccess(actor, funnel.customerOf(stream.state), starterOf(stream.metadata)))
      throw funnelNotFound(funnel.kind, id);
    return stream;
  }

  /** A funnel about to start: its stream, which has no event unless a retried start made it. */
  function readNew(id: string): Promise<AggregateStream<State, Event>> {
    return readAggregate(store, funnel.stream(id), funnel.evolver);
  }

  /**
   * Opens the funnel for a command: read once, the key resolved on that read. A replayed key answers the
   * funnel as it is (`done`), after running again what followed those events (a crash half-way is
   * mended by the retry).
   */
  async function open(id: string, call: FunnelCall): Promise<OpenFunnel<State, Event> & { done?: View }> {
    const stream = await read(id, call.actor);
    const resolved = resolveCall(call, stream.revision);
    const earlier = eventsOfKey(stream, resolved.idempotencyKey);
    const opened = { ...stream, id, call: resolved, at: clock().toISOString() };
    if (earlier.length === 0) return { ...opened, replayed: undefined };
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
   * again on the stream read afresh (bounded). Answers the stream as the command left it.
   */
  async function append(
    opened: OpenFunnel<State, Event>,
    events: readonly Event[],
    decide: (state: State) => readonly Event[],
  ): Promise<{ events: readonly Event[]; stream: AggregateStream<State, Event> }> {
    return handleCommand(store, funnel.stream(opened.id), funnel.evolver, decide, {
      read: opened,
      decided: events,
      idempotencyKey: opened.call.idempotencyKey,
      metadata: funnelMetadata(funnel.machine, opened.id, opened.call, opened.at),
    });
  }

  return {
    read,
    readNew,
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
