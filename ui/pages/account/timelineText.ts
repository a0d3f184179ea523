/**
 * The words of a timeline step (domain/funnel/buyerTimeline.ts) in the buyer's language: one case per
 * event type of the purchase and the booking, so a new event type fails the typecheck until it has words.
 */
import type {
  BookingTimelineItem,
  BuyerTimelineItem,
  PurchaseTimelineItem,
} from '../../../domain/funnel/buyerTimeline.ts';
import type { Locale } from '../../../domain/markets.ts';
import type { PurchaseStep } from '../../../domain/routes/index.ts';
import { formatMoment, formatPrice } from '../../i18n/format.ts';
import { fill } from '../funnel/fill.ts';
import type { AccountMessages } from './messages/fr.ts';

export function timelineText(item: BuyerTimelineItem, m: AccountMessages, locale: Locale): string {
  const amount = item.amount ? formatPrice(item.amount, locale) : '';
  const until = item.until ? formatMoment(item.until, locale) : '';
  const text = item.funnel === 'purchase' ? purchaseText(item, m) : bookingText(item, m);
  return fill(text, { amount, until, count: item.detail ?? '' });
}

function purchaseText(item: PurchaseTimelineItem, m: AccountMessages): string {
  const t = m.timeline;
  switch (item.type) {
    case 'PurchaseStarted':
      return t.purchaseStarted;
    case 'AccountStepPassed':
      return t.termsAccepted;
    case 'AccountEmailChecked':
      return item.detail === 'known' ? t.emailKnown : t.emailNew;
    case 'BuyerSignedIn':
      return t.signedIn;
    case 'BuyerSignedUp':
      return t.signedUp;
    case 'InfosSubmitted':
      return t.infos;
    case 'DeliveryChosen':
      return item.detail === 'home' ? t.homeDelivery : t.pickup;
    case 'TradeInValued':
      return t.tradeInValued;
    case 'TradeInAccepted':
      return t.tradeInAccepted;
    case 'TradeInSkipped':
      return t.tradeInSkipped;
    case 'InsuranceChosen':
      return item.detail === 'none' ? t.noInsurance : t.insurance;
    case 'ExtrasChosen':
      return t.extras;
    case 'FundingChosen':
      return item.detail === 'finance' ? t.finance : t.cash;
    case 'FinanceApplied':
      return t.financeApplied;
    case 'FinanceDecided':
      return item.detail === 'accepted'
        ? t.financeAccepted
        : item.detail === 'declined'
          ? t.financeDeclined
          : t.financeByPass;
    case 'FundingVoided':
      return t.fundingVoided;
    case 'AdvancePaymentRequested':
      return t.advanceRequested;
    case 'AdvancePaymentVoided':
      return t.advanceVoided;
    case 'PaymentSucceeded':
      return t.paid;
    case 'PaymentFailed':
      return t.paymentFailed;
    case 'DepositRefunded':
      return t.refunded;
    case 'HoldExtended':
      return t.holdExtended;
    case 'PurchaseConfirmed':
      return t.confirmed;
    case 'CarHandedOver':
      return t.handedOver;
    case 'HoldLost':
      return t.holdLost;
    case 'StepReopened':
      return fill(t.stepReopened, { step: m.funnels.steps[item.detail as PurchaseStep] ?? '' });
    case 'PurchaseCancelled':
      return item.detail === 'staff' ? t.cancelledByUs : t.cancelledByYou;
    default: {
      const never: never = item.type;
      throw new Error(`no words for purchase event ${String(never)}`);
    }
  }
}

function bookingText(item: BookingTimelineItem, m: AccountMessages): string {
  const t = m.timeline;
  switch (item.type) {
    case 'BookingStarted':
      return t.bookingStarted;
    case 'ContactChecked':
      return t.contactChecked;
    case 'BookingLimitReached':
      return t.bookingLimit;
    case 'BookingHoldRefused':
      return t.holdRefused;
    case 'BookingHeld':
    case 'BookingHoldExtended':
      return t.held;
    case 'DepositPaymentRequested':
      return t.depositRequested;
    case 'DepositPaid':
      return t.depositPaid;
    case 'DepositPaymentFailed':
      return t.depositFailed;
    case 'BookingExpired':
      return t.bookingExpired;
    case 'BookingCancelled':
      return item.detail === 'staff' ? t.bookingCancelledByUs : t.bookingCancelledByYou;
    case 'BookingHoldReleased':
      return t.bookingCancelledByUs;
    case 'DepositRefunded':
      return t.depositRefunded;
    case 'BookingConverted':
      return t.converted;
    default: {
      const never: never = item.type;
      throw new Error(`no words for booking event ${String(never)}`);
    }
  }
}
