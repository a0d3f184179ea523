/** A booked car bought by its booker: the booking's paid deposit passes to the purchase (README "Amounts"). */
import { describe, expect, it } from 'vitest';
import type { Money } from '../catalogue/car.ts';
import type { PurchaseCommand } from './commands.ts';
import type { PurchaseEvent } from './events.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { currentStep, purchaseStatus } from './purchaseStatus.ts';
import { purchaseSummary } from './purchaseSummary.ts';
import {
  CAR_PRICE,
  CASH,
  decision,
  FINANCE,
  INFOS,
  minutes,
  PAY,
  paid,
  run,
  START_SIGNED_IN,
  type Step,
} from './testing/purchaseTestKit.ts';

const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
const types = (events: readonly PurchaseEvent[]) => events.map((e) => e.type);
/** The booker starts buying: the booking's hold and its paid deposit of `deposit` pass over. */
const fromBooking = (deposit: number | null): Step => [
  { ...START_SIGNED_IN, fromBookingId: '88' },
  {
    hold: { holdId: 'booking-hold', until: minutes(2000) },
    bookingDeposit: deposit === null ? null : { paymentId: 'dep-88', amount: eur(deposit) },
  },
];
const STEPS: readonly PurchaseCommand[] = [
  INFOS,
  { type: 'ChooseDelivery', mode: 'pickup' },
  { type: 'SkipTradeIn' },
  { type: 'ChooseInsurance', offerId: null },
  { type: 'ChooseExtras', extraIds: [] },
];
const given = (deposit: number | null, ...more: Step[]): PurchaseSnapshot =>
  run([fromBooking(deposit), ...STEPS, ...more]).state;
const when = (state: PurchaseSnapshot, ...steps: Step[]) => run(steps, state, 100);

describe('a booking deposit carried into the purchase', () => {
  it('given a 300 € booking deposit, when the booker buys the car, then the purchase records it', () => {
    const { last, state } = run([fromBooking(300_00)]);
    expect(last[0]).toMatchObject({
      type: 'PurchaseStarted',
      data: { fromBookingId: '88', bookingDeposit: { paymentId: 'dep-88', amount: eur(300_00) } },
    });
    expect(purchaseSummary(state.context)).toMatchObject({
      bookingDeposit: eur(300_00),
      advancePaid: eur(300_00),
    });
  });

  it('given a 300 € booking deposit, when the buyer pays cash, then only the 200 € left of the 500 € advance is asked', () => {
    const { last, state } = when(given(300_00, CASH), PAY);
    expect(last).toEqual([
      expect.objectContaining({
        type: 'AdvancePaymentRequested',
        data: expect.objectContaining({ amount: eur(200_00) }),
      }),
    ]);
    const done = when(state, paid('pay-1'));
    expect(types(done.last)).toEqual(['PaymentSucceeded', 'PurchaseConfirmed']);
    expect(done.last[1]).toMatchObject({
      data: { advancePaid: eur(500_00), balanceAtDelivery: eur(CAR_PRICE - 500_00) },
    });
  });

  it('given a booking deposit covering the advance, when the buyer pays cash, then the purchase is confirmed with nothing more to pay', () => {
    const state = given(500_00, CASH);
    expect(currentStep(state)).toBe('advance-payment');
    const { last, state: after } = when(state, PAY);
    expect(types(last)).toEqual(['PurchaseConfirmed']);
    expect(last[0]).toMatchObject({ data: { advancePaid: eur(500_00) } });
    expect(purchaseStatus(after)).toBe('confirmed');
  });

  it('given a booking deposit, when the buyer cancels, then the deposit is refunded before the purchase ends', () => {
    const { last, state } = when(given(300_00, CASH), {
      type: 'CancelPurchase',
      by: 'buyer',
      reason: 'changed my mind',
    });
    expect(last).toEqual([
      {
        type: 'DepositRefunded',
        data: { paymentId: 'dep-88', amount: eur(300_00), reason: 'purchase_cancelled' },
      },
      expect.objectContaining({ type: 'PurchaseCancelled' }),
    ]);
    expect(purchaseSummary(state.context).advancePaid).toEqual(eur(0));
  });

  it('given a booking deposit and a checkout in flight, when the car is withdrawn, then the checkout is voided and the deposit refunded', () => {
    const { last } = when(given(300_00, CASH, PAY), {
      type: 'LoseHold',
      holdId: 'booking-hold',
      reason: 'car_withdrawn',
    });
    expect(types(last)).toEqual(['AdvancePaymentVoided', 'DepositRefunded', 'HoldLost']);
    expect(last[1]).toMatchObject({ data: { paymentId: 'dep-88', reason: 'hold_lost' } });
  });

  it('given a booking deposit, when the finance is declined, then the deposit is kept and only cash remains', () => {
    const applied = given(300_00, FINANCE, { type: 'ApplyForFinance' });
    const { last, state } = when(applied, decision(applied, 'declined'));
    expect(types(last)).not.toContain('DepositRefunded');
    expect(purchaseSummary(state.context).bookingDeposit).toEqual(eur(300_00));
    expect(currentStep(state)).toBe('funding');
  });

  it('given no deposit (free booking), when the booker buys, then the full advance is asked', () => {
    const { last } = when(given(null, CASH), PAY);
    expect(last[0]).toMatchObject({ data: { amount: eur(500_00) } });
  });
});
