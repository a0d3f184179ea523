/** What can be done now, read from the machine alone (README.md "What is allowed now"; the oracle: testing/trialAllowedCommands.ts). */
import { PURCHASE_COMMAND_TYPES, type PurchaseCommandType, REOPENABLE_STEPS } from './commandNames.ts';
import type { PurchaseEvent, ReopenableStep } from './events.ts';
import type { PurchaseContext } from './purchaseContext.ts';
import { advancePaymentDue, lastPayment, paymentPending, stepDone, totalDue } from './purchaseRules.ts';
import { nextPurchase, type PurchaseSnapshot } from './purchaseState.ts';
import { currentStep } from './purchaseStatus.ts';
import { purchaseSummary } from './purchaseSummary.ts';

/** An id no port ever makes (ids are letters and digits first): the next payment or application. */
const NEXT_ID = '(next)';
/** A time later than any hold's end. */
const FAR = '9999-12-31T00:00:00.000Z';

/** The snapshots a decision may start from besides the current one, computed once each. */
class Now {
  #leaving: PurchaseSnapshot | undefined;
  #ending: PurchaseSnapshot | undefined;

  constructor(readonly snapshot: PurchaseSnapshot) {}

  get ctx(): PurchaseContext {
    return this.snapshot.context;
  }

  /** Before a step is submitted or reopened, a checkout in flight is given up (`AdvancePaymentVoided`). */
  get leaving(): PurchaseSnapshot {
    this.#leaving ??= voidPending(this.snapshot);
    return this.#leaving;
  }

  /** Before a purchase ends, the checkout in flight is given up and every deposit given back. */
  get ending(): PurchaseSnapshot {
    if (this.#ending === undefined) {
      let s = this.leaving;
      const refunds = [...s.context.payments, s.context.bookingDeposit].filter(
        (p) => p?.status === 'succeeded',
      );
      for (const p of refunds)
        s = nextPurchase(s, {
          type: 'DepositRefunded',
          data: { paymentId: p!.paymentId, amount: p!.amount, reason: 'purchase_cancelled' },
        });
      this.#ending = s;
    }
    return this.#ending;
  }
}

function voidPending(s: PurchaseSnapshot): PurchaseSnapshot {
  const last = lastPayment(s.context);
  if (!last || !paymentPending(s.context)) return s;
  return nextPurchase(s, {
    type: 'AdvancePaymentVoided',
    data: { paymentId: last.paymentId, reason: 'buyer_went_back' },
  });
}

/** A done step that was not reopened (submitting the same answer again records nothing). */
const settled = (ctx: PurchaseContext, step: ReopenableStep) => stepDone(ctx, step) && ctx.reopened !== step;

const money = (ctx: PurchaseContext, amount: number) => ({ amount, currency: ctx.carPrice.currency });

/**
 * Per command: whether it would record something now. The event each builds is the one its decision
 * records first (README "Steps"), with the data its guards read taken from the context.
 */
const RULES: Readonly<Record<PurchaseCommandType, (now: Now) => boolean>> = {
  StartPurchase: ({ snapshot }) => snapshot.matches('notStarted'),
  PassAccountStep: ({ snapshot }) =>
    snapshot.can({ type: 'AccountStepPassed', data: { termsAccepted: true, marketingOptIn: false } }),
  CheckAccountEmail: ({ snapshot }) =>
    [true, false].some((accountExists) =>
      snapshot.can({ type: 'AccountEmailChecked', data: { accountExists } }),
    ),
  RecordSignIn: ({ snapshot }) =>
    snapshot.can({ type: 'BuyerSignedIn', data: { customerId: NEXT_ID, method: 'password' } }),
  RecordSignUp: ({ snapshot }) => snapshot.can({ type: 'BuyerSignedUp', data: { customerId: NEXT_ID } }),
  SubmitInfos: ({ leaving, ctx }) =>
    leaving.can({
      type: 'InfosSubmitted',
      data: { customerId: ctx.customerId ?? '', buyerType: 'private', country: '', postcodeArea: '' },
    }),
  ChooseDelivery: ({ leaving, ctx }) =>
    leaving.can({ type: 'DeliveryChosen', data: { mode: 'pickup', price: money(ctx, 0), distanceKm: 0 } }),
  ValueTradeIn: ({ leaving, ctx }) =>
    leaving.can({
      type: 'TradeInValued',
      data: {
        offerId: NEXT_ID,
        amount: money(ctx, 0),
        validUntil: '',
        vehicle: { brand: '', model: '', year: 0, mileageKm: 0 },
      },
    }),
  // The offer's validity is the decision's (a time): an offer shown can be accepted until then.
  AcceptTradeIn: ({ leaving, ctx }) => {
    const offer = ctx.tradeIn.offer;
    if (offer === null || (ctx.tradeIn.choice === 'accepted' && settled(ctx, 'recovery'))) return false;
    return leaving.can({ type: 'TradeInAccepted', data: { offerId: offer.offerId, amount: offer.amount } });
  },
  SkipTradeIn: ({ leaving, ctx }) =>
    !(ctx.tradeIn.choice === 'skipped' && settled(ctx, 'recovery')) &&
    leaving.can({ type: 'TradeInSkipped', data: {} }),
  ChooseInsurance: ({ leaving }) => leaving.can({ type: 'InsuranceChosen', data: { offerId: null } }),
  ChooseExtras: ({ leaving, ctx }) =>
    leaving.can({ type: 'ExtrasChosen', data: { items: [], total: money(ctx, 0) } }),
  // Cash, unless cash for this very total is what is chosen already; or a finance, which fits when it
  // was not declined and some down payment (at least the advance, less than the total) is left to lend.
  ChooseFunding: ({ leaving, ctx }) => {
    const total = money(ctx, totalDue(ctx));
    if (!leaving.can({ type: 'FundingChosen', data: { mode: 'cash', total } })) return false;
    const cashAgain =
      ctx.funding?.mode === 'cash' &&
      settled(ctx, 'funding') &&
      ctx.funding.total.amount === total.amount &&
      ctx.funding.total.currency === total.currency;
    const financeFits = !ctx.financeRefused && purchaseSummary(ctx).advancePayment.amount < total.amount;
    return !cashAgain || financeFits;
  },
  ApplyForFinance: ({ snapshot, ctx }) =>
    snapshot.can({ type: 'FinanceApplied', data: { applicationId: NEXT_ID, amount: money(ctx, 0) } }),
  // The lender's answer on the application in study (the first one, or the final one after a by-pass).
  RecordFinanceDecision: ({ snapshot, ctx }) =>
    ctx.funding?.mode === 'finance' &&
    ctx.funding.applicationId !== null &&
    snapshot.can({
      type: 'FinanceDecided',
      data: { applicationId: ctx.funding.applicationId, decision: 'accepted' },
    }),
  RequestAdvancePayment: ({ snapshot, ctx }) => {
    const due = advancePaymentDue(ctx);
    if (due === 0) {
      const zero = money(ctx, 0);
      const confirmed = {
        funding: 'cash',
        totalDue: zero,
        advancePaid: zero,
        balanceAtDelivery: zero,
      } as const;
      return snapshot.can({ type: 'PurchaseConfirmed', data: confirmed });
    }
    return snapshot.can({
      type: 'AdvancePaymentRequested',
      data: { paymentId: NEXT_ID, amount: money(ctx, due), checkoutUrl: '' },
    });
  },
  // The provider's answer on a payment request (its success: a failure records no more): the latest
  // one, or an older one that failed or was given up on and succeeds after all (its money goes back).
  RecordPaymentResult: ({ snapshot, ctx }) =>
    ctx.payments.some(
      (payment) =>
        payment.status !== 'succeeded' &&
        payment.status !== 'refunded' &&
        snapshot.can({
          type: 'PaymentSucceeded',
          data: { paymentId: payment.paymentId, amount: payment.amount },
        }),
    ),
  ReopenStep: (now) => reopenable(now).length > 0,
  CancelPurchase: ({ ending }) =>
    ending.can({ type: 'PurchaseCancelled', data: { by: 'buyer', reason: '' } }),
  LoseHold: ({ ending, ctx }) =>
    ctx.hold !== null &&
    ending.can({ type: 'HoldLost', data: { holdId: ctx.hold.holdId, reason: 'car_withdrawn' } }),
  // Staff: a later end of the hold (how much later is the decision's, with the time).
  ExtendHold: ({ snapshot, ctx }) =>
    ctx.hold !== null &&
    snapshot.can({ type: 'HoldExtended', data: { holdId: ctx.hold.holdId, until: FAR } }),
  RecordHandover: ({ snapshot }) =>
    snapshot.can({ type: 'CarHandedOver', data: { at: FAR, withdrawalUntil: FAR } }),
};

function reopenable(now: Now): ReopenableStep[] {
  const step = currentStep(now.snapshot);
  return REOPENABLE_STEPS.filter(
    (reopened) =>
      reopened !== step &&
      now.leaving.can({ type: 'StepReopened', data: { step: reopened } } satisfies PurchaseEvent),
  );
}

// Snapshots are immutable: a view and a 409 ask both questions of the same one.
const answers = new WeakMap<PurchaseSnapshot, { commands: PurchaseCommandType[]; steps: ReopenableStep[] }>();

function allowedNow(snapshot: PurchaseSnapshot) {
  let answer = answers.get(snapshot);
  if (!answer) {
    if (snapshot.status === 'done') answer = { commands: [], steps: [] };
    else if (snapshot.matches('confirmed'))
      answer = { commands: RULES.RecordHandover(new Now(snapshot)) ? ['RecordHandover'] : [], steps: [] };
    else {
      const now = new Now(snapshot);
      const steps = reopenable(now);
      answer = {
        steps,
        commands: PURCHASE_COMMAND_TYPES.filter((type) =>
          type === 'ReopenStep' ? steps.length > 0 : RULES[type](now),
        ),
      };
    }
    answers.set(snapshot, answer);
  }
  return answer;
}

/** The commands that would record something now (in the order of PURCHASE_COMMAND_TYPES). */
export function allowedCommands(snapshot: PurchaseSnapshot): PurchaseCommandType[] {
  return [...allowedNow(snapshot).commands];
}

/** The done steps the buyer can go back to now. */
export function reopenableSteps(snapshot: PurchaseSnapshot): ReopenableStep[] {
  return [...allowedNow(snapshot).steps];
}
