import { describe, expect, it } from 'vitest';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { validate } from '../validate.ts';
import { cancelPayment, completePayment, newPaymentSchema, type Payment, refundPayment } from './payment.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const pending: Payment = {
  paymentId: 'pay-1',
  amount: eur(50_000),
  description: 'Advance payment',
  successUrl: 'https://shop.test/ok',
  failureUrl: 'https://shop.test/ko',
  metadata: { purchaseId: '42' },
  status: 'pending',
  refunded: eur(0),
  refunds: [],
  createdAt: '2030-01-01T10:00:00.000Z',
  completedAt: null,
  cancellationReason: null,
};
const paid = completePayment(pending, 'succeeded', '2030-01-01T10:05:00.000Z');

describe('payment', () => {
  it('given a pending payment, when the buyer pays, then it has succeeded at that time', () => {
    expect(paid).toMatchObject({ status: 'succeeded', completedAt: '2030-01-01T10:05:00.000Z' });
  });

  it('given a succeeded payment, when it succeeds again (double click), then nothing changes; failing it is illegal', () => {
    expect(completePayment(paid, 'succeeded', '2030-01-01T11:00:00.000Z')).toBe(paid);
    expect(() => completePayment(paid, 'failed', '2030-01-01T11:00:00.000Z')).toThrow(IllegalStateError);
  });

  it('given a succeeded payment, when part of it is refunded twice, then the refunds add up to at most the amount', () => {
    const once = refundPayment(paid, {
      refundId: 'r1',
      amount: eur(20_000),
      reason: 'finance_declined',
      at: '2030-01-02T00:00:00.000Z',
    });
    const twice = refundPayment(once, {
      refundId: 'r2',
      amount: eur(30_000),
      reason: 'cancelled_by_buyer',
      at: '2030-01-03T00:00:00.000Z',
    });
    expect(twice.refunded).toEqual(eur(50_000));
    expect(twice.refunds.map((r) => r.refundId)).toEqual(['r1', 'r2']);
    expect(() =>
      refundPayment(twice, {
        refundId: 'r3',
        amount: eur(1),
        reason: 'other',
        at: '2030-01-04T00:00:00.000Z',
      }),
    ).toThrow(/amount: is more than the 0 minor units left/);
  });

  it('given a pending or failed payment, when it is refunded, then it is an illegal state', () => {
    const refund = {
      refundId: 'r1',
      amount: eur(1),
      reason: 'other' as const,
      at: '2030-01-02T00:00:00.000Z',
    };
    expect(() => refundPayment(pending, refund)).toThrow(IllegalStateError);
    expect(() =>
      refundPayment(completePayment(pending, 'failed', '2030-01-01T10:01:00.000Z'), refund),
    ).toThrow(IllegalStateError);
  });

  it('given a refund in the wrong currency or of nothing, then it is a validation error on the amount', () => {
    expect(() =>
      refundPayment(paid, {
        refundId: 'r',
        amount: { amount: 1, currency: 'PLN' },
        reason: 'other',
        at: 'x',
      }),
    ).toThrow(ValidationError);
    expect(() => refundPayment(paid, { refundId: 'r', amount: eur(0), reason: 'other', at: 'x' })).toThrow(
      /amount/,
    );
  });

  it('given a pending payment, when the app cancels its checkout, then it is cancelled at that time with the reason', () => {
    const cancelled = cancelPayment(pending, '2030-01-01T10:07:00.000Z', 'buyer_went_back');
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      completedAt: '2030-01-01T10:07:00.000Z',
      cancellationReason: 'buyer_went_back',
    });
    expect(cancelPayment(pending, '2030-01-01T10:07:00.000Z').cancellationReason).toBeNull();
    expect(pending.status).toBe('pending');
  });

  it('given a cancelled payment, when it is cancelled again, then it is answered unchanged (the first reason stays)', () => {
    const cancelled = cancelPayment(pending, '2030-01-01T10:07:00.000Z', 'buyer_went_back');
    expect(cancelPayment(cancelled, '2030-01-01T11:00:00.000Z', 'hold_lost')).toBe(cancelled);
  });

  it('given a succeeded or failed payment, when its checkout is cancelled, then it is an illegal state', () => {
    const failed = completePayment(pending, 'failed', '2030-01-01T10:01:00.000Z');
    expect(() => cancelPayment(paid, '2030-01-01T11:00:00.000Z')).toThrow(IllegalStateError);
    expect(() => cancelPayment(failed, '2030-01-01T11:00:00.000Z')).toThrow(/has already failed/);
  });

  it('given a cancelled payment, when the buyer pays or fails on the old page, then it is an illegal state; refunding it too', () => {
    const cancelled = cancelPayment(pending, '2030-01-01T10:07:00.000Z');
    expect(() => completePayment(cancelled, 'succeeded', '2030-01-01T11:00:00.000Z')).toThrow(
      IllegalStateError,
    );
    expect(() => completePayment(cancelled, 'failed', '2030-01-01T11:00:00.000Z')).toThrow(IllegalStateError);
    expect(() =>
      refundPayment(cancelled, { refundId: 'r', amount: eur(1), reason: 'other', at: 'x' }),
    ).toThrow(IllegalStateError);
  });

  it('given a new payment with bad fields, then each is named', () => {
    try {
      validate(newPaymentSchema, {
        paymentId: 'a b',
        amount: eur(0),
        description: '',
        successUrl: 'javascript:alert(1)',
        failureUrl: 'https://x.test',
        metadata: { 'bad key': 'v' },
      });
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual(
        ['amount.amount', 'description', 'metadata.bad key', 'paymentId', 'successUrl'].sort(),
      );
    }
  });
});
