/**
 * The body of `decide` (decide.ts adds input parsing and the 409): a valid command, the state and the
 * gathered facts → the events, each checked against the machine. Returns [] when there is nothing to
 * do (the same data submitted again to a done step, a stale timer, a replayed webhook); throws
 * Refusal when the state does not take the command.
 */

import type { Money } from '../catalogue/car.ts';
import { ValidationError } from '../errors.ts';
import { EXCLUSIVE_MESSAGE, exclusiveConflict } from '../insurance/extras.ts';
import { MARKETS } from '../markets.ts';
import type { PurchaseCommand, PurchaseCommandOf } from './commands.ts';
import type { PurchaseEvent, ReopenableStep } from './events.ts';
import { need, type PurchaseFacts } from './facts.ts';
import type { PurchaseContext } from './purchaseContext.ts';
import { PurchaseDraft, Refusal } from './purchaseDraft.ts';
import {
  holdExtendedBy,
  purchaseCurrency,
  purchasePolicy,
  studyHoldUntil,
  withdrawalUntil,
} from './purchasePolicy.ts';
import {
  advancePaymentDue,
  awaitsFinalDecision,
  fundingFinal,
  isAfter,
  paymentById,
  stepDone,
} from './purchaseRules.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { currentStep } from './purchaseStatus.ts';
import { purchaseSummary } from './purchaseSummary.ts';

/** Commands that are facts from outside, recorded even after the hold's end (money was taken). */
const NOT_LAPSING = new Set<PurchaseCommand['type']>(['RecordPaymentResult', 'LoseHold']);

export function decideEvents(c: PurchaseCommand, s: PurchaseSnapshot, facts: PurchaseFacts): PurchaseEvent[] {
  if (s.status === 'done' || s.matches('confirmed')) return decideWhenFinished(c, s, facts);
  if (s.matches('notStarted')) {
    if (c.type !== 'StartPurchase') throw new Refusal(c.type);
    return start(c, s, facts);
  }
  const ctx = s.context;
  const draft = new PurchaseDraft(s);
  // The hold ran out and its timer has not fired yet: the purchase ends now, whatever was asked.
  if (ctx.hold !== null && !isAfter(ctx.hold.until, facts.at) && !NOT_LAPSING.has(c.type)) {
    return draft.end({ type: 'HoldLost', data: { holdId: ctx.hold.holdId, reason: 'expired' } }).events;
  }
  switch (c.type) {
    case 'StartPurchase':
      throw new Refusal(c.type);
    case 'PassAccountStep':
      if (stepDone(ctx, 'my-account') && ctx.account.marketingOptIn === c.marketingOptIn) return [];
      return draft.push({
        type: 'AccountStepPassed',
        data: { termsAccepted: true, marketingOptIn: c.marketingOptIn },
      }).events;
    case 'CheckAccountEmail': {
      const accountExists = need(facts, 'accountExists');
      const at = s.matches({ open: { account: accountExists ? 'signIn' : 'signUp' } });
      if (at && ctx.account.accountExists === accountExists) return [];
      return draft.push({ type: 'AccountEmailChecked', data: { accountExists } }).events;
    }
    case 'RecordSignIn':
      if (ctx.customerId === c.customerId) return [];
      return draft.push({ type: 'BuyerSignedIn', data: { customerId: c.customerId, method: c.method } })
        .events;
    case 'RecordSignUp':
      if (ctx.customerId === c.customerId) return [];
      return draft.push({ type: 'BuyerSignedUp', data: { customerId: c.customerId } }).events;
    case 'SubmitInfos': {
      const country = MARKETS[ctx.locale].country;
      if (c.country !== country)
        throw ValidationError.field('country', `this market sells to buyers in ${country}`);
      const infos = { buyerType: c.buyerType, country: c.country, postcodeArea: c.postcodeArea };
      if (unchanged(ctx, 'my-infos', ctx.infos, infos)) return [];
      return redo(draft, { type: 'InfosSubmitted', data: { customerId: ctx.customerId ?? '', ...infos } });
    }
    case 'ChooseDelivery': {
      const quote = need(facts, 'deliveryQuote');
      if (quote.mode !== c.mode) throw new Error(`purchase: a ${quote.mode} quote for a ${c.mode} delivery`);
      ownMoney(ctx, quote.price, 'deliveryQuote.price');
      if (unchanged(ctx, 'delivery', ctx.delivery, quote)) return [];
      return redo(draft, { type: 'DeliveryChosen', data: quote });
    }
    case 'ValueTradeIn': {
      const offer = need(facts, 'tradeInOffer');
      ownMoney(ctx, offer.amount, 'tradeInOffer.amount');
      const shown = ctx.tradeIn.offer;
      if (shown?.offerId === offer.offerId && shown.amount.amount === offer.amount.amount) return [];
      return redo(draft, { type: 'TradeInValued', data: { ...offer, vehicle: c.vehicle } });
    }
    case 'AcceptTradeIn': {
      const offer = ctx.tradeIn.offer;
      if (offer === null || offer.offerId !== c.offerId) throw new Refusal(c.type);
      if (ctx.tradeIn.choice === 'accepted' && settled(ctx, 'recovery')) return [];
      if (isAfter(facts.at, offer.validUntil)) {
        throw ValidationError.field('offerId', `the offer ended on ${offer.validUntil}: value the car again`);
      }
      return redo(draft, { type: 'TradeInAccepted', data: { offerId: offer.offerId, amount: offer.amount } });
    }
    case 'SkipTradeIn':
      if (ctx.tradeIn.choice === 'skipped' && settled(ctx, 'recovery')) return [];
      return redo(draft, { type: 'TradeInSkipped', data: {} });
    case 'ChooseInsurance': {
      let data: Extract<PurchaseEvent, { type: 'InsuranceChosen' }>;
      if (c.offerId === null) data = { type: 'InsuranceChosen', data: { offerId: null } };
      else {
        const offer = need(facts, 'insuranceOffer');
        if (offer.offerId !== c.offerId)
          throw new Error(`purchase: insurance offer ${offer.offerId} for ${c.offerId}`);
        ownMoney(ctx, offer.monthlyPremium, 'insuranceOffer.monthlyPremium');
        data = {
          type: 'InsuranceChosen',
          data: { offerId: offer.offerId, monthlyPremium: offer.monthlyPremium },
        };
      }
      if (unchanged(ctx, 'insurance', ctx.insurance, data.data)) return [];
      return redo(draft, data);
    }
    case 'ChooseExtras':
      return chooseExtras(c, draft, facts);
    case 'ChooseFunding':
      return chooseFunding(c, draft, facts);
    case 'ApplyForFinance': {
      const { applicationId } = need(facts, 'financeApplication');
      draft.push({
        type: 'FinanceApplied',
        data: { applicationId, amount: purchaseSummary(draft.context).financed },
      });
      if (facts.financeDecision !== undefined) {
        draft.push({ type: 'FinanceDecided', data: { applicationId, decision: facts.financeDecision } });
      }
      return draft.settle('finance_declined').events;
    }
    case 'RecordFinanceDecision':
      return recordFinanceDecision(c, draft);
    case 'RequestAdvancePayment': {
      const due = advancePaymentDue(ctx);
      if (due === 0) return draft.push(confirmation(ctx)).events;
      const payment = need(facts, 'payment');
      if (payment.amount.amount !== due || payment.amount.currency !== purchaseCurrency(ctx.locale)) {
        throw new Error(`purchase: a payment of ${payment.amount.amount} for an advance of ${due}`);
      }
      return draft.push({ type: 'AdvancePaymentRequested', data: payment }).events;
    }
    case 'RecordPaymentResult':
      return recordPaymentResult(c, draft, facts);
    case 'ReopenStep':
      if (currentStep(s) === c.step) return [];
      draft.voidPendingPayment('buyer_went_back');
      return draft.push({ type: 'StepReopened', data: { step: c.step } }).events;
    case 'CancelPurchase':
      return draft.end({ type: 'PurchaseCancelled', data: { by: c.by, reason: c.reason } }).events;
    case 'LoseHold': {
      const hold = ctx.hold;
      // A timer of an earlier hold, or of a hold since extended: nothing to do.
      if (hold === null || hold.holdId !== c.holdId) return [];
      if (c.reason === 'expired' && isAfter(hold.until, facts.at)) return [];
      return draft.end({ type: 'HoldLost', data: { holdId: c.holdId, reason: c.reason } }).events;
    }
    case 'ExtendHold': {
      const hold = ctx.hold;
      if (hold === null) throw new Refusal(c.type);
      // At most MAX_HOLD_EXTENSION_MINUTES at a time (the command's schema): a longer wait is asked again.
      const until = holdExtendedBy(hold.until, c.minutes);
      return draft.push({ type: 'HoldExtended', data: { holdId: hold.holdId, until } }).events;
    }
    case 'RecordHandover':
      throw new Refusal(c.type);
    default: {
      const never: never = c;
      throw new Error(`unknown purchase command ${JSON.stringify(never)}`);
    }
  }
}

function start(
  c: PurchaseCommandOf<'StartPurchase'>,
  s: PurchaseSnapshot,
  facts: PurchaseFacts,
): PurchaseEvent[] {
  const purchaseId = need(facts, 'purchaseId');
  const car = need(facts, 'car');
  if (facts.hold === undefined) throw new Error('purchase: the fact "hold" is missing');
  if (!/^[1-9]\d{0,11}$/.test(purchaseId)) throw new Error(`purchase: id ${purchaseId} is not digits`);
  const currency = purchaseCurrency(c.locale);
  if (car.price.currency !== currency) {
    throw ValidationError.field(
      'locale',
      `this car is sold in ${car.price.currency}, not in the ${c.locale} market`,
    );
  }
  if (c.fromBookingId !== null && c.customerId === null) {
    throw ValidationError.field('customerId', 'a booked car is bought by its signed-in booker');
  }
  const bookingDeposit = c.fromBookingId !== null ? (facts.bookingDeposit ?? null) : null;
  if (bookingDeposit && bookingDeposit.amount.currency !== currency)
    throw new Error(`purchase: a booking deposit in ${bookingDeposit.amount.currency} for a ${currency} car`);
  const draft = new PurchaseDraft(s);
  draft.push({
    type: 'PurchaseStarted',
    data: {
      purchaseId,
      carId: c.carId,
      locale: c.locale,
      dealerId: car.dealerId,
      carPrice: car.price,
      advancePayment: purchasePolicy(c.locale).advancePayment,
      customerId: c.customerId,
      hold: facts.hold,
      fromBookingId: c.fromBookingId,
      bookingDeposit,
    },
  });
  return draft.events;
}

/**
 * Finished (or confirmed): timers and webhooks that arrive late find nothing to do; a confirmed
 * purchase takes the car's handover once; the rest is refused.
 */
function decideWhenFinished(c: PurchaseCommand, s: PurchaseSnapshot, facts: PurchaseFacts): PurchaseEvent[] {
  if (c.type === 'LoseHold' || c.type === 'RecordFinanceDecision') return [];
  if (c.type === 'RecordHandover' && s.matches('confirmed')) {
    if (s.context.handover !== null) return [];
    const withdrawal = withdrawalUntil(s.context.locale, facts.at);
    return new PurchaseDraft(s).push({
      type: 'CarHandedOver',
      data: { at: facts.at, withdrawalUntil: withdrawal },
    }).events;
  }
  if (c.type === 'CancelPurchase' && s.matches('cancelled')) return [];
  if (c.type === 'RecordPaymentResult') {
    const payment = paymentById(s.context, c.paymentId);
    // The same answer again, or a failure: nothing to do. A success for a payment given up when the
    // purchase ended is refused: the engine refunds it at the provider (README "Money").
    if (payment?.status === c.result || payment?.status === 'refunded' || c.result === 'failed') return [];
  }
  throw new Refusal(c.type);
}

/** Submit a step (its own, or a done one again from a later step) and settle what it changed. */
function redo(draft: PurchaseDraft, event: PurchaseEvent): PurchaseEvent[] {
  return draft.voidPendingPayment('buyer_went_back').push(event).settle().events;
}

/** A done step the buyer did not reopen. */
function settled(ctx: PurchaseContext, step: ReopenableStep): boolean {
  return stepDone(ctx, step) && ctx.reopened !== step;
}

/** The same data sent again to a done step that is not reopened: nothing to do. */
function unchanged(ctx: PurchaseContext, step: ReopenableStep, stored: unknown, sent: unknown): boolean {
  return settled(ctx, step) && sameData(stored, sent);
}

/** Structural equality of JSON data (key order ignored). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function ownMoney(ctx: PurchaseContext, money: Money, fact: string): void {
  const currency = purchaseCurrency(ctx.locale);
  if (money.currency !== currency) throw new Error(`purchase: ${fact} in ${money.currency}, not ${currency}`);
}

function chooseExtras(c: PurchaseCommandOf<'ChooseExtras'>, draft: PurchaseDraft, facts: PurchaseFacts) {
  const ctx = draft.context;
  const priced = new Map(need(facts, 'extras').map((extra) => [extra.extraId, extra]));
  const unknown = c.extraIds.filter((id) => !priced.has(id));
  if (unknown.length > 0) {
    throw ValidationError.field('extraIds', `not offered for this car: ${unknown.join(', ')}`);
  }
  const conflict = exclusiveConflict(c.extraIds);
  if (conflict) throw ValidationError.field('extraIds', EXCLUSIVE_MESSAGE[conflict]);
  const items = c.extraIds.map((id) => priced.get(id)!);
  for (const item of items) ownMoney(ctx, item.price, `extras.${item.extraId}`);
  const total = {
    amount: items.reduce((sum, item) => sum + item.price.amount, 0),
    currency: ctx.carPrice.currency,
  };
  const sorted = (list: readonly { extraId: string }[]) =>
    [...list].sort((a, b) => a.extraId.localeCompare(b.extraId));
  const stored = ctx.extras === null ? null : sorted(ctx.extras.items);
  if (unchanged(ctx, 'additional-optional', stored, sorted(items))) return [];
  return redo(draft, { type: 'ExtrasChosen', data: { items, total } });
}

function chooseFunding(c: PurchaseCommandOf<'ChooseFunding'>, draft: PurchaseDraft, facts: PurchaseFacts) {
  const ctx = draft.context;
  const summary = purchaseSummary(ctx);
  const total = summary.totalDue;
  const funding = ctx.funding;
  if (c.mode === 'cash') {
    if (funding?.mode === 'cash' && unchanged(ctx, 'funding', funding.total, total)) return [];
    return redo(draft, { type: 'FundingChosen', data: { mode: 'cash', total } });
  }
  if (ctx.financeRefused)
    throw ValidationError.field('mode', 'the finance was declined for this purchase: pay cash');
  if (c.downPayment < summary.advancePayment.amount) {
    throw ValidationError.field(
      'downPayment',
      `at least the advance payment (${summary.advancePayment.amount})`,
    );
  }
  if (c.downPayment >= total.amount) {
    throw ValidationError.field('downPayment', `less than the total due (${total.amount}), or pay cash`);
  }
  const quote = need(facts, 'financeQuote');
  if (quote.downPayment.amount !== c.downPayment || quote.durationMonths !== c.durationMonths) {
    throw new Error('purchase: the finance quote is not for the down payment and duration asked');
  }
  ownMoney(ctx, quote.monthly, 'financeQuote.monthly');
  ownMoney(ctx, quote.downPayment, 'financeQuote.downPayment');
  const same = funding?.mode === 'finance' && sameData([funding.total, funding.quote], [total, quote]);
  if (same && ctx.reopened !== 'funding') return [];
  return redo(draft, { type: 'FundingChosen', data: { mode: 'finance', total, quote } });
}

function recordFinanceDecision(c: PurchaseCommandOf<'RecordFinanceDecision'>, draft: PurchaseDraft) {
  const ctx = draft.context;
  const f = ctx.funding;
  const event: PurchaseEvent = {
    type: 'FinanceDecided',
    data: { applicationId: c.applicationId, decision: c.decision },
  };
  const firstAnswer = f?.mode === 'finance' && f.applicationId === c.applicationId && f.decision === null;
  const finalAnswer = c.decision !== 'by-pass' && awaitsFinalDecision(ctx, c.applicationId);
  // A replayed webhook, or an answer on an application since withdrawn or voided: nothing to do.
  if (!firstAnswer && !finalAnswer) return [];
  if (c.decision === 'declined') draft.voidPendingPayment('finance_declined');
  return draft.push(event).settle('finance_declined').events;
}

function recordPaymentResult(
  c: PurchaseCommandOf<'RecordPaymentResult'>,
  draft: PurchaseDraft,
  facts: PurchaseFacts,
) {
  const ctx = draft.context;
  const payment = paymentById(ctx, c.paymentId);
  if (payment === undefined)
    throw ValidationError.field('paymentId', `no payment ${c.paymentId} in this purchase`);
  if (payment.status === c.result || payment.status === 'refunded') return [];
  if (c.result === 'failed') {
    if (payment.status !== 'pending') return []; // a payment given up on failed: nothing to do
    return draft.push({
      type: 'PaymentFailed',
      data: { paymentId: c.paymentId, reason: c.reason ?? 'declined' },
    }).events;
  }
  draft.push({ type: 'PaymentSucceeded', data: { paymentId: c.paymentId, amount: payment.amount } });
  // A checkout the purchase gave up on (the buyer went back) never serves as the deposit, even when it
  // is still the latest request: its money goes back at once.
  if (payment.status === 'voided') {
    const data = { paymentId: c.paymentId, amount: payment.amount, reason: 'payment_voided' as const };
    draft.push({ type: 'DepositRefunded', data });
  }
  const paid = draft.snapshot.matches({ open: { advancePayment: 'paid' } });
  const hold = draft.context.hold;
  if (paid && !fundingFinal(draft.context) && hold !== null) {
    // A by-passed finance is studied by hand: keep the car for the study.
    const until = studyHoldUntil(ctx.locale, facts.at);
    if (isAfter(until, hold.until))
      draft.push({ type: 'HoldExtended', data: { holdId: hold.holdId, until } });
  }
  return draft.settle('payment_voided').events;
}

function confirmation(ctx: PurchaseContext): PurchaseEvent {
  const s = purchaseSummary(ctx);
  return {
    type: 'PurchaseConfirmed',
    data: {
      funding: s.funding ?? 'cash',
      totalDue: s.totalDue,
      advancePaid: s.advancePaid,
      balanceAtDelivery: s.balanceAtDelivery,
    },
  };
}
