/**
 * A funnel's history as its own buyer reads it in the account area: each event as a step with its time
 * and the one amount or word it needs ("Home delivery chosen (563 €)"), nothing else of its data (no
 * ids, no checkout URLs, no one else's data). Staff read the raw events instead (engine/funnels/funnelHistory.ts).
 */
import { z } from 'zod';
import type { BookingEvent, BookingEventType } from '../booking/events.ts';
import { moneySchema } from '../catalogue/car.ts';
import { PURCHASE_EVENT_TYPES, type PurchaseEvent } from '../purchase/events.ts';

// Every booking event type, checked complete by the compiler.
const BOOKING_TYPES: Readonly<Record<BookingEventType, true>> = {
  BookingStarted: true,
  ContactChecked: true,
  BookingLimitReached: true,
  BookingHoldRefused: true,
  BookingHeld: true,
  DepositPaymentRequested: true,
  DepositPaid: true,
  DepositPaymentFailed: true,
  BookingExpired: true,
  BookingHoldExtended: true,
  BookingHoldReleased: true,
  BookingCancelled: true,
  DepositRefunded: true,
  BookingConverted: true,
};
export const BOOKING_TIMELINE_TYPES = Object.keys(BOOKING_TYPES) as [BookingEventType, ...BookingEventType[]];

/** What a step says besides its type; each is null where the event has none. */
const facts = {
  /** ISO 8601, UTC: when it happened (the command's time). */
  at: z.string(),
  /** The step's amount: a price, a payment, a refund. */
  amount: moneySchema.nullable(),
  /** One word of the event's (a delivery mode, a decision, a reason, a step): the label picks its words. */
  detail: z.string().nullable(),
  /** ISO 8601: a hold's end. */
  until: z.string().nullable(),
};

export const buyerTimelineItemSchema = z.discriminatedUnion('funnel', [
  z.object({ funnel: z.literal('purchase'), type: z.enum(PURCHASE_EVENT_TYPES), ...facts }),
  z.object({ funnel: z.literal('booking'), type: z.enum(BOOKING_TIMELINE_TYPES), ...facts }),
]);
export type BuyerTimelineItem = z.output<typeof buyerTimelineItemSchema>;
export type PurchaseTimelineItem = Extract<BuyerTimelineItem, { funnel: 'purchase' }>;
export type BookingTimelineItem = Extract<BuyerTimelineItem, { funnel: 'booking' }>;

type Facts = Omit<PurchaseTimelineItem, 'funnel' | 'type' | 'at'>;
const none: Facts = { amount: null, detail: null, until: null };

/** A purchase event as its buyer's timeline shows it. */
export function purchaseTimelineItem(event: PurchaseEvent, at: string): PurchaseTimelineItem {
  return { funnel: 'purchase', type: event.type, at, ...purchaseFacts(event) };
}

function purchaseFacts(event: PurchaseEvent): Facts {
  switch (event.type) {
    case 'PurchaseStarted':
      return { ...none, amount: event.data.carPrice, until: event.data.hold?.until ?? null };
    case 'AccountEmailChecked':
      return { ...none, detail: event.data.accountExists ? 'known' : 'new' };
    case 'InfosSubmitted':
      return { ...none, detail: event.data.buyerType };
    case 'DeliveryChosen':
      return { ...none, amount: event.data.price, detail: event.data.mode };
    case 'TradeInValued':
    case 'TradeInAccepted':
    case 'FinanceApplied':
    case 'AdvancePaymentRequested':
    case 'PaymentSucceeded':
      return { ...none, amount: event.data.amount };
    case 'DepositRefunded':
      return { ...none, amount: event.data.amount, detail: event.data.reason };
    case 'InsuranceChosen':
      return event.data.offerId === null
        ? { ...none, detail: 'none' }
        : { ...none, amount: event.data.monthlyPremium };
    case 'ExtrasChosen':
      return { ...none, amount: event.data.total, detail: String(event.data.items.length) };
    case 'FundingChosen':
      return event.data.mode === 'finance'
        ? { ...none, amount: event.data.quote.monthly, detail: 'finance' }
        : { ...none, amount: event.data.total, detail: 'cash' };
    case 'FinanceDecided':
      return { ...none, detail: event.data.decision };
    case 'FundingVoided':
      return { ...none, amount: event.data.total };
    case 'AdvancePaymentVoided':
    case 'HoldLost':
      return { ...none, detail: event.data.reason };
    case 'HoldExtended':
      return { ...none, until: event.data.until };
    case 'CarHandedOver':
      return { ...none, until: event.data.withdrawalUntil };
    case 'PurchaseConfirmed':
      return { ...none, amount: event.data.balanceAtDelivery };
    case 'StepReopened':
      return { ...none, detail: event.data.step };
    case 'PurchaseCancelled':
      return { ...none, detail: event.data.by };
    case 'AccountStepPassed':
    case 'BuyerSignedIn':
    case 'BuyerSignedUp':
    case 'TradeInSkipped':
    case 'PaymentFailed':
      return none;
    default: {
      const never: never = event;
      throw new Error(`unknown purchase event ${JSON.stringify(never)}`);
    }
  }
}

/** A booking event as its buyer's timeline shows it. */
export function bookingTimelineItem(event: BookingEvent, at: string): BookingTimelineItem {
  return { funnel: 'booking', type: event.type, at, ...bookingFacts(event) };
}

function bookingFacts(event: BookingEvent): Facts {
  switch (event.type) {
    case 'BookingStarted':
      return { ...none, amount: event.data.terms.deposit };
    case 'BookingLimitReached':
      return { ...none, detail: String(event.data.limit) };
    case 'BookingHoldRefused':
      return { ...none, detail: event.data.reason };
    case 'BookingHeld':
      return { ...none, until: event.data.paidUntil ?? event.data.until };
    case 'BookingHoldExtended':
      return { ...none, until: event.data.until };
    case 'BookingHoldReleased':
      return { ...none, detail: event.data.reason };
    case 'DepositPaymentRequested':
    case 'DepositRefunded':
      return { ...none, amount: event.data.amount };
    case 'DepositPaymentFailed':
      return { ...none, detail: event.data.reason };
    case 'BookingCancelled':
      return { ...none, detail: event.data.by };
    case 'ContactChecked':
    case 'DepositPaid':
    case 'BookingExpired':
    case 'BookingConverted':
      return none;
    default: {
      const never: never = event;
      throw new Error(`unknown booking event ${JSON.stringify(never)}`);
    }
  }
}
