/**
 * The purchase machine's context and the one pure reducer that records an event into it. The machine
 * (machine.ts) decides which events are allowed and which step comes next; this file only says what
 * each event changes, so every transition shares one `record` action. Plain JSON: a snapshot persists
 * and restores as is.
 */
import type { Money } from '../catalogue/car.ts';
import type { Locale } from '../markets.ts';
import type { FinanceDecision } from '../routes/paramRules.ts';
import type {
  BuyerType,
  ChosenDelivery,
  ChosenFinanceQuote,
  Hold,
  PricedExtra,
  PurchaseEvent,
  RecordedTradeInVehicle,
  ReopenableStep,
  ShownTradeInOffer,
} from './events.ts';

export type PurchasePaymentStatus = 'pending' | 'failed' | 'succeeded' | 'voided' | 'refunded';

export interface PurchasePayment {
  readonly paymentId: string;
  readonly amount: Money;
  readonly status: PurchasePaymentStatus;
}

/** The funding as chosen, for the total due it was chosen for (`total`). */
export type Funding =
  | { readonly mode: 'cash'; readonly total: Money }
  | {
      readonly mode: 'finance';
      readonly total: Money;
      readonly quote: ChosenFinanceQuote;
      readonly applicationId: string | null;
      /** null until the lender answers; `declined` never stays here (the funding is cleared). */
      readonly decision: Exclude<FinanceDecision, 'declined'> | null;
    };

export interface PurchaseContext {
  readonly purchaseId: string;
  readonly carId: string;
  readonly locale: Locale;
  readonly dealerId: string;
  readonly carPrice: Money;
  /** The market's advance payment when the purchase started. */
  readonly advancePayment: Money;
  readonly fromBookingId: string | null;
  readonly hold: Hold | null;
  readonly customerId: string | null;
  readonly account: {
    readonly termsAccepted: boolean;
    readonly marketingOptIn: boolean;
    readonly accountExists: boolean | null;
  };
  readonly infos: {
    readonly buyerType: BuyerType;
    readonly country: string;
    readonly postcodeArea: string;
  } | null;
  readonly delivery: ChosenDelivery | null;
  /** A home delivery quoted for a postcode area the buyer has since changed: to choose again. */
  readonly deliveryStale: boolean;
  readonly tradeIn: {
    /** The latest valuation shown to the buyer. */
    readonly offer: (ShownTradeInOffer & { readonly vehicle: RecordedTradeInVehicle }) | null;
    readonly choice: 'accepted' | 'skipped' | null;
    /** The amount deducted from the total due: the accepted offer's, else 0. */
    readonly amount: Money;
  };
  readonly insurance:
    | { readonly offerId: string; readonly monthlyPremium: Money }
    | { readonly offerId: null }
    | null;
  readonly extras: { readonly items: readonly PricedExtra[]; readonly total: Money } | null;
  readonly funding: Funding | null;
  /** A lender declined this purchase's finance: from then on only cash. */
  readonly financeRefused: boolean;
  /** Every payment request, oldest first; only the last can be pending. */
  readonly payments: readonly PurchasePayment[];
  /** The deposit of the booking this purchase converted (`succeeded` while held, then `refunded`). */
  readonly bookingDeposit: PurchasePayment | null;
  /** A completed step the buyer went back to: the route stops there until it is submitted again. */
  readonly reopened: ReopenableStep | null;
  /** The car handed over to the buyer (a confirmed purchase): when, and the withdrawal period's end. */
  readonly handover: { readonly at: string; readonly withdrawalUntil: string } | null;
}

const none = (currency: Money['currency']): Money => ({ amount: 0, currency });

export const initialPurchaseContext: PurchaseContext = {
  purchaseId: '',
  carId: '',
  locale: 'fr',
  dealerId: '',
  carPrice: none('EUR'),
  advancePayment: none('EUR'),
  fromBookingId: null,
  hold: null,
  customerId: null,
  account: { termsAccepted: false, marketingOptIn: false, accountExists: null },
  infos: null,
  delivery: null,
  deliveryStale: false,
  tradeIn: { offer: null, choice: null, amount: none('EUR') },
  insurance: null,
  extras: null,
  funding: null,
  financeRefused: false,
  payments: [],
  bookingDeposit: null,
  reopened: null,
  handover: null,
};

const sameQuote = (a: ChosenFinanceQuote, b: ChosenFinanceQuote): boolean =>
  a.monthly.amount === b.monthly.amount &&
  a.durationMonths === b.durationMonths &&
  a.apr === b.apr &&
  a.downPayment.amount === b.downPayment.amount;

/** What an event changes in the context (its step done: a reopened step is closed again). */
export function recordPurchaseEvent(ctx: PurchaseContext, event: PurchaseEvent): PurchaseContext {
  const close = (step: ReopenableStep) => (ctx.reopened === step ? null : ctx.reopened);
  const setPayment = (paymentId: string, status: PurchasePaymentStatus): PurchaseContext => ({
    ...ctx,
    payments: ctx.payments.map((p) => (p.paymentId === paymentId ? { ...p, status } : p)),
  });
  switch (event.type) {
    case 'PurchaseStarted': {
      const d = event.data;
      return {
        ...initialPurchaseContext,
        purchaseId: d.purchaseId,
        carId: d.carId,
        locale: d.locale,
        dealerId: d.dealerId,
        carPrice: d.carPrice,
        advancePayment: d.advancePayment,
        fromBookingId: d.fromBookingId,
        bookingDeposit: d.bookingDeposit ? { ...d.bookingDeposit, status: 'succeeded' } : null,
        hold: d.hold,
        customerId: d.customerId,
        tradeIn: { offer: null, choice: null, amount: none(d.carPrice.currency) },
      };
    }
    case 'AccountStepPassed':
      return {
        ...ctx,
        account: { ...ctx.account, termsAccepted: true, marketingOptIn: event.data.marketingOptIn },
      };
    case 'AccountEmailChecked':
      return { ...ctx, account: { ...ctx.account, accountExists: event.data.accountExists } };
    case 'BuyerSignedIn':
    case 'BuyerSignedUp':
      return { ...ctx, customerId: event.data.customerId, reopened: null };
    case 'InfosSubmitted': {
      const { buyerType, country, postcodeArea } = event.data;
      const moved = ctx.infos !== null && ctx.infos.postcodeArea !== postcodeArea;
      return {
        ...ctx,
        infos: { buyerType, country, postcodeArea },
        deliveryStale: ctx.deliveryStale || (moved && ctx.delivery?.mode === 'home'),
        reopened: close('my-infos'),
      };
    }
    case 'DeliveryChosen':
      return { ...ctx, delivery: event.data, deliveryStale: false, reopened: close('delivery') };
    case 'TradeInValued':
      return {
        ...ctx,
        tradeIn: { ...ctx.tradeIn, offer: event.data, choice: null },
        reopened: close('recovery'),
      };
    case 'TradeInAccepted':
      return {
        ...ctx,
        tradeIn: { ...ctx.tradeIn, choice: 'accepted', amount: event.data.amount },
        reopened: close('recovery'),
      };
    case 'TradeInSkipped':
      return {
        ...ctx,
        tradeIn: { ...ctx.tradeIn, choice: 'skipped', amount: none(ctx.carPrice.currency) },
        reopened: close('recovery'),
      };
    case 'InsuranceChosen':
      return { ...ctx, insurance: event.data, reopened: close('insurance') };
    case 'ExtrasChosen':
      return { ...ctx, extras: event.data, reopened: close('additional-optional') };
    case 'FundingChosen': {
      const d = event.data;
      const current = ctx.funding;
      // The same finance offer for the same total keeps its application and decision (a reopened
      // funding step submitted unchanged); anything else starts a new choice.
      const keep =
        d.mode === 'finance' &&
        current?.mode === 'finance' &&
        current.total.amount === d.total.amount &&
        sameQuote(current.quote, d.quote);
      const funding: Funding = keep
        ? current
        : d.mode === 'cash'
          ? { mode: 'cash', total: d.total }
          : { mode: 'finance', total: d.total, quote: d.quote, applicationId: null, decision: null };
      return { ...ctx, funding, reopened: close('funding') };
    }
    case 'FinanceApplied':
      return ctx.funding?.mode === 'finance'
        ? { ...ctx, funding: { ...ctx.funding, applicationId: event.data.applicationId, decision: null } }
        : ctx;
    case 'FinanceDecided': {
      const decision = event.data.decision;
      if (decision === 'declined') return { ...ctx, funding: null, financeRefused: true };
      return ctx.funding?.mode === 'finance' ? { ...ctx, funding: { ...ctx.funding, decision } } : ctx;
    }
    case 'FundingVoided':
      return { ...ctx, funding: null };
    case 'AdvancePaymentRequested':
      return {
        ...ctx,
        payments: [
          ...ctx.payments,
          { paymentId: event.data.paymentId, amount: event.data.amount, status: 'pending' },
        ],
      };
    case 'AdvancePaymentVoided':
      return setPayment(event.data.paymentId, 'voided');
    case 'PaymentSucceeded':
      return setPayment(event.data.paymentId, 'succeeded');
    case 'PaymentFailed':
      return setPayment(event.data.paymentId, 'failed');
    case 'DepositRefunded':
      return ctx.bookingDeposit?.paymentId === event.data.paymentId
        ? { ...ctx, bookingDeposit: { ...ctx.bookingDeposit, status: 'refunded' } }
        : setPayment(event.data.paymentId, 'refunded');
    case 'HoldExtended':
      return { ...ctx, hold: event.data };
    case 'StepReopened': {
      const step = event.data.step;
      if (step === 'my-account')
        return { ...ctx, account: { ...ctx.account, termsAccepted: false, accountExists: null } };
      if (step === 'sign-in-sign-up') return { ...ctx, account: { ...ctx.account, accountExists: null } };
      return { ...ctx, reopened: step };
    }
    case 'CarHandedOver':
      return { ...ctx, handover: event.data };
    case 'PurchaseConfirmed':
    case 'HoldLost':
    case 'PurchaseCancelled':
      return ctx;
    default: {
      const never: never = event;
      throw new Error(`unknown purchase event ${JSON.stringify(never)}`);
    }
  }
}
