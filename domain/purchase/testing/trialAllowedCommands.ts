/**
 * The test oracle of `allowedCommands` (../allowedCommands.ts): what can be done now, asked of `decide`
 * itself by trial. Each command is tried with sample data that differs from what is stored and sample
 * facts that fit the state, at a time before anything lapses (the declarative rules ignore the clock);
 * a command is allowed when it would record something. Slow (tens of decisions): tests only.
 */
import { MARKETS } from '../../markets.ts';
import { type PurchaseCommand, type PurchaseCommandType, REOPENABLE_STEPS } from '../commands.ts';
import { decideEvents } from '../decideEvents.ts';
import type { ReopenableStep } from '../events.ts';
import type { PurchaseFacts } from '../facts.ts';
import type { PurchaseContext } from '../purchaseContext.ts';
import { advancePaymentDue } from '../purchaseRules.ts';
import type { PurchaseSnapshot } from '../purchaseState.ts';
import { purchaseSummary } from '../purchaseSummary.ts';

type Probe = readonly [PurchaseCommand, Omit<PurchaseFacts, 'at'>?];

function probes(ctx: PurchaseContext): Record<PurchaseCommandType, readonly Probe[]> {
  const currency = ctx.carPrice.currency;
  const money = (amount: number) => ({ amount, currency });
  const far = '2999-01-01T00:00:00.000Z';
  const offerId = ctx.tradeIn.offer?.offerId ?? 'probe';
  const due = advancePaymentDue(ctx);
  // The smallest down payment a finance takes: the advance (a converted booking's deposit aside).
  const least = purchaseSummary(ctx).advancePayment.amount;
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
        { type: 'ChooseFunding', mode: 'finance', durationMonths: 48, downPayment: least },
        { financeQuote: { monthly: money(1), durationMonths: 48, apr: 1, downPayment: money(least) } },
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
    // Every payment request the purchase made: a late answer may concern an older one.
    RecordPaymentResult: (ctx.payments.length > 0 ? ctx.payments.map((p) => p.paymentId) : ['probe']).map(
      (paymentId) => [{ type: 'RecordPaymentResult', paymentId, result: 'succeeded' }] as const,
    ),
    ReopenStep: REOPENABLE_STEPS.map((step) => [{ type: 'ReopenStep', step }] as const),
    CancelPurchase: [[{ type: 'CancelPurchase', by: 'buyer', reason: 'probe' }]],
    LoseHold: [[{ type: 'LoseHold', holdId: ctx.hold?.holdId ?? 'probe', reason: 'car_withdrawn' }]],
    ExtendHold: [[{ type: 'ExtendHold', minutes: 1 }]],
    RecordHandover: [[{ type: 'RecordHandover' }]],
  };
}

/** Before any hold ends or offer lapses. */
const EARLY = '2000-01-01T00:00:00.000Z';

function records(snapshot: PurchaseSnapshot, [command, facts]: Probe): boolean {
  const at = EARLY;
  try {
    return decideEvents(command, snapshot, { ...facts, at }).length > 0;
  } catch {
    return false;
  }
}

/** The commands that would record something now, by trial (in the order of PURCHASE_COMMAND_TYPES). */
export function trialAllowedCommands(snapshot: PurchaseSnapshot): PurchaseCommandType[] {
  const all = probes(snapshot.context);
  return (Object.keys(all) as PurchaseCommandType[]).filter((type) =>
    type === 'ReopenStep'
      ? trialReopenableSteps(snapshot).length > 0
      : all[type].some((p) => records(snapshot, p)),
  );
}

/** The done steps the buyer can go back to now, by trial. */
export function trialReopenableSteps(snapshot: PurchaseSnapshot): ReopenableStep[] {
  return REOPENABLE_STEPS.filter((step) => records(snapshot, [{ type: 'ReopenStep', step }]));
}
