/**
 * The browser's actor and the server's view read a purchase alike: an actor restored from the snapshot
 * of any version (as JSON carries it) and sent the later events says what the server's fold says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { PurchaseEvent } from './events.ts';
import { purchaseMachine } from './machine.ts';
import { purchaseNow } from './purchaseNow.ts';
import { initialPurchaseState, nextPurchase, persistPurchase, restorePurchase } from './purchaseState.ts';
import { sampleEvents } from './testing/sampleEvents.ts';

/** A walk of `picks.length` events at most, each one of those the state takes (stops when none). */
function walk(picks: readonly number[]): PurchaseEvent[] {
  let state = initialPurchaseState();
  const events: PurchaseEvent[] = [];
  for (const pick of picks) {
    const choices = sampleEvents(state).filter((event) => nextPurchase(state, event) !== state);
    if (choices.length === 0) break;
    const event = choices[pick % choices.length]!;
    events.push(event);
    state = nextPurchase(state, event);
  }
  return events;
}

const fold = (events: readonly PurchaseEvent[]) => events.reduce(nextPurchase, initialPurchaseState());

describe('purchaseNow', () => {
  describe('given a purchase restored from its snapshot at some version', () => {
    it('when sent the later events, then it reads as the server’s fold of them all', () => {
      fc.assert(
        fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), fc.nat(), (picks, at) => {
          const events = walk(picks);
          const cut = at % (events.length + 1);
          const persisted = JSON.parse(JSON.stringify(persistPurchase(fold(events.slice(0, cut)))));
          const actor = createActor(purchaseMachine, { snapshot: restorePurchase(persisted) }).start();
          for (const event of events.slice(cut)) actor.send(event);
          expect(purchaseNow(actor.getSnapshot())).toEqual(purchaseNow(fold(events)));
          actor.stop();
        }),
        { numRuns: 200 },
      );
    });
  });
});
