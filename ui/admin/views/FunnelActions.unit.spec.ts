/**
 * The Actions panel offers only the staff commands of the funnel's kind that it allows now, in a steady
 * order, and only to the roles that may act.
 */
import { describe, expect, it } from 'vitest';
import { mayActOnFunnels, offeredCommands } from './FunnelActions.tsx';

describe('the detail pages’ actions', () => {
  it('offers the staff commands the funnel allows now, of its kind, in a steady order', () => {
    const allowed = ['ExtendHold', 'PassAccountStep', 'CancelPurchase', 'LoseHold', 'CancelBooking'];
    expect(offeredCommands('purchases', allowed)).toEqual(['CancelPurchase', 'LoseHold', 'ExtendHold']);
    expect(offeredCommands('bookings', allowed)).toEqual(['CancelBooking']);
    expect(offeredCommands('purchases', [])).toEqual([]);
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
