/**
 * What the purchase and booking services share (README "Every command"): open a funnel for a command
 * (read and fold it once; unknown or another buyer's → 404; the idempotency key resolved on the
 * revision read; a replayed key recognised), check a command against what the machine allows now (409,
 * before a fact with a side effect is gathered), append what the service decided with that key and the
 * funnel's metadata, and the staff's reads of its history.
 */
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
import { streamAfter } from './funnelHistory.ts';

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

const FUNNEL_ID = /^[1-9]\d{0,11}$/;

export function funnelCore<State, Event extends DomainEvent, CommandType extends string>(
  funnel: FunnelDefinition<State, Event, CommandType>,
  options: { readonly store: EventStore; readonly clock: () => Date },
) {
  const { store, clock } = options;

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

  /** Opens the funnel for a command: read once, the key resolved on that read, a replay recognised. */
  async function open(id: string, call: FunnelCall): Promise<OpenFunnel<State, Event>> {
    const stream = await read(id, call.actor);
    const resolved = resolveCall(call, stream.revision);
    const earlier = eventsOfKey(stream, resolved.idempotencyKey);
    return {
      ...stream,
      id,
      call: resolved,
      at: clock().toISOString(),
      replayed: earlier.length > 0 ? earlier : undefined,
    };
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

  /** Staff: the funnel as it was right after the event at `revision` (0-based). */
  async function stateAfter(id: string, revision: number): Promise<AggregateStream<State, Event>> {
    return streamAfter(await read(id, { kind: 'system', name: 'staff-read' }), funnel.evolver, revision);
  }

  return { read, readNew, open, mustAllow, append, stateAfter, now: () => clock().toISOString() };
}

export type FunnelCore<State, Event extends DomainEvent, CommandType extends string> = ReturnType<
  typeof funnelCore<State, Event, CommandType>
>;
