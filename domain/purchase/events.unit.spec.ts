import { describe, expect, it } from 'vitest';
import { type PurchaseEvent, upcastPurchaseEvent } from './events.ts';

describe('stored purchase events', () => {
  describe('given events of machine versions 1–2, with reasons in kebab-case', () => {
    const money = { amount: 500_00, currency: 'EUR' } as const;
    const old = [
      { type: 'HoldLost', data: { holdId: 'purchase-1', reason: 'car-withdrawn' } },
      { type: 'AdvancePaymentVoided', data: { paymentId: 'pay-1', reason: 'buyer-went-back' } },
      { type: 'DepositRefunded', data: { paymentId: 'pay-1', amount: money, reason: 'funding-voided' } },
    ] as unknown as PurchaseEvent[];

    it('when read, then their reasons are today’s snake_case values', () => {
      expect(old.map((e) => (upcastPurchaseEvent(e).data as { reason: string }).reason)).toEqual([
        'car_withdrawn',
        'buyer_went_back',
        'funding_voided',
      ]);
    });

    it('when read, then everything else is kept, and today’s events come back as they are', () => {
      const [lost] = old;
      expect(upcastPurchaseEvent(lost!)).toEqual({
        type: 'HoldLost',
        data: { holdId: 'purchase-1', reason: 'car_withdrawn' },
      });
      const today: PurchaseEvent = { type: 'HoldLost', data: { holdId: 'h', reason: 'expired' } };
      expect(upcastPurchaseEvent(today)).toBe(today);
    });
  });
});
