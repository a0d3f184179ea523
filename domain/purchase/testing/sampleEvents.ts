/**
 * Sample events for traversing the purchase machine with xstate/graph: for a state, a few events of
 * every type with data that fits the context (ids of the current offer, application, payments, hold),
 * so guards can pass, and a few that change totals, so guards that react to changes are reached too.
 * `abstractKey` folds states that the guards cannot tell apart, to keep the traversal finite and small.
 */
import type { Money } from '../../catalogue/car.ts';
import type { PurchaseEvent, ReopenableStep } from '../events.ts';
import { advancePaymentDue, lastPayment, totalDue } from '../purchaseRules.ts';
import type { PurchaseSnapshot } from '../purchaseState.ts';
import { purchaseSummary } from '../purchaseSummary.ts';

// Going back is one rule for every step past the account: two of them are enough to meet it.
const SAMPLE_REOPENS: readonly ReopenableStep[] = ['my-account', 'sign-in-sign-up', 'delivery', 'funding'];

const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
const started = (customerId: string | null, hold: boolean): PurchaseEvent => ({
  type: 'PurchaseStarted',
  data: {
    purchaseId: '1',
    carId: '42',
    locale: 'fr',
    dealerId: '7',
    carPrice: eur(20_000_00),
    advancePayment: eur(500_00),
    customerId,
    hold: hold ? { holdId: 'h1', until: '2025-03-01T12:00:00.000Z' } : null,
    fromBookingId: null,
  },
});

export function sampleEvents(snapshot: PurchaseSnapshot): PurchaseEvent[] {
  const ctx = snapshot.context;
  if (snapshot.matches('notStarted')) return [started('c1', true), started(null, true), started('c1', false)];
  const total = eur(totalDue(ctx));
  const applicationId = ctx.funding?.mode === 'finance' ? (ctx.funding.applicationId ?? 'a1') : 'a1';
  const last = lastPayment(ctx);
  const summary = purchaseSummary(ctx);
  const events: PurchaseEvent[] = [
    { type: 'AccountStepPassed', data: { termsAccepted: true, marketingOptIn: false } },
    { type: 'AccountEmailChecked', data: { accountExists: true } },
    { type: 'AccountEmailChecked', data: { accountExists: false } },
    { type: 'BuyerSignedIn', data: { customerId: 'c1', method: 'password' } },
    { type: 'BuyerSignedUp', data: { customerId: 'c1' } },
    ...['FR-75', 'FR-13'].map(
      (postcodeArea): PurchaseEvent => ({
        type: 'InfosSubmitted',
        data: { customerId: ctx.customerId ?? 'c1', buyerType: 'private', country: 'FR', postcodeArea },
      }),
    ),
    { type: 'DeliveryChosen', data: { mode: 'pickup', price: eur(0), distanceKm: 0 } },
    { type: 'DeliveryChosen', data: { mode: 'home', price: eur(390_00), distanceKm: 250 } },
    {
      // Worth more than the car (nothing left to pay): one offer is enough for every trade-in rule,
      // and skipping the trade-in leads to the paths with something to pay.
      type: 'TradeInValued',
      data: {
        offerId: 'o2',
        amount: eur(25_000_00),
        validUntil: '2025-03-08T10:00:00.000Z',
        vehicle: { brand: 'Porsche', model: '911', year: 2021, mileageKm: 10_000 },
      },
    },
    {
      type: 'TradeInAccepted',
      data: { offerId: 'o2', amount: eur(25_000_00) },
    },
    { type: 'TradeInSkipped', data: {} },
    { type: 'InsuranceChosen', data: { offerId: null } },
    { type: 'ExtrasChosen', data: { items: [], total: eur(0) } },
    { type: 'ExtrasChosen', data: { items: [{ extraId: 'mats', price: eur(120_00) }], total: eur(120_00) } },
    { type: 'FundingChosen', data: { mode: 'cash', total } },
    {
      type: 'FundingChosen',
      data: {
        mode: 'finance',
        total,
        quote: { monthly: eur(350_00), durationMonths: 48, apr: 4.9, downPayment: eur(2_000_00) },
      },
    },
    { type: 'FinanceApplied', data: { applicationId: 'a1', amount: eur(total.amount - 2_000_00) } },
    ...(['accepted', 'declined', 'by-pass'] as const).map(
      (decision): PurchaseEvent => ({ type: 'FinanceDecided', data: { applicationId, decision } }),
    ),
    {
      type: 'FundingVoided',
      data: {
        reason: 'total-changed',
        previousTotal: ctx.funding?.total ?? total,
        total,
        applicationId: null,
      },
    },
    {
      type: 'AdvancePaymentRequested',
      data: {
        paymentId: `p${ctx.payments.length + 1}`,
        amount: eur(advancePaymentDue(ctx)),
        checkoutUrl: 'https://pay',
      },
    },
    {
      type: 'PurchaseConfirmed',
      data: {
        funding: 'cash',
        totalDue: total,
        advancePaid: summary.advancePaid,
        balanceAtDelivery: summary.balanceAtDelivery,
      },
    },
    { type: 'HoldExtended', data: { holdId: 'h1', until: '2025-03-08T12:00:00.000Z' } },
    { type: 'HoldLost', data: { holdId: 'h1', reason: 'expired' } },
    { type: 'PurchaseCancelled', data: { by: 'buyer', reason: 'changed my mind' } },
    {
      type: 'CarHandedOver',
      data: { at: '2025-03-09T10:00:00.000Z', withdrawalUntil: '2025-03-23T10:00:00.000Z' },
    },
    ...SAMPLE_REOPENS.map((step): PurchaseEvent => ({ type: 'StepReopened', data: { step } })),
  ];
  if (last !== undefined) {
    events.push(
      { type: 'AdvancePaymentVoided', data: { paymentId: last.paymentId, reason: 'buyer_went_back' } },
      { type: 'PaymentFailed', data: { paymentId: last.paymentId, reason: 'declined' } },
    );
  }
  for (const p of ctx.payments) {
    events.push({ type: 'PaymentSucceeded', data: { paymentId: p.paymentId, amount: p.amount } });
    events.push({
      type: 'DepositRefunded',
      data: { paymentId: p.paymentId, amount: p.amount, reason: 'funding_changed' },
    });
  }
  return events;
}

/**
 * A coarse key of a state: its value, whether a trade-in offer is shown, the funding's shape, the last
 * payment's status and whether anything is left to pay. States with the same key count as one for the
 * traversal (a few hundred instead of tens of thousands); the path test checks that every transition is
 * still taken.
 */
export function abstractKey(snapshot: PurchaseSnapshot): string {
  const c = snapshot.context;
  const f = c.funding;
  return JSON.stringify([
    snapshot.value,
    c.tradeIn.offer !== null,
    f === null ? null : [f.mode, f.mode === 'finance' ? [f.applicationId !== null, f.decision] : null],
    lastPayment(c)?.status,
    advancePaymentDue(c) === 0,
  ]);
}
