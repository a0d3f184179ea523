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
  describe('given a 300 € booking deposit', () => {
    const started = run([fromBooking(300_00)]);

    it('when the booker buys the car, then PurchaseStarted records the booking and its deposit', () => {
      expect(started.last[0]).toMatchObject({
        type: 'PurchaseStarted',
        data: { fromBookingId: '88', bookingDeposit: { paymentId: 'dep-88', amount: eur(300_00) } },
      });
    });

    it('when the booker buys the car, then the deposit counts as advance paid', () => {
      expect(purchaseSummary(started.state.context)).toMatchObject({
        bookingDeposit: eur(300_00),
        advancePaid: eur(300_00),
      });
    });
  });

  describe('given a 300 € booking deposit and cash chosen', () => {
    const cash = given(300_00, CASH);
    const asked = when(cash, PAY);
    const done = when(asked.state, paid('pay-1'));
    const cancelled = when(cash, { type: 'CancelPurchase', by: 'buyer', reason: 'changed my mind' });

    it('when the buyer pays, then only the 200 € left of the 500 € advance is asked', () => {
      expect(asked.last).toEqual([
        expect.objectContaining({
          type: 'AdvancePaymentRequested',
          data: expect.objectContaining({ amount: eur(200_00) }),
        }),
      ]);
    });

    it('when the 200 € are paid, then the purchase is confirmed', () => {
      expect(types(done.last)).toEqual(['PaymentSucceeded', 'PurchaseConfirmed']);
    });

    it('when the 200 € are paid, then the 500 € advance is paid and the rest due at delivery', () => {
      expect(done.last[1]).toMatchObject({
        data: { advancePaid: eur(500_00), balanceAtDelivery: eur(CAR_PRICE - 500_00) },
      });
    });

    it('when the buyer cancels, then the deposit is refunded before the purchase ends', () => {
      expect(cancelled.last).toEqual([
        {
          type: 'DepositRefunded',
          data: { paymentId: 'dep-88', amount: eur(300_00), reason: 'purchase_cancelled' },
        },
        expect.objectContaining({ type: 'PurchaseCancelled' }),
      ]);
    });

    it('when the buyer cancels, then nothing counts as paid any more', () => {
      expect(purchaseSummary(cancelled.state.context).advancePaid).toEqual(eur(0));
    });
  });

  describe('given a booking deposit covering the 500 € advance and cash chosen', () => {
    const state = given(500_00, CASH);
    const confirmed = when(state, PAY);

    it('then the advance payment step is next', () => {
      expect(currentStep(state)).toBe('advance-payment');
    });

    it('when the buyer pays, then PurchaseConfirmed at once, nothing more to pay', () => {
      expect(types(confirmed.last)).toEqual(['PurchaseConfirmed']);
    });

    it('when the buyer pays, then the deposit is the advance paid', () => {
      expect(confirmed.last[0]).toMatchObject({ data: { advancePaid: eur(500_00) } });
    });

    it('when the buyer pays, then the purchase is confirmed', () => {
      expect(purchaseStatus(confirmed.state)).toBe('confirmed');
    });
  });

  describe('given a 300 € booking deposit and a checkout in flight', () => {
    const withdrawn = when(given(300_00, CASH, PAY), {
      type: 'LoseHold',
      holdId: 'booking-hold',
      reason: 'car_withdrawn',
    });

    it('when the car is withdrawn, then the checkout is voided and the deposit refunded', () => {
      expect(types(withdrawn.last)).toEqual(['AdvancePaymentVoided', 'DepositRefunded', 'HoldLost']);
    });

    it('when the car is withdrawn, then the deposit is refunded as the hold was lost', () => {
      expect(withdrawn.last[1]).toMatchObject({ data: { paymentId: 'dep-88', reason: 'hold_lost' } });
    });
  });

  describe('given a 300 € booking deposit and a finance applied for', () => {
    const applied = given(300_00, FINANCE, { type: 'ApplyForFinance' });
    const declined = when(applied, decision(applied, 'declined'));

    it('when the finance is declined, then no deposit is refunded', () => {
      expect(types(declined.last)).not.toContain('DepositRefunded');
    });

    it('when the finance is declined, then the deposit is kept', () => {
      expect(purchaseSummary(declined.state.context).bookingDeposit).toEqual(eur(300_00));
    });

    it('when the finance is declined, then funding is due again (only cash remains)', () => {
      expect(currentStep(declined.state)).toBe('funding');
    });
  });

  describe('given no deposit (a free booking) and cash chosen', () => {
    it('when the booker pays, then the full advance is asked', () => {
      const { last } = when(given(null, CASH), PAY);
      expect(last[0]).toMatchObject({ data: { amount: eur(500_00) } });
    });
  });
});
