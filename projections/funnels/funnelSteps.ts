/**
 * Where a buyer stands in a funnel, for the funnel statistics: a purchase is on one of the SPEC's eleven
 * steps, or on an outcome page (payment failed, confirmed, car not available, cancelled); a booking is in
 * one of its machine's states (in list words, bookingRow.ts), since several share a screen. Null before
 * the funnel's first event. Both funnels are folded with their own machine, so these are exact.
 */
import {
  type BookingSnapshot,
  evolveBooking,
  initialBookingState,
  type PersistedBooking,
  persistBooking,
  restoreBooking,
  stateOf,
} from '../../domain/booking/bookingState.ts';
import type { BookingEvent } from '../../domain/booking/events.ts';
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import {
  evolvePurchase,
  initialPurchaseState,
  type PersistedPurchase,
  type PurchaseSnapshot,
  persistPurchase,
  restorePurchase,
} from '../../domain/purchase/purchaseState.ts';
import { currentStep, purchaseStatus } from '../../domain/purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../../domain/routes/paramRules.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { BOOKING_STATUS, BOOKING_STREAM_PREFIX } from './bookingRow.ts';
import { PURCHASE_STREAM_PREFIX } from './purchaseRow.ts';

export const FUNNELS = ['purchase', 'booking'] as const;
export type Funnel = (typeof FUNNELS)[number];

const PURCHASE_OUTCOMES = ['payment-failed', 'confirmed', 'car-not-available', 'cancelled'] as const;

/** The positions of each funnel in the order a report lists them. */
export const FUNNEL_STEPS: Readonly<Record<Funnel, readonly string[]>> = {
  purchase: [...PURCHASE_STEPS, ...PURCHASE_OUTCOMES],
  booking: Object.values(BOOKING_STATUS).filter((status) => status !== 'form'),
};

/** A funnel as the statistics fold it: its machine, its snapshot cache and its positions. */
export interface FunnelFold<State> {
  readonly funnel: Funnel;
  readonly streamPrefix: string;
  readonly initial: () => State;
  readonly evolve: (state: State, event: RecordedEvent) => State;
  readonly persist: (state: State) => unknown;
  readonly restore: (persisted: unknown) => State;
  readonly position: (state: State) => string | null;
  readonly locale: (state: State) => string | null;
}

export function purchasePosition(snapshot: PurchaseSnapshot): string | null {
  const status = purchaseStatus(snapshot);
  if (status === 'not-started') return null;
  if ((PURCHASE_OUTCOMES as readonly string[]).includes(status)) return status;
  return currentStep(snapshot);
}

export function bookingPosition(snapshot: BookingSnapshot): string | null {
  const state = stateOf(snapshot);
  return state === 'form' ? null : BOOKING_STATUS[state];
}

export const purchaseFold: FunnelFold<PurchaseSnapshot> = {
  funnel: 'purchase',
  streamPrefix: PURCHASE_STREAM_PREFIX,
  initial: initialPurchaseState,
  evolve: (state, e) => evolvePurchase(state, { type: e.type, data: e.data } as PurchaseEvent),
  persist: persistPurchase,
  restore: (persisted) => restorePurchase(persisted as PersistedPurchase),
  position: purchasePosition,
  locale: (state) => (state.context.purchaseId === '' ? null : state.context.locale),
};

export const bookingFold: FunnelFold<BookingSnapshot> = {
  funnel: 'booking',
  streamPrefix: BOOKING_STREAM_PREFIX,
  initial: initialBookingState,
  evolve: (state, e) => evolveBooking(state, { type: e.type, data: e.data } as BookingEvent),
  persist: persistBooking,
  restore: (persisted) => restoreBooking(persisted as PersistedBooking),
  position: bookingPosition,
  locale: (state) => state.context.locale,
};
