/** The booking screens' steps: which apply under a market's terms, which one each state is at, its title. */
import { describe, expect, it } from 'vitest';
import { BOOKING_POLICY } from '../../../domain/booking/bookingPolicy.ts';
import type { BookingStateName } from '../../../domain/booking/bookingState.ts';
import type { BookingJson } from '../../api/bookingTypes.ts';
import { bookingSteps, callOf, screenTitle, stepOf } from './bookingSteps.ts';
import { frBooking as m } from './messages/fr.ts';

const booking = (state: BookingStateName, extra: Partial<BookingJson> = {}) =>
  ({ state, ending: null, links: { page: '/', calls: [] }, ...extra }) as unknown as BookingJson;

describe('booking steps', () => {
  it('given a free market, then no deposit step; given Poland, then one', () => {
    expect(bookingSteps(BOOKING_POLICY.fr)).toEqual(['form', 'contact', 'outcome']);
    expect(bookingSteps(BOOKING_POLICY.pl)).toEqual(['form', 'contact', 'deposit', 'outcome']);
  });

  it.each([
    [null, 'form'],
    ['contactCheck', 'contact'],
    ['holding', 'contact'],
    ['limit', 'contact'],
    ['awaitingDeposit', 'deposit'],
    ['paying', 'deposit'],
    ['paymentKo', 'deposit'],
    ['confirmed', 'outcome'],
    ['converted', 'outcome'],
    ['ko', 'outcome'],
    ['expired', 'outcome'],
    ['cancelled', 'outcome'],
    ['refunding', 'outcome'],
  ] as const)('given the state %s, then the step %s', (state, step) => {
    expect(stepOf(state)).toBe(step);
  });

  it('titles each screen by its state; a refund under way says how the booking ended', () => {
    expect(screenTitle(m, null)).toBe(m.start.title);
    expect(screenTitle(m, booking('confirmed'))).toBe(m.ok.title);
    expect(screenTitle(m, booking('paymentKo'))).toBe(m.paymentKo.title);
    expect(screenTitle(m, booking('refunding', { ending: 'expired' }))).toBe(m.ko.expiredTitle);
    expect(screenTitle(m, booking('refunding', { ending: 'cancelled' }))).toBe(m.ko.cancelledTitle);
  });

  it('finds where a command allowed now is posted, and nothing for one that is not', () => {
    const held = booking('confirmed', {
      links: { page: '/ok', calls: [{ command: 'CancelBooking', method: 'POST', path: '/form/7' }] },
    });
    expect(callOf(held, 'CancelBooking')).toBe('/form/7');
    expect(callOf(held, 'RequestDepositPayment')).toBeUndefined();
  });
});
