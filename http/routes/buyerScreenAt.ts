/**
 * "What the buyer saw" (ARCHITECTURE "Back office"): a purchase's screen as it stood right after one of
 * its events, for staff. The stream is folded to that event and the buyer's JSON answers are built from
 * that state exactly as the buyer's calls build them now (purchaseAnswer, the purchase page's shape);
 * ssrPlugin.ts renders the buyer's page with them (`GET /admin/api/purchases/:id/screen?after=`).
 *
 * Decisions: the car is shown as it is now (its listing is not versioned with the purchase); what a step
 * asked providers for at the time (delivery quotes, insurance offers, the my-infos prefill from the vault)
 * is not recorded, so those parts of the step show empty; the choices the buyer made are all shown.
 */
import { availabilityOf } from '../../domain/carHold/carAvailability.ts';
import { carSlug } from '../../domain/catalogue/car.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import { purchasePolicy } from '../../domain/purchase/purchasePolicy.ts';
import { purchaseEvolver } from '../../domain/purchase/purchaseState.ts';
import { generateUrl, PURCHASE_STEPS, type PurchaseStep } from '../../domain/routes/index.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import type { CarHolds } from '../../engine/funnels/carHolds.ts';
import { readTimeline } from '../../engine/funnels/funnelHistory.ts';
import { toPurchaseView } from '../../engine/funnels/purchaseView.ts';
import { purchaseAnswer, purchaseFormUrl } from './purchaseLinks.ts';

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

const ACCOUNT_STEPS: readonly PurchaseStep[] = ['my-account', 'sign-in-sign-up', 'sign-in', 'sign-up'];

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
      const signedIn = view.customerId !== null;
      const policy = purchasePolicy(view.locale);
      const detail = facts.condition === 'new' ? 'car_detail_vn' : 'car_detail';
      const page = {
        car: {
          ...facts,
          slug: carSlug(facts),
          availability: availabilityOf(car.hold).status ?? 'withdrawn',
          url: generateUrl(`${detail}.${view.locale}`, { id: facts.carId, slug: carSlug(facts) }),
        },
        terms: {
          advancePayment: policy.advancePayment,
          holdMinutes: policy.holdMinutes,
          steps: PURCHASE_STEPS.filter((step) => !signedIn || !ACCOUNT_STEPS.includes(step)),
        },
        signedIn,
        purchase: answer,
        booking: null,
      };
      // An outcome page reads the purchase at its own path; the form reads the page at the car's form path.
      const answers = new Map<string, unknown>([
        [answer.links.page, answer],
        [purchaseFormUrl(facts, view.locale), page],
      ]);
      return { path: answer.links.page, answers };
    },
  };
}
