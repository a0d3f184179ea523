/**
 * A purchase's state is the machine folded over its events (ARCHITECTURE "Funnels"): the initial
 * snapshot from `initialTransition`, each event through the pure `transition`. A stored snapshot is only
 * a cache: `persistPurchase` keeps value and context (plain JSON), `restorePurchase` rebuilds it with
 * `machine.resolveState`.
 */
import { initialTransition, type SnapshotFrom } from 'xstate';
import { pureTransition } from '../funnel/pureTransition.ts';
import { type PurchaseEvent, upcastPurchaseEvent } from './events.ts';
import { purchaseMachine } from './machine.ts';
import type { PurchaseContext } from './purchaseContext.ts';

export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;

/** What a snapshot cache stores. */
export interface PersistedPurchase {
  readonly value: PurchaseSnapshot['value'];
  readonly context: PurchaseContext;
}

const [initial] = initialTransition(purchaseMachine);

/** The machine's pure transition (xstate's `transition`, without its per-call set-up: pureTransition.ts). */
export const nextPurchase = pureTransition(purchaseMachine);

/** Before PurchaseStarted. */
export function initialPurchaseState(): PurchaseSnapshot {
  return initial;
}

/**
 * The state after one more event. An event the state does not take means the stream and the rules
 * disagree (a bug, or events written by other rules): it is an error, never silently skipped.
 */
export function evolvePurchase(snapshot: PurchaseSnapshot, event: PurchaseEvent): PurchaseSnapshot {
  // Every transition of the machine records the event, so a taken event always makes a new snapshot;
  // the same snapshot back means no transition took it (cheaper than asking `can` first).
  const next = nextPurchase(snapshot, event);
  if (next === snapshot) {
    throw new Error(`purchase: ${event.type} does not apply in state ${JSON.stringify(snapshot.value)}`);
  }
  return next;
}

export function replayPurchase(
  events: Iterable<PurchaseEvent>,
  from = initialPurchaseState(),
): PurchaseSnapshot {
  let snapshot = from;
  for (const event of events) snapshot = evolvePurchase(snapshot, event);
  return snapshot;
}

export function persistPurchase(snapshot: PurchaseSnapshot): PersistedPurchase {
  return { value: snapshot.value, context: snapshot.context };
}

export function restorePurchase(persisted: PersistedPurchase): PurchaseSnapshot {
  return purchaseMachine.resolveState({ value: persisted.value, context: persisted.context });
}

/** The shape engine/handleCommand.ts folds streams with (stored events read as today's code reads them). */
export const purchaseEvolver = {
  initialState: initial,
  evolve: evolvePurchase,
  upcast: upcastPurchaseEvent,
} as const;
