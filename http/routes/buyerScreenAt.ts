
import { NotFoundError } from '../../domain/errors.ts';
import { type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import { purchaseEvolver } from '../../domain/purchase/purchaseState.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import type { CarHolds } from '../../engine/funnels/carHolds.ts';
import { readTimeline } from '../../engine/funnels/funnelHistory.ts';
import { toPurchaseView } from '../../engine/funnels/purchaseView.ts';
import { purchaseAnswer, purchaseFormUrl, purchasePageAnswer } from './purchaseLinks.ts';

/** A buyer's page as of a past state: its path, and the JSON the page's loader reads, by path. */
export interface FrozenPage {
  readonly path: string;
  readonly answers: ReadonlyMap<string, unknown>;
}

/** The past screens staff may look at. */
export interface BuyerScreens {
  /** The purchase's page right after the event at `after` (the last when absent); NotFoundError else. */
  purchaseAt(purchaseId: string, after: number | undefined): Promise<FrozenPage>;
}

export function createBuyerScreens(deps: {
  readonly store: EventStore;
  readonly cars: Pick<CarHolds, 'read'>;
}): BuyerScreens {
  return {
    async purchaseAt(purchaseId, after) {
      const entries = await readTimeline(deps.store, purchaseStream(purchaseId));
      const revision = after ?? entries.length - 1;
      if (revision >= entries.length)
        throw new NotFoundError(`purchase ${purchaseId} has no event ${revision}`, { revision });
      const events = entries
        .slice(0, revision + 1)
        .map(({ type, data }) => purchaseEvolver.upcast({ type, data } as PurchaseEvent));
      let state = purchaseEvolver.initialState;
      for (const event of events) state = purchaseEvolver.evolve(state, event);
      const view = toPurchaseView(state, events);
      const car = await deps.cars.read(view.carId);
      const facts = car?.facts;
      if (!car || !facts) throw new NotFoundError(`no car ${view.carId}`, { carId: view.carId });
      const answer = purchaseAnswer(view, facts);
      const page = purchasePageAnswer({
        car,
        facts,
        locale: view.locale,
        signedIn: view.customerId !== null,
        purchase: answer,
        booking: null,
      });
      // An outcome page reads the purchase at its own path; the form reads the page at the car's form path.
      const answers = new Map<string, unknown>([
        [answer.links.page, answer],
        [purchaseFormUrl(facts, view.locale), page],
      ]);
      return { path: answer.links.page, answers };
    },
  };
}
