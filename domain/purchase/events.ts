/**
 * Purchase events (past tense), one stream per purchase: `purchase-<id>`. They are also the purchase
 * machine's events: the state after any history is the machine folded over them (purchaseState.ts).
 *
 * No personal data: a buyer is a customer id; names, emails, phones and addresses live in the customer
 * vault (engine/customers). What events keep is what later rules, reports and staff need: amounts, the
 * chosen options, a coarse postcode area (to tell that a home-delivery quote went stale), never an address.
 * Money is integer minor units with its currency (EUR; PLN in Poland).
 */
import type { Money } from '../catalogue/car.ts';
import type { Locale } from '../markets.ts';
import type { FinanceDecision } from '../routes/paramRules.ts';
import type { TradeInVehicle } from '../valuation/valueTradeIn.ts';
import type { REOPENABLE_STEPS } from './commandNames.ts';

export type { Money };

/** The car's hold won by this purchase on the car's stream (`car-<id>`): its id and when it ends. */
export interface Hold {
  readonly holdId: string;
  /** ISO 8601, UTC. */
  readonly until: string;
}

export type BuyerType = 'private' | 'business';

/** Pickup at the selling dealer, or home delivery priced by distance from the dealer. */
export type DeliveryMode = 'pickup' | 'home';

export interface ChosenDelivery {
  readonly mode: DeliveryMode;
  readonly price: Money;
  /** Road distance from the dealer to the buyer's postcode area (0 for pickup). */
  readonly distanceKm: number;
}

/** What the buyer trades in: facts about the vehicle, never its plate or VIN. */
/** The car offered in part-exchange, as the purchase records it (the valuation's vehicle, in part). */
export type RecordedTradeInVehicle = Pick<TradeInVehicle, 'brand' | 'model' | 'year' | 'mileageKm'>;

export interface ShownTradeInOffer {
  readonly offerId: string;
  readonly amount: Money;
  /** ISO 8601: the offer stands until then (7 days from the valuation). */
  readonly validUntil: string;
}

export interface PricedExtra {
  readonly extraId: string;
  readonly price: Money;
}

export interface ChosenFinanceQuote {
  readonly monthly: Money;
  readonly durationMonths: number;
  /** Annual percentage rate, in percent (4.9 = 4.9 %). */
  readonly apr: number;
  /** Paid by the buyer; the rest of the total due is financed. */
  readonly downPayment: Money;
}

export type FundingMode = 'cash' | 'finance';

/** Why money the purchase holds goes back to the buyer (a compensating event). */
export type DepositRefundReason =
  | 'finance_declined' // the by-passed (manually studied) finance was declined after the deposit
  | 'funding_changed' // the buyer changed the funding the deposit was paid for
  | 'funding_voided' // a change of the total voided the funding the deposit was paid for
  | 'payment_voided' // a payment request the purchase had given up on was paid after all
  | 'purchase_cancelled'
  | 'hold_lost';

/** Why a pending payment request is given up (the engine cancels the checkout). */
export type PaymentVoidReason = 'buyer_went_back' | 'finance_declined' | 'purchase_cancelled' | 'hold_lost';

/** `released`: staff let the car go (back office). */
export type HoldLossReason = 'expired' | 'car_withdrawn' | 'released';

/** The steps a buyer can go back to once they are done (account steps close at sign-in). */
export type ReopenableStep = (typeof REOPENABLE_STEPS)[number];

export type PurchaseEvent =
  | {
      type: 'PurchaseStarted';
      data: {
        purchaseId: string;
        carId: string;
        locale: Locale;
        dealerId: string;
        carPrice: Money;
        /** The market's advance payment when the purchase started (the policy may change later). */
        advancePayment: Money;
        /** Set when the buyer was signed in at start: the account steps are skipped. */
        customerId: string | null;
        /** null: the car's hold could not be won → car not available. */
        hold: Hold | null;
        /** A booked car bought by its booker: the booking's hold passed over to this purchase. */
        fromBookingId: string | null;
        /**
         * That booking's paid deposit: the purchase now owns it. It counts toward the advance payment and
         * is refunded if the purchase ends without the car. Absent in purchases started before it existed.
         */
        bookingDeposit?: { paymentId: string; amount: Money } | null;
      };
    }
  // my-account: the buyer accepts the terms of sale (SPEC `add-consent/{id}`).
  | { type: 'AccountStepPassed'; data: { termsAccepted: true; marketingOptIn: boolean } }
  // sign-in-sign-up: `check-email` says whether an account exists (the email stays in the session).
  | { type: 'AccountEmailChecked'; data: { accountExists: boolean } }
  | { type: 'BuyerSignedIn'; data: { customerId: string; method: string } }
  | { type: 'BuyerSignedUp'; data: { customerId: string } }
  | {
      type: 'InfosSubmitted';
      data: { customerId: string; buyerType: BuyerType; country: string; postcodeArea: string };
    }
  | { type: 'DeliveryChosen'; data: ChosenDelivery }
  | { type: 'TradeInValued'; data: ShownTradeInOffer & { vehicle: RecordedTradeInVehicle } }
  | { type: 'TradeInAccepted'; data: { offerId: string; amount: Money } }
  | { type: 'TradeInSkipped'; data: Record<string, never> }
  | { type: 'InsuranceChosen'; data: { offerId: string; monthlyPremium: Money } | { offerId: null } }
  | { type: 'ExtrasChosen'; data: { items: PricedExtra[]; total: Money } }
  /** `total` is the total due the funding was chosen for: a later change of it voids the funding. */
  | {
      type: 'FundingChosen';
      data: { mode: 'cash'; total: Money } | { mode: 'finance'; total: Money; quote: ChosenFinanceQuote };
    }
  | { type: 'FinanceApplied'; data: { applicationId: string; amount: Money } }
  | { type: 'FinanceDecided'; data: { applicationId: string; decision: FinanceDecision } }
  | {
      type: 'FundingVoided';
      data: { reason: 'total-changed'; previousTotal: Money; total: Money; applicationId: string | null };
    }
  | { type: 'AdvancePaymentRequested'; data: { paymentId: string; amount: Money; checkoutUrl: string } }
  | { type: 'AdvancePaymentVoided'; data: { paymentId: string; reason: PaymentVoidReason } }
  | { type: 'PaymentSucceeded'; data: { paymentId: string; amount: Money } }
  | { type: 'PaymentFailed'; data: { paymentId: string; reason: string } }
  | { type: 'DepositRefunded'; data: { paymentId: string; amount: Money; reason: DepositRefundReason } }
  | { type: 'HoldExtended'; data: Hold }
  | {
      type: 'PurchaseConfirmed';
      data: { funding: FundingMode; totalDue: Money; advancePaid: Money; balanceAtDelivery: Money };
    }
  | { type: 'HoldLost'; data: { holdId: string; reason: HoldLossReason } }
  | { type: 'StepReopened'; data: { step: ReopenableStep } }
  | { type: 'PurchaseCancelled'; data: { by: 'buyer' | 'staff'; reason: string } }
  /** The buyer took the car (staff record it): the right of withdrawal runs until `withdrawalUntil`. */
  | { type: 'CarHandedOver'; data: { at: string; withdrawalUntil: string } };

export type PurchaseEventType = PurchaseEvent['type'];

export type PurchaseEventOf<T extends PurchaseEventType> = Extract<PurchaseEvent, { type: T }>;

/** Every event type, for projections and subscriptions' type filters. */
export const PURCHASE_EVENT_TYPES = [
  'PurchaseStarted',
  'AccountStepPassed',
  'AccountEmailChecked',
  'BuyerSignedIn',
  'BuyerSignedUp',
  'InfosSubmitted',
  'DeliveryChosen',
  'TradeInValued',
  'TradeInAccepted',
  'TradeInSkipped',
  'InsuranceChosen',
  'ExtrasChosen',
  'FundingChosen',
  'FinanceApplied',
  'FinanceDecided',
  'FundingVoided',
  'AdvancePaymentRequested',
  'AdvancePaymentVoided',
  'PaymentSucceeded',
  'PaymentFailed',
  'DepositRefunded',
  'HoldExtended',
  'PurchaseConfirmed',
  'HoldLost',
  'StepReopened',
  'PurchaseCancelled',
  'CarHandedOver',
] as const satisfies readonly PurchaseEventType[];

/** The stream of a purchase. */
export function purchaseStream(purchaseId: string): string {
  return `purchase-${purchaseId}`;
}

/**
 * A stored purchase event as today's code reads it: events of machine versions 1 and 2 spelt their
 * reasons in kebab-case (`finance-declined`, `car-withdrawn`); stored values are snake_case since
 * version 3 (domain/funnel/README.md "Stored values"). The stream itself is never rewritten.
 */
export function upcastPurchaseEvent(event: PurchaseEvent): PurchaseEvent {
  switch (event.type) {
    case 'DepositRefunded':
    case 'AdvancePaymentVoided':
    case 'HoldLost': {
      const reason = event.data.reason as string;
      if (!reason.includes('-')) return event;
      return { ...event, data: { ...event.data, reason: reason.replaceAll('-', '_') } } as PurchaseEvent;
    }
    default:
      return event;
  }
}
