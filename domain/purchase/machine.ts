/**
 * The purchase funnel as an XState machine (README "Steps"): its events are the persisted purchase
 * events, so the machine is the evolve function and `snapshot.can(event)` is the rule book `decide`
 * checks. Guards read only the context and the event; one `record` action (purchaseContext.ts) stores
 * what an event says. After each step the transient `route` state sends the buyer to the first step
 * that is not done (or that they reopened): that is how done steps are skipped and how a change that
 * undoes a later step sends the buyer back through it.
 *
 * Bump PURCHASE_MACHINE_VERSION on any change of rules; events carry it in their metadata.
 */
import { and, assign, not, setup } from 'xstate';
import type { PurchaseStep } from '../routes/paramRules.ts';
import type { PurchaseEvent } from './events.ts';
import { initialPurchaseContext, type PurchaseContext, recordPurchaseEvent } from './purchaseContext.ts';
import {
  advancePaymentDue,
  awaitsFinalDecision,
  depositHeld,
  fundingFinal,
  fundingSettled,
  fundingStale,
  isAfter,
  lastPayment,
  noMoneyHeld,
  paymentById,
  paymentPending,
  stepDone,
  stepDue,
  totalDue,
} from './purchaseRules.ts';

export const PURCHASE_MACHINE_ID = 'purchase';
/**
 * Recorded in every event's metadata. 2: a converted booking's deposit counts toward the advance
 * (`PurchaseStarted.bookingDeposit`); version-1 streams have none and replay as before. 3: reasons are
 * stored in snake_case (`finance_declined`, `car_withdrawn`); older events are read through
 * `upcastPurchaseEvent`. 4: a confirmed purchase takes the car's handover (`CarHandedOver`); staff
 * extend a hold (`HoldExtended`) and release it (`HoldLost` reason `released`).
 */
export const PURCHASE_MACHINE_VERSION = 4;

const ROUTE = '#purchase.open.route';
const ACCOUNT_STEPS: readonly PurchaseStep[] = ['my-account', 'sign-in-sign-up', 'sign-in', 'sign-up'];
type StepParams = { step: PurchaseStep };
const redo = (step: PurchaseStep) => ({ type: 'redo' as const, params: { step } });
const due = (step: PurchaseStep) => ({ type: 'stepDue' as const, params: { step } });

export const purchaseMachine = setup({
  types: { context: {} as PurchaseContext, events: {} as PurchaseEvent },
  guards: {
    holdWon: ({ event }) => event.type === 'PurchaseStarted' && event.data.hold !== null,
    signedOut: ({ context }) => context.customerId === null,
    stepDue: ({ context }, { step }: StepParams) => stepDue(context, step),
    /** A done step submitted again from a later step (no payment in flight: void it first). */
    redo: ({ context }, { step }: StepParams) => stepDone(context, step) && !paymentPending(context),
    termsAccepted: ({ context }) => context.account.termsAccepted,
    accountExists: ({ event }) => event.type === 'AccountEmailChecked' && event.data.accountExists,
    reopensMyAccount: ({ context, event }) =>
      event.type === 'StepReopened' && event.data.step === 'my-account' && context.account.termsAccepted,
    reopensSignInSignUp: ({ context, event }) =>
      event.type === 'StepReopened' &&
      event.data.step === 'sign-in-sign-up' &&
      context.account.accountExists !== null,
    reopensDoneStep: ({ context, event }) =>
      event.type === 'StepReopened' &&
      !ACCOUNT_STEPS.includes(event.data.step) &&
      stepDone(context, event.data.step) &&
      context.reopened !== event.data.step &&
      !paymentPending(context),
    sameCustomer: ({ context, event }) =>
      event.type === 'InfosSubmitted' && event.data.customerId === context.customerId,
    offerShown: ({ context, event }) =>
      event.type === 'TradeInAccepted' &&
      context.tradeIn.offer?.offerId === event.data.offerId &&
      context.tradeIn.offer.amount.amount === event.data.amount.amount,
    fundingFits: ({ context, event }) =>
      event.type === 'FundingChosen' &&
      event.data.total.amount === totalDue(context) &&
      (event.data.mode === 'cash' || !context.financeRefused),
    financeNotApplied: ({ context }) =>
      context.funding?.mode === 'finance' && context.funding.applicationId === null,
    financeAwaitingDecision: ({ context }) =>
      context.funding?.mode === 'finance' &&
      context.funding.applicationId !== null &&
      context.funding.decision === null,
    decisionDue: ({ context, event }) =>
      event.type === 'FinanceDecided' &&
      context.funding?.mode === 'finance' &&
      context.funding.applicationId === event.data.applicationId &&
      context.funding.decision === null,
    finalDecisionDue: ({ context, event }) =>
      event.type === 'FinanceDecided' &&
      event.data.decision !== 'by-pass' &&
      awaitsFinalDecision(context, event.data.applicationId),
    declined: ({ event }) => event.type === 'FinanceDecided' && event.data.decision === 'declined',
    paymentPending: ({ context }) => paymentPending(context),
    fundingStale: ({ context }) => fundingStale(context),
    paymentFitsDue: ({ context, event }) =>
      event.type === 'AdvancePaymentRequested' &&
      fundingSettled(context) &&
      advancePaymentDue(context) > 0 &&
      event.data.amount.amount === advancePaymentDue(context) &&
      event.data.amount.currency === context.carPrice.currency &&
      paymentById(context, event.data.paymentId) === undefined,
    nothingToPay: ({ context }) => fundingFinal(context) && advancePaymentDue(context) === 0,
    fundingFinal: ({ context }) => fundingFinal(context),
    isPendingPayment: ({ context, event }) =>
      (event.type === 'PaymentSucceeded' ||
        event.type === 'PaymentFailed' ||
        event.type === 'AdvancePaymentVoided') &&
      lastPayment(context)?.status === 'pending' &&
      lastPayment(context)?.paymentId === event.data.paymentId,
    isLapsedPayment: ({ context, event }) => {
      if (event.type !== 'PaymentSucceeded') return false;
      const status = paymentById(context, event.data.paymentId)?.status;
      return status === 'voided' || status === 'failed';
    },
    isFailedLastPayment: ({ context, event }) =>
      event.type === 'PaymentSucceeded' &&
      lastPayment(context)?.status === 'failed' &&
      lastPayment(context)?.paymentId === event.data.paymentId,
    depositHeld: ({ context }) => depositHeld(context),
    refundable: ({ context, event }) => {
      if (event.type !== 'DepositRefunded') return false;
      const payment = paymentById(context, event.data.paymentId);
      return payment?.status === 'succeeded' && payment.amount.amount === event.data.amount.amount;
    },
    holdMatches: ({ context, event }) =>
      (event.type === 'HoldLost' || event.type === 'HoldExtended') &&
      context.hold?.holdId === event.data.holdId,
    extendsHold: ({ context, event }) =>
      event.type === 'HoldExtended' && context.hold !== null && isAfter(event.data.until, context.hold.until),
    noMoneyHeld: ({ context }) => noMoneyHeld(context),
  },
  actions: {
    record: assign(({ context, event }) => recordPurchaseEvent(context, event)),
  },
}).createMachine({
  id: PURCHASE_MACHINE_ID,
  context: initialPurchaseContext,
  initial: 'notStarted',
  states: {
    notStarted: {
      description:
        'Before PurchaseStarted: the car is won (open) or held by another funnel (car not available).',
      on: {
        PurchaseStarted: [
          { guard: 'holdWon', target: 'open', actions: 'record' },
          { target: 'carNotAvailable', actions: 'record' },
        ],
      },
    },
    open: {
      description: 'A purchase in progress: it holds the car.',
      initial: 'route',
      on: {
        StepReopened: { guard: 'reopensDoneStep', target: '.route', actions: 'record' },
        InfosSubmitted: {
          guard: and([redo('my-infos'), 'sameCustomer']),
          target: '.route',
          actions: 'record',
        },
        DeliveryChosen: { guard: redo('delivery'), target: '.route', actions: 'record' },
        TradeInValued: { guard: redo('recovery'), target: '.route', actions: 'record' },
        TradeInSkipped: { guard: redo('recovery'), target: '.route', actions: 'record' },
        InsuranceChosen: { guard: redo('insurance'), target: '.route', actions: 'record' },
        ExtrasChosen: {
          guard: redo('additional-optional'),
          target: '.route',
          actions: 'record',
        },
        FundingChosen: {
          guard: and([redo('funding'), 'fundingFits']),
          target: '.route',
          actions: 'record',
        },
        // The lender's answer, wherever the buyer is (they may have gone back while it was studied);
        // then the final answer on a by-passed (manually studied) finance.
        FinanceDecided: [
          { guard: 'decisionDue', target: '.route', actions: 'record' },
          {
            guard: and(['finalDecisionDue', 'declined', not('paymentPending')]),
            target: '.route',
            actions: 'record',
          },
          { guard: and(['finalDecisionDue', not('declined')]), actions: 'record' },
        ],
        FundingVoided: { guard: 'fundingStale', target: '.route', actions: 'record' },
        // A payment given up on (voided, or reported failed) that went through after all: recorded, and
        // refunded by decide unless it can serve as the deposit.
        PaymentSucceeded: { guard: 'isLapsedPayment', actions: 'record' },
        DepositRefunded: { guard: 'refundable', actions: 'record' },
        HoldExtended: { guard: and(['holdMatches', 'extendsHold']), actions: 'record' },
        HoldLost: {
          guard: and(['holdMatches', 'noMoneyHeld']),
          target: 'carNotAvailable',
          actions: 'record',
        },
        PurchaseCancelled: { guard: 'noMoneyHeld', target: 'cancelled', actions: 'record' },
      },
      states: {
        route: {
          description: 'Transient: on to the first step not done, or the one the buyer reopened.',
          always: [
            { guard: 'signedOut', target: 'account' },
            { guard: due('my-infos'), target: 'myInfos' },
            { guard: due('delivery'), target: 'delivery' },
            { guard: due('recovery'), target: 'recovery' },
            { guard: due('insurance'), target: 'insurance' },
            { guard: due('additional-optional'), target: 'additionalOptional' },
            { guard: due('funding'), target: 'funding' },
            { target: 'advancePayment' },
          ],
        },
        account: {
          description:
            'SPEC my-account, sign-in-sign-up, sign-in, sign-up: a buyer not signed in at the start.',
          initial: 'myAccount',
          on: {
            // Signing in (password or `login/{type}`) is possible from any account step.
            BuyerSignedIn: { target: ROUTE, actions: 'record' },
            AccountEmailChecked: [
              { guard: and(['termsAccepted', 'accountExists']), target: '.signIn', actions: 'record' },
              { guard: 'termsAccepted', target: '.signUp', actions: 'record' },
            ],
            StepReopened: [
              { guard: 'reopensMyAccount', target: '.myAccount', actions: 'record' },
              { guard: 'reopensSignInSignUp', target: '.signInSignUp', actions: 'record' },
            ],
          },
          states: {
            myAccount: { on: { AccountStepPassed: { target: 'signInSignUp', actions: 'record' } } },
            signInSignUp: {},
            signIn: {},
            signUp: { on: { BuyerSignedUp: { target: ROUTE, actions: 'record' } } },
          },
        },
        myInfos: { on: { InfosSubmitted: { guard: 'sameCustomer', target: 'route', actions: 'record' } } },
        delivery: { on: { DeliveryChosen: { target: 'route', actions: 'record' } } },
        recovery: {
          on: {
            TradeInValued: { actions: 'record' },
            TradeInAccepted: { guard: 'offerShown', target: 'route', actions: 'record' },
            TradeInSkipped: { target: 'route', actions: 'record' },
          },
        },
        insurance: { on: { InsuranceChosen: { target: 'route', actions: 'record' } } },
        additionalOptional: { on: { ExtrasChosen: { target: 'route', actions: 'record' } } },
        funding: {
          description:
            'SPEC funding: cash, or a finance chosen, applied for and decided (accepted or by-pass) for the total due.',
          initial: 'entry',
          on: { FundingChosen: { guard: 'fundingFits', target: ROUTE, actions: 'record' } },
          states: {
            entry: {
              always: [
                { guard: 'financeAwaitingDecision', target: 'awaitingDecision' },
                { guard: 'financeNotApplied', target: 'financeChosen' },
                { target: 'choosing' },
              ],
            },
            choosing: {},
            financeChosen: { on: { FinanceApplied: { target: 'awaitingDecision', actions: 'record' } } },
            awaitingDecision: {},
          },
        },
        advancePayment: {
          description:
            'SPEC advance-payment: the checkout, its outcome, then the confirmation once the funding is final.',
          initial: 'entry',
          states: {
            entry: { always: [{ guard: 'depositHeld', target: 'paid' }, { target: 'ready' }] },
            ready: {
              on: {
                AdvancePaymentRequested: {
                  guard: 'paymentFitsDue',
                  target: 'awaitingPayment',
                  actions: 'record',
                },
                PurchaseConfirmed: {
                  guard: 'nothingToPay',
                  target: '#purchase.confirmed',
                  actions: 'record',
                },
              },
            },
            awaitingPayment: {
              on: {
                PaymentSucceeded: { guard: 'isPendingPayment', target: 'paid', actions: 'record' },
                PaymentFailed: { guard: 'isPendingPayment', target: 'failed', actions: 'record' },
                AdvancePaymentVoided: { guard: 'isPendingPayment', target: 'ready', actions: 'record' },
              },
            },
            failed: {
              description: 'Payment failure: the buyer may try again (or go back, or cancel).',
              on: {
                AdvancePaymentRequested: {
                  guard: 'paymentFitsDue',
                  target: 'awaitingPayment',
                  actions: 'record',
                },
                // The provider reported a failure, then the payment went through after all.
                PaymentSucceeded: { guard: 'isFailedLastPayment', target: 'paid', actions: 'record' },
              },
            },
            paid: {
              description:
                'The deposit is in; confirmed once the funding is final (a by-passed finance waits here).',
              on: {
                PurchaseConfirmed: {
                  guard: 'fundingFinal',
                  target: '#purchase.confirmed',
                  actions: 'record',
                },
              },
            },
          },
        },
      },
    },
    confirmed: {
      description:
        'Outcome page ok: the car is sold to the buyer. It takes one more event, the handover (staff), which starts the right of withdrawal; the purchase is over either way (`purchaseEnded`).',
      initial: 'awaitingHandover',
      states: {
        awaitingHandover: { on: { CarHandedOver: { target: 'handedOver', actions: 'record' } } },
        handedOver: { type: 'final' },
      },
    },
    carNotAvailable: {
      type: 'final',
      description:
        'Outcome page car-not-available: another funnel held the car, or the hold was lost; no money kept.',
    },
    cancelled: { type: 'final', description: 'Cancelled by the buyer or staff; no money kept.' },
  },
});

export type PurchaseMachine = typeof purchaseMachine;

/**
 * Whether the purchase is over: a final state (car not available, cancelled), or confirmed (which only
 * takes the car's handover still). Late timers, webhooks and lender answers find nothing to do then.
 */
export function purchaseEnded(snapshot: { status: string; matches(value: 'confirmed'): boolean }): boolean {
  return snapshot.status === 'done' || snapshot.matches('confirmed');
}
