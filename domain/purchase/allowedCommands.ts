/**
 * What can be done now, asked of `decide` itself (so it can never disagree with it): each command is
 * tried with sample data that differs from what is stored and sample facts that fit the state, at a
 * time before the hold ends; a command is allowed when it would record something. Used for the 409's
 * list, by the HTTP layer (which buttons to offer) and by the engine before it gathers facts.
 */
import { MARKETS } from '../markets.ts';
import type { PurchaseCommand, PurchaseCommandType } from './commands.ts';
import { decideEvents } from './decideEvents.ts';
import type { ReopenableStep } from './events.ts';
import type { PurchaseFacts } from './facts.ts';
import type { PurchaseContext } from './purchaseContext.ts';
import { advancePaymentDue, lastPayment } from './purchaseRules.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { REOPENABLE_STEPS } from './schemas.ts';

type Probe = readonly [PurchaseCommand, Omit<PurchaseFacts, 'at'>?];

function probes(ctx: PurchaseContext): Record<PurchaseCommandType, readonly Probe[]> {
  const currency = ctx.carPrice.currency;
  const money = (amount: number) => ({ amount, currency });
  const far = '2999-01-01T00:00:00.000Z';
  const offerId = ctx.tradeIn.offer?.offerId ?? 'probe';
  const due = advancePaymentDue(ctx);
  const extraIds = ctx.extras?.items.length === 0 ? ['probe'] : [];
  return {
    StartPurchase: [
      [
        { type: 'StartPurchase', carId: '1', locale: ctx.locale, customerId: null, fromBookingId: null },
        { purchaseId: '1', car: { price: money(1), dealerId: '1' }, hold: { holdId: 'probe', until: far } },
      ],
    ],
    PassAccountStep: [
      [{ type: 'PassAccountStep', termsAccepted: true, marketingOptIn: !ctx.account.marketingOptIn }],
    ],
    CheckAccountEmail: [
      [{ type: 'CheckAccountEmail' }, { accountExists: true }],
      [{ type: 'CheckAccountEmail' }, { accountExists: false }],
    ],
    RecordSignIn: [[{ type: 'RecordSignIn', customerId: 'probe', method: 'password' }]],
    RecordSignUp: [[{ type: 'RecordSignUp', customerId: 'probe' }]],
    SubmitInfos: [
      [
        {
          type: 'SubmitInfos',
          buyerType: 'private',
          country: MARKETS[ctx.locale].country,
          postcodeArea: 'ZZ-00',
        },
      ],
    ],
    ChooseDelivery: [
      [
        { type: 'ChooseDelivery', mode: 'home' },
        { deliveryQuote: { mode: 'home', price: money(1), distanceKm: 1 } },
      ],
    ],
    ValueTradeIn: [
      [
        { type: 'ValueTradeIn', vehicle: { brand: 'probe', model: 'probe', year: 2020, mileageKm: 1 } },
        { tradeInOffer: { offerId: `${offerId}-probe`, amount: money(0), validUntil: far } },
      ],
    ],
    AcceptTradeIn: [[{ type: 'AcceptTradeIn', offerId }]],
    SkipTradeIn: [[{ type: 'SkipTradeIn' }]],
    ChooseInsurance: [
      [{ type: 'ChooseInsurance', offerId: null }],
      [
        { type: 'ChooseInsurance', offerId: 'probe' },
        { insuranceOffer: { offerId: 'probe', monthlyPremium: money(1) } },
      ],
    ],
    ChooseExtras: [[{ type: 'ChooseExtras', extraIds }, { extras: [{ extraId: 'probe', price: money(0) }] }]],
    ChooseFunding: [
      [{ type: 'ChooseFunding', mode: 'cash' }],
      [
        { type: 'ChooseFunding', mode: 'finance', durationMonths: 48, downPayment: due },
        { financeQuote: { monthly: money(1), durationMonths: 48, apr: 1, downPayment: money(due) } },
      ],
    ],
    ApplyForFinance: [[{ type: 'ApplyForFinance' }, { financeApplication: { applicationId: 'probe' } }]],
    RecordFinanceDecision: [
      [
        {
          type: 'RecordFinanceDecision',
          applicationId: (ctx.funding?.mode === 'finance' && ctx.funding.applicationId) || 'probe',
          decision: 'accepted',
        },
      ],
    ],
    RequestAdvancePayment: [
      [
        { type: 'RequestAdvancePayment' },
        { payment: { paymentId: 'probe', amount: money(due), checkoutUrl: 'https://probe' } },
      ],
    ],
    RecordPaymentResult: [
      [
        {
          type: 'RecordPaymentResult',
          paymentId: lastPayment(ctx)?.paymentId ?? 'probe',
          result: 'succeeded',
        },
      ],
    ],
    ReopenStep: REOPENABLE_STEPS.map((step) => [{ type: 'ReopenStep', step }] as const),
    CancelPurchase: [[{ type: 'CancelPurchase', by: 'buyer', reason: 'probe' }]],
    LoseHold: [[{ type: 'LoseHold', holdId: ctx.hold?.holdId ?? 'probe', reason: 'car-withdrawn' }]],
  };
}

function records(snapshot: PurchaseSnapshot, [command, facts]: Probe): boolean {
  const hold = snapshot.context.hold;
  const at = hold === null ? '2000-01-01T00:00:00.000Z' : new Date(Date.parse(hold.until) - 1).toISOString();
  try {
    return decideEvents(command, snapshot, { ...facts, at }).length > 0;
  } catch {
    return false;
  }
}

// Snapshots are immutable: a view asks both questions of the same one, and ReopenStep's probes serve both.
const reopenableBySnapshot = new WeakMap<PurchaseSnapshot, ReopenableStep[]>();

/** The commands that would record something now (in the order of PURCHASE_COMMAND_TYPES). */
export function allowedCommands(snapshot: PurchaseSnapshot): PurchaseCommandType[] {
  const all = probes(snapshot.context);
  return (Object.keys(all) as PurchaseCommandType[]).filter((type) =>
    type === 'ReopenStep'
      ? reopenableSteps(snapshot).length > 0
      : all[type].some((p) => records(snapshot, p)),
  );
}

/** The done steps the buyer can go back to now. */
export function reopenableSteps(snapshot: PurchaseSnapshot): ReopenableStep[] {
  let steps = reopenableBySnapshot.get(snapshot);
  if (!steps) {
    steps = REOPENABLE_STEPS.filter((step) => records(snapshot, [{ type: 'ReopenStep', step }]));
    reopenableBySnapshot.set(snapshot, steps);
  }
  return [...steps];
}
