/**
 * A booking's state is the machine folded over its events (ARCHITECTURE "Funnels"): the initial
 * snapshot from `initialTransition`, each event through the pure `transition`. A stored snapshot is only
 * a cache: `persistBooking` keeps value and context (plain JSON), `restoreBooking` rebuilds it with
 * `machine.resolveState`.
 */
import { initialTransition, type SnapshotFrom } from 'xstate';
import { pureTransition } from '../funnel/pureTransition.ts';
import type { BookingContext } from './bookingContext.ts';
import type { BookingEvent } from './events.ts';
import { bookingMachine } from './machine.ts';

export type BookingSnapshot = SnapshotFrom<typeof bookingMachine>;

/** The machine's states, by name. */
export type BookingStateName =
  | 'form'
  | 'contactCheck'
  | 'holding'
  | 'awaitingDeposit'
  | 'paying'
  | 'paymentKo'
  | 'confirmed'
  | 'refunding'
  | 'ko'
  | 'limit'
  | 'expired'
  | 'cancelled'
  | 'converted';

/** What a snapshot cache stores. */
export interface PersistedBooking {
  readonly value: BookingStateName;
  readonly context: BookingContext;
}

const [initial] = initialTransition(bookingMachine);

/** The machine's pure transition (xstate's `transition`, without its per-call set-up: pureTransition.ts). */
export const nextBooking = pureTransition(bookingMachine);

/** Before BookingStarted (the form, bookingId 0). */
export function initialBookingState(): BookingSnapshot {
  return initial;
}

export function stateOf(snapshot: BookingSnapshot): BookingStateName {
  return snapshot.value as BookingStateName;
}

/**
 * The state after one more event. An event the state does not take means the stream and the rules
 * disagree (a bug, or events written by other rules): it is an error, never silently skipped.
 */
export function evolveBooking(snapshot: BookingSnapshot, event: BookingEvent): BookingSnapshot {
  if (!snapshot.can(event))
    throw new Error(`booking: ${event.type} does not apply in state ${stateOf(snapshot)}`);
  return nextBooking(snapshot, event);
}

export function replayBooking(events: Iterable<BookingEvent>, from = initialBookingState()): BookingSnapshot {
  let snapshot = from;
  for (const event of events) snapshot = evolveBooking(snapshot, event);
  return snapshot;
}

export function persistBooking(snapshot: BookingSnapshot): PersistedBooking {
  return { value: stateOf(snapshot), context: snapshot.context };
}

export function restoreBooking(persisted: PersistedBooking): BookingSnapshot {
  return bookingMachine.resolveState({ value: persisted.value, context: persisted.context });
}

/** The shape engine/handleCommand.ts folds streams with. */
export const bookingEvolver = { initialState: initial, evolve: evolveBooking } as const;
