/**
 * "What the buyer saw" (ARCHITECTURE "Back office"): a purchase's or a booking's screen as it stood right
 * after one of its events, for staff. The stream is folded to that event and the buyer's JSON answers are
 * built from that state exactly as the buyer's calls build them now (the same answer and page builders);
 * ssrPlugin.ts renders the buyer's page with them (`GET /admin/api/{purchases|bookings}/:id/screen?after=`).
 *
 * Decisions: the car is shown as it is now (its listing is not versioned with the funnel); what a step
 * asked providers for at the time (delivery quotes, insurance offers, the my-infos prefill from the vault)
 * is not recorded, so those parts of the step show empty; the choices the buyer made are all shown.
 */
import { bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import { bookingEvolver } from '../../domain/booking/bookingState.ts';
import { type BookingEvent, bookingStream } from '../../domain/booking/events.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import { purchaseEvolver } from '../../domain/purchase/purchaseState.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { toBookingView } from '../../engine/funnels/bookingView.ts';
import type { CarHolds } from '../../engine/funnels/carHolds.ts';
import { readTimeline } from '../../engine/funnels/funnelHistory.ts';
import { toPurchaseView } from '../../engine/funnels/purchaseView.ts';
import { bookingAnswer, bookingCar, bookingScreenUrl } from './bookingLinks.ts';
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
  /** The booking's screen right after the event at `after`, likewise. */
  bookingAt(bookingId: string, after: number | undefined): Promise<FrozenPage>;
}

/** The events of a funnel's stream up to `after` (the last when absent); NotFoundError past its end. */
async function eventsUpTo(store: EventStore, stream: string, after: number | undefined) {
  const entries = await readTimeline(store, stream);
  const revision = after ?? entries.length - 1;
  if (revision >= entries.length) throw new NotFoundError(`${stream} has no event ${revision}`, { revision });
  return entries.slice(0, revision + 1).map(({ type, data }) => ({ type, data }));
}

export function createBuyerScreens(deps: {
  readonly store: EventStore;
  readonly cars: Pick<CarHolds, 'read'>;
}): BuyerScreens {
  const listed = async (carId: string) => {
    const car = await deps.cars.read(carId);
    const facts = car?.facts;
    if (!car || !facts) throw new NotFoundError(`no car ${carId}`, { carId });
    return { car, facts };
  };
  return {
    async purchaseAt(purchaseId, after) {
      const events = (await eventsUpTo(deps.store, purchaseStream(purchaseId), after)).map((e) =>
        purchaseEvolver.upcast(e as PurchaseEvent),
      );
      let state = purchaseEvolver.initialState;
      for (const event of events) state = purchaseEvolver.evolve(state, event);
      const view = toPurchaseView(state, events);
      const { car, facts } = await listed(view.carId);
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

    async bookingAt(bookingId, after) {
      const events = await eventsUpTo(deps.store, bookingStream(bookingId), after);
      let state = bookingEvolver.initialState;
      for (const event of events) state = bookingEvolver.evolve(state, event as BookingEvent);
      const view = toBookingView(state, events.length);
      const { car, facts } = await listed(view.carId);
      const booking = bookingAnswer(view, facts);
      const page = {
        car: bookingCar(car, facts, view.locale),
        terms: bookingTerms(view.locale),
        signedIn: view.customerId !== null,
        booking,
        purchase: null,
      };
      // Every booking screen reads the page: at its own path (form, contact check) or the booking's form.
      const form = bookingScreenUrl('car_booking_form', facts, view.locale, view.bookingId);
      const answers = new Map<string, unknown>([
        [booking.links.page, page],
        [form, page],
      ]);
      return { path: booking.links.page, answers };
    },
  };
}
