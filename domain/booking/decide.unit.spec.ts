import { describe, expect, it } from 'vitest';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { validate } from '../validate.ts';
import { allowedCommands } from './allowedCommands.ts';
import {
  type BookingSnapshot,
  initialBookingState,
  persistBooking,
  replayBooking,
  restoreBooking,
  stateOf,
} from './bookingState.ts';
import { BOOKING_COMMAND_SCHEMAS, type BookingCommand } from './commands.ts';
import { decideBooking } from './decide.ts';
import { currentScreen, isActiveBooking } from './screens.ts';
import {
  askDeposit,
  awaitingDeposit,
  confirmedFree,
  confirmedPaid,
  contact,
  DEPOSIT,
  drive,
  FREE,
  failed,
  hoursAfter,
  paid,
  placeHold,
  start,
  T0,
} from './testing/bookingFixtures.ts';

const when = (state: BookingSnapshot, command: BookingCommand, facts = {}, at = T0) =>
  drive([[command, facts, at]], state);
const refusal = (state: BookingSnapshot, command: BookingCommand, facts = {}) => {
  try {
    when(state, command, facts);
  } catch (error) {
    return error as IllegalStateError;
  }
  throw new Error('expected a refusal');
};
const view = (state: BookingSnapshot) => ({ state: stateOf(state), screen: currentScreen(state) });

describe('booking: form and contact check', () => {
  it('given no booking (bookingId 0, the form), when the form is submitted, then BookingStarted with the market terms, and the contact check shows', () => {
    expect(view(initialBookingState())).toEqual({ state: 'form', screen: 'car_booking_form' });
    const { last, state } = drive([start('fr', '501')]);
    expect(last).toEqual([
      { type: 'BookingStarted', data: { bookingId: '501', carId: '101', locale: 'fr', terms: FREE } },
    ]);
    expect(view(state)).toEqual({ state: 'contactCheck', screen: 'car_booking_check_contact' });
  });

  it('given the contact check, when the buyer signs up (or signs in), then ContactChecked with the customer id only', () => {
    const { last, state } = drive([start(), contact('cus-9')]);
    expect(last).toEqual([{ type: 'ContactChecked', data: { customerId: 'cus-9', method: 'signed_up' } }]);
    expect(view(state)).toEqual({ state: 'holding', screen: 'car_booking_check_contact' });
    expect(when(state, contact('cus-9')[0]).last).toEqual([]); // a double submit
  });
});

describe('booking: hold (free market)', () => {
  it('given the contact checked, when a slot is taken and the car held, then BookingHeld and the ok page', () => {
    const { last, state } = drive([start('fr'), contact(), placeHold(hoursAfter(48))]);
    expect(last).toEqual([
      { type: 'BookingHeld', data: { holdId: 'booking-501', until: hoursAfter(48), paidUntil: null } },
    ]);
    expect(view(state)).toEqual({ state: 'confirmed', screen: 'car_book_ok' });
    expect(isActiveBooking(state)).toBe(true);
    expect(when(state, { type: 'PlaceHold' }).last).toEqual([]); // a retried request
  });

  it('given the contact checked, when the car is taken by someone else, then BookingHoldRefused and the ko page (finished)', () => {
    const holding = drive([start(), contact()]).state;
    const { last, state } = when(
      holding,
      { type: 'PlaceHold' },
      {
        slot: { taken: true },
        hold: { held: false, reason: 'held' },
      },
    );
    expect(last).toEqual([{ type: 'BookingHoldRefused', data: { reason: 'held' } }]);
    expect(view(state)).toEqual({ state: 'ko', screen: 'car_book_ko' });
    expect(state.status).toBe('done');
    expect(allowedCommands(state)).toEqual([]);
  });

  it('given the customer already has 2 active bookings, when a third is placed, then BookingLimitReached and the limit page', () => {
    const holding = drive([start(), contact()]).state;
    const { last, state } = when(
      holding,
      { type: 'PlaceHold' },
      {
        slot: { taken: false, limit: 2, activeBookingIds: ['401', '402'] },
      },
    );
    expect(last).toEqual([
      { type: 'BookingLimitReached', data: { limit: 2, activeBookingIds: ['401', '402'] } },
    ]);
    expect(view(state)).toEqual({ state: 'limit', screen: 'car_booking_limit' });
    expect(isActiveBooking(state)).toBe(false);
  });
});

describe('booking: deposit (pl: 1 000 zł, 30 minutes to pay, then 72 h)', () => {
  it('given the car held for the payment window, when the deposit is asked and paid, then confirmed until the window end plus 72 h', () => {
    const held = awaitingDeposit();
    expect(held.context.hold).toEqual({
      holdId: 'booking-501',
      until: hoursAfter(0.5),
      paidUntil: hoursAfter(72.5),
    });
    expect(view(held)).toEqual({ state: 'awaitingDeposit', screen: 'car_booking_check_contact' });
    const asked = when(held, ...askDeposit('pay-1'));
    expect(asked.last).toEqual([
      {
        type: 'DepositPaymentRequested',
        data: { paymentId: 'pay-1', amount: { amount: 100_000, currency: 'PLN' } },
      },
    ]);
    const { last, state } = when(asked.state, paid('pay-1')[0]);
    expect(last).toEqual([{ type: 'DepositPaid', data: { paymentId: 'pay-1' } }]);
    expect(view(state)).toEqual({ state: 'confirmed', screen: 'car_book_ok' });
    expect(state.context.hold?.until).toBe(hoursAfter(72.5));
    expect(when(state, paid('pay-1')[0]).last).toEqual([]); // the webhook replayed
  });

  it('given the deposit checkout, when the payment fails, then payment ko; the buyer pays again and succeeds', () => {
    const ko = drive([askDeposit('pay-1'), failed('pay-1')], awaitingDeposit());
    expect(ko.last).toEqual([
      { type: 'DepositPaymentFailed', data: { paymentId: 'pay-1', reason: 'declined' } },
    ]);
    expect(view(ko.state)).toEqual({ state: 'paymentKo', screen: 'car_book_payment_ko' });
    expect(when(ko.state, failed('pay-1')[0]).last).toEqual([]); // the failure replayed
    expect(allowedCommands(ko.state)).toEqual([
      'RequestDepositPayment',
      'ExpireBooking',
      'CancelBooking',
      'ConvertBooking',
    ]);
    const again = drive([askDeposit('pay-2'), paid('pay-2')], ko.state);
    expect(stateOf(again.state)).toBe('confirmed');
  });

  it('given a payment in flight, when the buyer cancels, then 409 naming what is allowed (wait for the payment)', () => {
    const paying = when(awaitingDeposit(), ...askDeposit()).state;
    const error = refusal(paying, { type: 'CancelBooking', by: 'buyer', reason: 'changed_mind' });
    expect(error).toBeInstanceOf(IllegalStateError);
    expect(error.details).toEqual({
      funnel: 'booking',
      command: 'CancelBooking',
      state: 'paying',
      allowed: ['RecordDepositPayment', 'ExpireBooking'],
    });
  });

  it('given a payment in flight, when the answer is about another payment, then 409; a checkout for another amount is refused too', () => {
    const paying = when(awaitingDeposit(), ...askDeposit('pay-1')).state;
    expect(refusal(paying, paid('pay-0')[0])).toBeInstanceOf(IllegalStateError);
    expect(
      refusal(
        awaitingDeposit(),
        { type: 'RequestDepositPayment' },
        { payment: { paymentId: 'p', amount: { amount: 1, currency: 'PLN' } } },
      ),
    ).toBeInstanceOf(IllegalStateError);
  });

  it('given a free market, when a deposit is asked, then 409 (nothing to pay)', () => {
    expect(refusal(confirmedFree(), ...askDeposit())).toBeInstanceOf(IllegalStateError);
  });
});

describe('booking: expiry', () => {
  it('given a confirmed free booking, when its hold expires, then BookingExpired; the timer again or another hold decides nothing', () => {
    const expire = { type: 'ExpireBooking', holdId: 'booking-501' } as const;
    const { last, state } = when(confirmedFree(), expire);
    expect(last).toEqual([{ type: 'BookingExpired', data: { holdId: 'booking-501' } }]);
    expect(view(state)).toEqual({ state: 'expired', screen: 'car_book_ko' });
    expect(when(state, expire).last).toEqual([]);
    expect(when(confirmedFree(), { ...expire, holdId: 'booking-000' }).last).toEqual([]);
  });

  it('given a paid deposit, when the hold expires and the provider refunds at once, then BookingExpired and DepositRefunded', () => {
    const { last, state } = when(
      confirmedPaid(),
      { type: 'ExpireBooking', holdId: 'booking-501' },
      { refund: { refundId: 'ref-1' } },
    );
    expect(last).toEqual([
      { type: 'BookingExpired', data: { holdId: 'booking-501' } },
      { type: 'DepositRefunded', data: { paymentId: 'pay-1', refundId: 'ref-1', amount: DEPOSIT.deposit } },
    ]);
    expect(stateOf(state)).toBe('expired');
  });

  it('given a paid deposit, when the hold expires and the refund comes later, then refunding until the refund is recorded', () => {
    const refunding = when(confirmedPaid(), { type: 'ExpireBooking', holdId: 'booking-501' }).state;
    expect(view(refunding)).toEqual({ state: 'refunding', screen: 'car_book_ko' });
    expect(allowedCommands(refunding)).toEqual(['RecordDepositRefund']);
    const refund = { type: 'RecordDepositRefund', paymentId: 'pay-1', refundId: 'ref-1' } as const;
    const done = when(refunding, refund);
    expect(stateOf(done.state)).toBe('expired');
    expect(when(done.state, refund).last).toEqual([]);
  });

  it('given a hold won but not recorded (a crash), when its timer ends it, then the booking expires instead of waiting forever', () => {
    const holding = drive([start(), contact()]).state;
    expect(stateOf(when(holding, { type: 'ExpireBooking', holdId: 'booking-501' }).state)).toBe('expired');
  });

  it('given a deposit paid after the hold expired, then 409 (the handler refunds that payment)', () => {
    const paying = when(awaitingDeposit(), ...askDeposit()).state;
    const expired = when(paying, { type: 'ExpireBooking', holdId: 'booking-501' }).state;
    expect(refusal(expired, paid()[0])).toBeInstanceOf(IllegalStateError);
  });
});

describe('booking: cancellation', () => {
  it('given a free booking, when the buyer cancels, then BookingCancelled and nothing to refund; cancelling again decides nothing', () => {
    const cancel = { type: 'CancelBooking', by: 'buyer', reason: 'bought_elsewhere' } as const;
    const { last, state } = when(confirmedFree(), cancel);
    expect(last).toEqual([{ type: 'BookingCancelled', data: { by: 'buyer', reason: 'bought_elsewhere' } }]);
    expect(view(state)).toEqual({ state: 'cancelled', screen: 'car_book_ko' });
    expect(when(state, cancel).last).toEqual([]);
  });

  it('given a paid deposit, when staff cancel, then BookingCancelled and the deposit refunded (compensating event)', () => {
    const { last, state } = when(
      confirmedPaid(),
      { type: 'CancelBooking', by: 'staff', reason: 'car_unavailable' },
      { refund: { refundId: 'ref-2' } },
    );
    expect(last.map((e) => e.type)).toEqual(['BookingCancelled', 'DepositRefunded']);
    expect(state.context).toMatchObject({ cancelledBy: 'staff', refund: { refundId: 'ref-2' } });
    expect(stateOf(state)).toBe('cancelled');
  });

  it('given the contact check not yet passed, when the buyer gives up, then cancelled', () => {
    const { state } = when(drive([start()]).state, { type: 'CancelBooking', by: 'buyer', reason: 'other' });
    expect(stateOf(state)).toBe('cancelled');
  });
});

describe('booking: conversion into a purchase', () => {
  const convert = {
    type: 'ConvertBooking',
    purchaseId: '9001',
    customerId: 'cus-1',
    holdId: 'purchase-9001',
  } as const;

  it('given a paid booking, when its buyer starts the purchase, then BookingConverted with the deposit that counts toward it', () => {
    const { last, state } = when(confirmedPaid(), convert);
    expect(last).toEqual([
      {
        type: 'BookingConverted',
        data: {
          purchaseId: '9001',
          holdId: 'purchase-9001',
          deposit: { paymentId: 'pay-1', amount: DEPOSIT.deposit },
        },
      },
    ]);
    expect(view(state)).toEqual({ state: 'converted', screen: 'car_book_ok' });
    expect(when(state, convert).last).toEqual([]);
  });

  it('given a free booking, when converted, then no deposit; by another customer, then an illegal state', () => {
    expect(when(confirmedFree(), convert).last[0]).toMatchObject({ data: { deposit: null } });
    expect(refusal(confirmedFree(), { ...convert, customerId: 'cus-2' })).toBeInstanceOf(IllegalStateError);
  });
});

describe('booking: refusals and inputs', () => {
  it('given the form, when the contact is confirmed, then 409 naming StartBooking', () => {
    const error = refusal(initialBookingState(), contact()[0]);
    expect(error.message).toBe(
      'ConfirmContact is not allowed while the booking is form; allowed now: StartBooking',
    );
  });

  it('given a finished booking, when anything is asked, then 409: nothing is allowed', () => {
    const done = when(confirmedFree(), { type: 'CancelBooking', by: 'buyer', reason: 'other' }).state;
    expect(refusal(done, ...askDeposit()).message).toMatch(/allowed now: nothing \(it is finished\)$/);
  });

  it('given a malformed command, when parsed at the edge, then a validation error per field', () => {
    const bad = { type: 'StartBooking', carId: 'abc', locale: 'en' };
    let error: unknown;
    try {
      validate(BOOKING_COMMAND_SCHEMAS.StartBooking, bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual(['carId', 'locale']);
  });

  it('given a time that is not one, then a validation error', () => {
    expect(() =>
      decideBooking(start()[0], initialBookingState(), { at: 'now', bookingId: '1', terms: FREE }),
    ).toThrow(ValidationError);
  });

  it('given a fact the handler forgot, then a plain error (a bug, not the buyer)', () => {
    expect(() => decideBooking(start()[0], initialBookingState(), { at: T0 })).toThrow(
      'the fact "bookingId" is missing',
    );
  });

  it('the commands allowed in each state', () => {
    const states = {
      form: initialBookingState(),
      contactCheck: drive([start()]).state,
      holding: drive([start(), contact()]).state,
      awaitingDeposit: awaitingDeposit(),
      paying: when(awaitingDeposit(), ...askDeposit()).state,
      confirmed: confirmedFree(),
    };
    expect(Object.fromEntries(Object.entries(states).map(([k, s]) => [k, allowedCommands(s)]))).toEqual({
      form: ['StartBooking'],
      contactCheck: ['ConfirmContact', 'CancelBooking'],
      holding: ['PlaceHold', 'ExpireBooking', 'CancelBooking'],
      awaitingDeposit: ['RequestDepositPayment', 'ExpireBooking', 'CancelBooking', 'ConvertBooking'],
      paying: ['RecordDepositPayment', 'ExpireBooking'],
      confirmed: ['ExpireBooking', 'CancelBooking', 'ConvertBooking'],
    });
  });

  it('a snapshot persisted as JSON and restored is the same state as the replayed one', () => {
    const { all } = drive([
      start('pl'),
      contact(),
      placeHold(hoursAfter(0.5)),
      askDeposit(),
      failed(),
      askDeposit('pay-2'),
    ]);
    const live = replayBooking(all);
    const restored = restoreBooking(JSON.parse(JSON.stringify(persistBooking(live))));
    expect(persistBooking(restored)).toEqual(persistBooking(live));
    expect(allowedCommands(restored)).toEqual(allowedCommands(live));
  });
});
