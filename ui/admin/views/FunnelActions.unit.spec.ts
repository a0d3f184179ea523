/**
 * The Actions panel offers only the staff commands of the funnel's kind that it allows now, in a steady
 * order, and only to the roles that may act.
 */
import { describe, expect, it } from 'vitest';
import { validPrice } from './CarActions.tsx';
import { mayActOnFunnels, offeredCommands } from './FunnelActions.tsx';

describe('the detail pages’ actions', () => {
  it('offers the staff commands the funnel allows now, of its kind, in a steady order', () => {
    const allowed = ['ExtendHold', 'PassAccountStep', 'CancelPurchase', 'LoseHold', 'CancelBooking'];
    expect(offeredCommands('purchases', allowed)).toEqual(['CancelPurchase', 'LoseHold', 'ExtendHold']);
    expect(offeredCommands('bookings', allowed)).toEqual(['CancelBooking']);
    expect(offeredCommands('purchases', [])).toEqual([]);
    const booking = ['RefundDeposit', 'ExtendBookingHold', 'RecordDepositRefund', 'ReleaseBookingHold'];
    expect(offeredCommands('bookings', booking)).toEqual([
      'ReleaseBookingHold',
      'ExtendBookingHold',
      'RefundDeposit',
    ]);
    expect(offeredCommands('purchases', booking)).toEqual([]);
  });

  it('takes a car price in currency units with at most two decimals, more than 0', () => {
    for (const ok of ['24990', '24990,5', '24990.50', ' 1 ']) expect(validPrice(ok), ok).toBe(true);
    for (const bad of ['', '0', '0,00', '12.345', '1.000,00', '-5', 'abc'])
      expect(validPrice(bad), bad).toBe(false);
  });

  it('is for sales and admin, never analysts or content', () => {
    expect(mayActOnFunnels(['sales'])).toBe(true);
    expect(mayActOnFunnels(['admin'])).toBe(true);
    expect(mayActOnFunnels(['content', 'sales'])).toBe(true);
    expect(mayActOnFunnels(['analyst'])).toBe(false);
    expect(mayActOnFunnels(['content'])).toBe(false);
    expect(mayActOnFunnels([])).toBe(false);
  });
});
