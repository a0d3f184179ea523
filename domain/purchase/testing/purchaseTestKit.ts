/**
 * Test kit of the purchase domain: a deterministic stand-in for the engine's fact gathering (quotes,
 * offers, ids, payments computed from the command and the state) and `run`, which drives commands
 * through decide and the machine the way the command handler does. Used by the unit, path and
 * property tests; the engine's own tests use the real providers.
 */
import type { Money } from '../../catalogue/car.ts';
import type { Locale } from '../../markets.ts';
import type { PurchaseCommand, PurchaseCommandOf } from '../commands.ts';
import { decidePurchase } from '../decide.ts';
import type { PurchaseEvent } from '../events.ts';
import type { PurchaseFacts } from '../facts.ts';
import { purchaseCurrency, purchaseHoldUntil } from '../purchasePolicy.ts';
import { advancePaymentDue, totalDue } from '../purchaseRules.ts';
import { initialPurchaseState, type PurchaseSnapshot, replayPurchase } from '../purchaseState.ts';

export const T0 = '2025-03-01T10:00:00.000Z';
/** T0 plus some minutes. */
export const minutes = (n: number): string => new Date(Date.parse(T0) + n * 60_000).toISOString();

export const EXTRA_PRICES: Readonly<Record<string, number>> = {
  mats: 120_00,
  'tow-bar': 690_00,
  warranty: 450_00,
};
export const CAR_PRICE = 20_000_00;

/** The facts a real handler would gather for `command` in `state` (override any with `extra`). */
export function factsFor(
  command: PurchaseCommand,
  state: PurchaseSnapshot,
  at: string,
  extra: Partial<PurchaseFacts> = {},
): PurchaseFacts {
  const ctx = state.context;
  const n = state.context.payments.length + 1;
  const locale: Locale = command.type === 'StartPurchase' ? command.locale : ctx.locale;
  const money = (amount: number): Money => ({ amount, currency: purchaseCurrency(locale) });
  const base: PurchaseFacts = { at };
  switch (command.type) {
    case 'StartPurchase':
      return {
        ...base,
        purchaseId: '1001',
        car: { price: money(CAR_PRICE), dealerId: '7' },
        hold: { holdId: 'hold-1', until: purchaseHoldUntil(locale, at) },
        ...extra,
      };
    case 'CheckAccountEmail':
      return { ...base, accountExists: true, ...extra };
    case 'ChooseDelivery':
      return {
        ...base,
        deliveryQuote:
          command.mode === 'pickup'
            ? { mode: 'pickup', price: money(0), distanceKm: 0 }
            : { mode: 'home', price: money(390_00), distanceKm: 250 },
        ...extra,
      };
    case 'ValueTradeIn':
      return {
        ...base,
        tradeInOffer: {
          offerId: `offer-${command.vehicle.year}-${command.vehicle.mileageKm}`,
          amount: money(Math.max(0, 12_000_00 - command.vehicle.mileageKm * 5)),
          validUntil: new Date(Date.parse(at) + 7 * 86_400_000).toISOString(),
        },
        ...extra,
      };
    case 'ChooseInsurance':
      return command.offerId === null
        ? { ...base, ...extra }
        : { ...base, insuranceOffer: { offerId: command.offerId, monthlyPremium: money(59_00) }, ...extra };
    case 'ChooseExtras':
      return {
        ...base,
        extras: Object.entries(EXTRA_PRICES).map(([extraId, price]) => ({ extraId, price: money(price) })),
        ...extra,
      };
    case 'ChooseFunding': {
      if (command.mode === 'cash') return { ...base, ...extra };
      const financed = totalDue(ctx) - command.downPayment;
      return {
        ...base,
        financeQuote: {
          monthly: money(Math.ceil((financed * 1.06) / command.durationMonths)),
          durationMonths: command.durationMonths,
          apr: 4.9,
          downPayment: money(command.downPayment),
        },
        ...extra,
      };
    }
    case 'ApplyForFinance':
      return { ...base, financeApplication: { applicationId: `app-${ctx.purchaseId}-${at}` }, ...extra };
    case 'RequestAdvancePayment':
      return {
        ...base,
        payment: {
          paymentId: `pay-${n}`,
          amount: money(advancePaymentDue(ctx)),
          checkoutUrl: `https://pay.test/${n}`,
        },
        ...extra,
      };
    default:
      return { ...base, ...extra };
  }
}

export type Step = PurchaseCommand | readonly [PurchaseCommand, Partial<PurchaseFacts>];

export interface Run {
  readonly state: PurchaseSnapshot;
  /** Every event decided, in order. */
  readonly events: PurchaseEvent[];
  /** The events of the last command. */
  readonly last: PurchaseEvent[];
}

/** Drive commands one minute apart from T0 (or `from`), as the command handler would. */
export function run(
  steps: readonly Step[],
  from: PurchaseSnapshot = initialPurchaseState(),
  startMinute = 0,
): Run {
  let state = from;
  const events: PurchaseEvent[] = [];
  let last: PurchaseEvent[] = [];
  steps.forEach((step, i) => {
    const [command, extra] = Array.isArray(step) ? step : [step as PurchaseCommand, {}];
    const at = extra.at ?? minutes(startMinute + i);
    last = decidePurchase(command, state, factsFor(command, state, at, extra));
    state = replayPurchase(last, state);
    events.push(...last);
  });
  return { state, events, last };
}

/** The commands of a signed-in buyer up to the funding step (pickup, no trade-in, no insurance, no extras). */
export const START_SIGNED_IN: PurchaseCommandOf<'StartPurchase'> = {
  type: 'StartPurchase',
  carId: '42',
  locale: 'fr',
  customerId: 'cus-1',
  fromBookingId: null,
};

export const INFOS: PurchaseCommandOf<'SubmitInfos'> = {
  type: 'SubmitInfos',
  buyerType: 'private',
  country: 'FR',
  postcodeArea: 'FR-75',
};
export const VEHICLE = { brand: 'Renault', model: 'Clio', year: 2017, mileageKm: 90_000 };

export const TO_FUNDING: readonly PurchaseCommand[] = [
  START_SIGNED_IN,
  INFOS,
  { type: 'ChooseDelivery', mode: 'pickup' },
  { type: 'SkipTradeIn' },
  { type: 'ChooseInsurance', offerId: null },
  { type: 'ChooseExtras', extraIds: [] },
];

export const CASH: PurchaseCommand = { type: 'ChooseFunding', mode: 'cash' };
export const FINANCE: PurchaseCommandOf<'ChooseFunding'> = {
  type: 'ChooseFunding',
  mode: 'finance',
  durationMonths: 48,
  downPayment: 2_000_00,
};
export const PAY: PurchaseCommand = { type: 'RequestAdvancePayment' };
export const paid = (paymentId: string): PurchaseCommand => ({
  type: 'RecordPaymentResult',
  paymentId,
  result: 'succeeded',
});
export const failed = (paymentId: string): PurchaseCommand => ({
  type: 'RecordPaymentResult',
  paymentId,
  result: 'failed',
  reason: 'card declined',
});
export const decision = (
  state: PurchaseSnapshot,
  value: 'accepted' | 'declined' | 'by-pass',
): PurchaseCommand => ({
  type: 'RecordFinanceDecision',
  applicationId: (state.context.funding?.mode === 'finance' && state.context.funding.applicationId) || 'none',
  decision: value,
});
