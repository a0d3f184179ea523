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

const expire = { type: 'ExpireBooking', holdId: 'booking-501' } as const;

describe('booking: form and contact check', () => {
  describe('given no booking (bookingId 0)', () => {
    const submitted = drive([start('fr', '501')]);

    it('then the form shows', () => {
      expect(view(initialBookingState())).toEqual({ state: 'form', screen: 'car_booking_form' });
    });

    it('when the form is submitted, then BookingStarted with the market terms', () => {
      expect(submitted.last).toEqual([
        { type: 'BookingStarted', data: { bookingId: '501', carId: '101', locale: 'fr', terms: FREE } },
      ]);
    });

    it('when the form is submitted, then the contact check shows', () => {
      expect(view(submitted.state)).toEqual({ state: 'contactCheck', screen: 'car_booking_check_contact' });
    });
  });

  describe('given the contact check', () => {
    const checked = drive([start(), contact('cus-9')]);

    it('when the buyer signs up (or signs in), then ContactChecked with the customer id only', () => {
      expect(checked.last).toEqual([
        { type: 'ContactChecked', data: { customerId: 'cus-9', method: 'signed_up' } },
      ]);
    });

    it('when the contact is submitted again (a double submit), then nothing', () => {
      expect(when(checked.state, contact('cus-9')[0]).last).toEqual([]);
    });

    it('when the buyer signs up, then the car is being held, the contact check still showing', () => {
      expect(view(checked.state)).toEqual({ state: 'holding', screen: 'car_booking_check_contact' });
    });
  });
});

describe('booking: hold (free market)', () => {
  describe('given the contact checked', () => {
    const holding = drive([start('fr'), contact()]).state;
    const held = drive([placeHold(hoursAfter(48))], holding);
    const refused = when(
      holding,
      { type: 'PlaceHold' },
      { slot: { taken: true }, hold: { held: false, reason: 'held' } },
    );
    const limit = when(
      holding,
      { type: 'PlaceHold' },
      { slot: { taken: false, limit: 2, activeBookingIds: ['401', '402'] } },
    );

    it('when a slot is taken and the car held, then BookingHeld with no paid end (free)', () => {
      expect(held.last).toEqual([
        { type: 'BookingHeld', data: { holdId: 'booking-501', until: hoursAfter(48), paidUntil: null } },
      ]);
    });

    it('when the car is held, then the ok page', () => {
      expect(view(held.state)).toEqual({ state: 'confirmed', screen: 'car_book_ok' });
    });

    it('when the car is held, then the booking is active', () => {
      expect(isActiveBooking(held.state)).toBe(true);
    });

    it('when the hold is asked again after it was held (a retried request), then nothing', () => {
      expect(when(held.state, { type: 'PlaceHold' }).last).toEqual([]);
    });

    it('when the car is taken by someone else, then BookingHoldRefused', () => {
      expect(refused.last).toEqual([{ type: 'BookingHoldRefused', data: { reason: 'held' } }]);
    });

    it('when the car is taken by someone else, then the ko page', () => {
      expect(view(refused.state)).toEqual({ state: 'ko', screen: 'car_book_ko' });
    });

    it('when the car is taken by someone else, then the booking is finished: nothing is allowed', () => {
      expect(refused.state.status).toBe('done');
      expect(allowedCommands(refused.state)).toEqual([]);
    });

    it('when the customer already has 2 active bookings, then BookingLimitReached naming them', () => {
      expect(limit.last).toEqual([
        { type: 'BookingLimitReached', data: { limit: 2, activeBookingIds: ['401', '402'] } },
      ]);
    });

    it('when the customer already has 2 active bookings, then the limit page', () => {
      expect(view(limit.state)).toEqual({ state: 'limit', screen: 'car_booking_limit' });
    });

    it('when the customer already has 2 active bookings, then this booking is not active', () => {
      expect(isActiveBooking(limit.state)).toBe(false);
    });
  });
});

describe('booking: deposit (pl: 1 000 zł, 30 minutes to pay, then 72 h)', () => {
  describe('given the car held for the payment window', () => {
    const held = awaitingDeposit();

    it('then held until the window ends, and until its end plus 72 h once paid', () => {
      expect(held.context.hold).toEqual({
        holdId: 'booking-501',
        until: hoursAfter(0.5),
        paidUntil: hoursAfter(72.5),
      });
    });

    it('then the deposit is awaited on the contact check screen', () => {
      expect(view(held)).toEqual({ state: 'awaitingDeposit', screen: 'car_booking_check_contact' });
    });

    it('when the deposit is asked, then DepositPaymentRequested for 1 000 zł', () => {
      expect(when(held, ...askDeposit('pay-1')).last).toEqual([
        {
          type: 'DepositPaymentRequested',
          data: { paymentId: 'pay-1', amount: { amount: 100_000, currency: 'PLN' } },
        },
      ]);
    });

    it('when a checkout for another amount is asked, then 409', () => {
      expect(
        refusal(
          held,
          { type: 'RequestDepositPayment' },
          { payment: { paymentId: 'p', amount: { amount: 1, currency: 'PLN' } } },
        ),
      ).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given the deposit asked (a payment in flight)', () => {
    const paying = when(awaitingDeposit(), ...askDeposit('pay-1')).state;
    const paidNow = when(paying, paid('pay-1')[0]);
    const ko = when(paying, failed('pay-1')[0]);

    it('when it is paid, then DepositPaid', () => {
      expect(paidNow.last).toEqual([{ type: 'DepositPaid', data: { paymentId: 'pay-1' } }]);
    });

    it('when it is paid, then confirmed: the ok page', () => {
      expect(view(paidNow.state)).toEqual({ state: 'confirmed', screen: 'car_book_ok' });
    });

    it('when it is paid, then held until the window end plus 72 h', () => {
      expect(paidNow.state.context.hold?.until).toBe(hoursAfter(72.5));
    });

    it('when the payment fails, then DepositPaymentFailed', () => {
      expect(ko.last).toEqual([
        { type: 'DepositPaymentFailed', data: { paymentId: 'pay-1', reason: 'declined' } },
      ]);
    });

    it('when the payment fails, then the payment ko page', () => {
      expect(view(ko.state)).toEqual({ state: 'paymentKo', screen: 'car_book_payment_ko' });
    });

    it('when the buyer cancels, then 409 naming what is allowed (wait for the payment)', () => {
      const error = refusal(paying, { type: 'CancelBooking', by: 'buyer', reason: 'changed_mind' });
      expect(error).toBeInstanceOf(IllegalStateError);
      expect(error.details).toEqual({
        funnel: 'booking',
        command: 'CancelBooking',
        state: 'paying',
        allowed: ['RecordDepositPayment', 'ExpireBooking', 'ExtendBookingHold', 'ReleaseBookingHold'],
      });
    });

    it('when the answer is about another payment, then 409', () => {
      expect(refusal(paying, paid('pay-0')[0])).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given the deposit paid', () => {
    it('when the webhook is replayed, then nothing', () => {
      expect(when(confirmedPaid(), paid('pay-1')[0]).last).toEqual([]);
    });
  });

  describe('given the deposit payment failed', () => {
    const ko = drive([askDeposit('pay-1'), failed('pay-1')], awaitingDeposit()).state;

    it('when the failure is replayed, then nothing', () => {
      expect(when(ko, failed('pay-1')[0]).last).toEqual([]);
    });

    it('then the buyer may pay again, or it expires, is cancelled or converted', () => {
      const allowed = allowedCommands(ko);
      expect(allowed).toEqual([
        'RequestDepositPayment',
        'ExpireBooking',
        'CancelBooking',
        'ExtendBookingHold',
        'ReleaseBookingHold',
        'ConvertBooking',
      ]);
    });

    it('when the buyer pays again and it succeeds, then confirmed', () => {
      expect(stateOf(drive([askDeposit('pay-2'), paid('pay-2')], ko).state)).toBe('confirmed');
    });
  });

  describe('given a free market (fr) booking confirmed', () => {
    it('when a deposit is asked, then 409 (nothing to pay)', () => {
      expect(refusal(confirmedFree(), ...askDeposit())).toBeInstanceOf(IllegalStateError);
    });
  });
});

describe('booking: expiry', () => {
  describe('given a confirmed free booking', () => {
    const expired = when(confirmedFree(), expire);

    it('when its hold expires, then BookingExpired', () => {
      expect(expired.last).toEqual([{ type: 'BookingExpired', data: { holdId: 'booking-501' } }]);
    });

    it('when its hold expires, then expired: the ko page', () => {
      expect(view(expired.state)).toEqual({ state: 'expired', screen: 'car_book_ko' });
    });

    it('when another hold expires, then nothing', () => {
      expect(when(confirmedFree(), { ...expire, holdId: 'booking-000' }).last).toEqual([]);
    });
  });

  describe('given a free booking expired', () => {
    it('when the timer fires again, then nothing', () => {
      expect(when(when(confirmedFree(), expire).state, expire).last).toEqual([]);
    });
  });

  describe('given a paid deposit', () => {
    const refundedAtOnce = when(confirmedPaid(), expire, { refund: { refundId: 'ref-1' } });
    const refunding = when(confirmedPaid(), expire).state;

    it('when the hold expires, refunded at once, then BookingExpired and DepositRefunded', () => {
      expect(refundedAtOnce.last).toEqual([
        { type: 'BookingExpired', data: { holdId: 'booking-501' } },
        { type: 'DepositRefunded', data: { paymentId: 'pay-1', refundId: 'ref-1', amount: DEPOSIT.deposit } },
      ]);
    });

    it('when the hold expires, refunded at once, then expired', () => {
      expect(stateOf(refundedAtOnce.state)).toBe('expired');
    });

    it('when the hold expires and the refund comes later, then refunding: the ko page', () => {
      expect(view(refunding)).toEqual({ state: 'refunding', screen: 'car_book_ko' });
    });

    it('when the hold expires and the refund comes later, then only the refund can be recorded', () => {
      expect(allowedCommands(refunding)).toEqual(['RecordDepositRefund', 'RefundDeposit']);
    });
  });

  describe('given a paid deposit expired, its refund to come', () => {
    const refunding = when(confirmedPaid(), expire).state;
    const refund = { type: 'RecordDepositRefund', paymentId: 'pay-1', refundId: 'ref-1' } as const;
    const done = when(refunding, refund);

    it('when the refund is recorded, then expired', () => {
      expect(stateOf(done.state)).toBe('expired');
    });

    it('when the refund is recorded again, then nothing', () => {
      expect(when(done.state, refund).last).toEqual([]);
    });
  });

  describe('given a hold won but not recorded (a crash)', () => {
    it('when its timer ends it, then the booking expires instead of waiting forever', () => {
      const holding = drive([start(), contact()]).state;
      expect(stateOf(when(holding, expire).state)).toBe('expired');
    });
  });

  describe('given a deposit checkout and the hold expired', () => {
    it('when the deposit is paid, then 409 (the handler refunds that payment)', () => {
      const paying = when(awaitingDeposit(), ...askDeposit()).state;
      const expired = when(paying, expire).state;
      expect(refusal(expired, paid()[0])).toBeInstanceOf(IllegalStateError);
    });
  });
});

describe('booking: cancellation', () => {
  const cancel = { type: 'CancelBooking', by: 'buyer', reason: 'bought_elsewhere' } as const;

  describe('given a free booking', () => {
    const cancelled = when(confirmedFree(), cancel);

    it('when the buyer cancels, then cancelled: the ko page', () => {
      expect(view(cancelled.state)).toEqual({ state: 'cancelled', screen: 'car_book_ko' });
    });

    it('when the buyer cancels, then BookingCancelled and nothing to refund', () => {
      expect(cancelled.last).toEqual([
        { type: 'BookingCancelled', data: { by: 'buyer', reason: 'bought_elsewhere' } },
      ]);
    });

    it('when the buyer cancels twice, then the second decides nothing', () => {
      expect(when(cancelled.state, cancel).last).toEqual([]);
    });
  });

  describe('given a paid deposit', () => {
    const cancelled = when(
      confirmedPaid(),
      { type: 'CancelBooking', by: 'staff', reason: 'car_unavailable' },
      { refund: { refundId: 'ref-2' } },
    );

    it('when staff cancel, then BookingCancelled and the deposit refunded (compensating event)', () => {
      expect(cancelled.last.map((e) => e.type)).toEqual(['BookingCancelled', 'DepositRefunded']);
    });

    it('when staff cancel, then who cancelled and the refund are kept', () => {
      expect(cancelled.state.context).toMatchObject({ cancelledBy: 'staff', refund: { refundId: 'ref-2' } });
    });

    it('when staff cancel, then cancelled', () => {
      expect(stateOf(cancelled.state)).toBe('cancelled');
    });
  });

  describe('given the contact check not yet passed', () => {
    it('when the buyer gives up, then cancelled', () => {
      const { state } = when(drive([start()]).state, { type: 'CancelBooking', by: 'buyer', reason: 'other' });
      expect(stateOf(state)).toBe('cancelled');
    });
  });
});

describe('booking: conversion into a purchase', () => {
  const convert = {
    type: 'ConvertBooking',
    purchaseId: '9001',
    customerId: 'cus-1',
    holdId: 'purchase-9001',
  } as const;

  describe('given a paid booking', () => {
    const converted = when(confirmedPaid(), convert);

    it('when its buyer starts the purchase, then BookingConverted with the deposit that counts', () => {
      expect(converted.last).toEqual([
        {
          type: 'BookingConverted',
          data: {
            deposit: { paymentId: 'pay-1', amount: DEPOSIT.deposit },
            purchaseId: '9001',
            holdId: 'purchase-9001',
          },
        },
      ]);
    });

    it('when its buyer starts the purchase, then converted: the ok page', () => {
      expect(view(converted.state)).toEqual({ state: 'converted', screen: 'car_book_ok' });
    });

    it('when it is converted again to that purchase, then nothing', () => {
      expect(when(converted.state, convert).last).toEqual([]);
    });
  });

  describe('given a free booking', () => {
    it('when converted, then no deposit', () => {
      expect(when(confirmedFree(), convert).last[0]).toMatchObject({ data: { deposit: null } });
    });

    it('when converted by another customer, then an illegal state', () => {
      expect(refusal(confirmedFree(), { ...convert, customerId: 'cus-2' })).toBeInstanceOf(IllegalStateError);
    });
  });
});

describe('booking: refusals and inputs', () => {
  describe('given the form', () => {
    it('when the contact is confirmed, then 409 naming StartBooking', () => {
      const error = refusal(initialBookingState(), contact()[0]);
      expect(error.message).toBe(
        'ConfirmContact is not allowed while the booking is form; allowed now: StartBooking',
      );
    });

    it('when it is started at a time that is not one, then a validation error', () => {
      expect(() =>
        decideBooking(start()[0], initialBookingState(), { at: 'now', bookingId: '1', terms: FREE }),
      ).toThrow(ValidationError);
    });

    it('when it is started with a fact the handler forgot, then a plain error (a bug, not the buyer)', () => {
      expect(() => decideBooking(start()[0], initialBookingState(), { at: T0 })).toThrow(
        'the fact "bookingId" is missing',
      );
    });
  });

  describe('given a finished booking', () => {
    it('when anything is asked, then 409: nothing is allowed', () => {
      const done = when(confirmedFree(), { type: 'CancelBooking', by: 'buyer', reason: 'other' }).state;
      expect(refusal(done, ...askDeposit()).message).toMatch(/allowed now: nothing \(it is finished\)$/);
    });
  });

  describe('given a malformed command', () => {
    it('when parsed at the edge, then a validation error per field', () => {
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
  });
});

describe('booking: what is allowed now', () => {
  const states = {
    form: initialBookingState(),
    contactCheck: drive([start()]).state,
    holding: drive([start(), contact()]).state,
    awaitingDeposit: awaitingDeposit(),
    paying: when(awaitingDeposit(), ...askDeposit()).state,
    confirmed: confirmedFree(),
  };

  it('given a booking in each state, then the commands allowed there', () => {
    expect(Object.fromEntries(Object.entries(states).map(([k, s]) => [k, allowedCommands(s)]))).toEqual({
      form: ['StartBooking'],
      contactCheck: ['ConfirmContact', 'CancelBooking'],
      holding: ['PlaceHold', 'ExpireBooking', 'CancelBooking'],
      awaitingDeposit: [
        'RequestDepositPayment',
        'ExpireBooking',
        'CancelBooking',
        'ExtendBookingHold',
        'ReleaseBookingHold',
        'ConvertBooking',
      ],
      paying: ['RecordDepositPayment', 'ExpireBooking', 'ExtendBookingHold', 'ReleaseBookingHold'],
      confirmed: [
        'ExpireBooking',
        'CancelBooking',
        'ExtendBookingHold',
        'ReleaseBookingHold',
        'ConvertBooking',
      ],
    });
  });
});

describe('booking: snapshots', () => {
  describe('given a deposit booking paying again after a failed payment', () => {
    const live = replayBooking(
      drive([start('pl'), contact(), placeHold(hoursAfter(0.5)), askDeposit(), failed(), askDeposit('pay-2')])
        .all,
    );
    const restored = restoreBooking(JSON.parse(JSON.stringify(persistBooking(live))));

    it('when persisted as JSON and restored, then the same state as the replayed one', () => {
      expect(persistBooking(restored)).toEqual(persistBooking(live));
    });

    it('when persisted as JSON and restored, then the same commands are allowed', () => {
      expect(allowedCommands(restored)).toEqual(allowedCommands(live));
    });
  });
});

describe('booking: staff commands', () => {
  const extend = (minutes: number) => ({ type: 'ExtendBookingHold', minutes }) as const;
  const release = (reason: 'released' | 'car_withdrawn' = 'released', holdId = 'booking-501') =>
    ({ type: 'ReleaseBookingHold', holdId, reason }) as const;
  const refundDeposit = { type: 'RefundDeposit' } as const;

  describe('given a free booking confirmed (held 48 h)', () => {
    it('when staff extend the hold by 90 minutes, then BookingHoldExtended 90 minutes later', () => {
      expect(when(confirmedFree(), extend(90)).last).toEqual([
        {
          type: 'BookingHoldExtended',
          data: {
            holdId: 'booking-501',
            until: new Date(Date.parse(hoursAfter(48)) + 90 * 60_000).toISOString(),
          },
        },
      ]);
    });

    it('when staff extend the hold, then it stays confirmed and may be extended again', () => {
      const extended = when(confirmedFree(), extend(60)).state;
      expect(view(extended)).toEqual({ state: 'confirmed', screen: 'car_book_ok' });
      expect(allowedCommands(extended)).toContain('ExtendBookingHold');
    });

    it('when its end has passed and the timer has not fired, then the extension counts from now', () => {
      const late = hoursAfter(50);
      const { last } = when(confirmedFree(), extend(30), {}, late);
      expect(last[0]).toMatchObject({
        data: { until: new Date(Date.parse(late) + 30 * 60_000).toISOString() },
      });
    });

    it('when staff release the hold, then BookingHoldReleased and the booking ends as expired', () => {
      const released = when(confirmedFree(), release());
      expect(released.last).toEqual([
        { type: 'BookingHoldReleased', data: { holdId: 'booking-501', reason: 'released' } },
      ]);
      expect(view(released.state)).toEqual({ state: 'expired', screen: 'car_book_ko' });
      expect(released.state.context).toMatchObject({ ending: 'expired', released: 'released' });
    });

    it('when the release is heard again or names another hold, then nothing', () => {
      const released = when(confirmedFree(), release('car_withdrawn')).state;
      expect(when(released, release('car_withdrawn')).last).toEqual([]);
      expect(when(confirmedFree(), release('released', 'booking-0')).last).toEqual([]);
    });

    it('when staff refund a deposit, then 409: there is none', () => {
      expect(
        refusal(confirmedFree(), refundDeposit, { refund: { refundId: 'ref-1' } }).details,
      ).toMatchObject({
        command: 'RefundDeposit',
        state: 'confirmed',
      });
    });
  });

  describe('given a deposit booking in its payment window', () => {
    it('when staff extend the hold, then the paid end is never sooner than the extension', () => {
      const extended = when(awaitingDeposit(), extend(1440)).state;
      const { hold } = extended.context;
      expect(hold!.until).toBe(new Date(Date.parse(hoursAfter(0.5)) + 1440 * 60_000).toISOString());
      expect(Date.parse(hold!.paidUntil!)).toBeGreaterThanOrEqual(Date.parse(hold!.until));
    });

    it('when staff release the hold with the payment in flight, then it expires (a late payment is refunded)', () => {
      const paying = when(awaitingDeposit(), ...askDeposit()).state;
      expect(stateOf(when(paying, release()).state)).toBe('expired');
    });
  });

  describe('given a paid deposit', () => {
    it('when staff release the hold, refunded at once, then BookingHoldReleased and DepositRefunded', () => {
      const released = when(confirmedPaid(), release('car_withdrawn'), { refund: { refundId: 'ref-1' } });
      expect(released.last).toEqual([
        { type: 'BookingHoldReleased', data: { holdId: 'booking-501', reason: 'car_withdrawn' } },
        { type: 'DepositRefunded', data: { paymentId: 'pay-1', refundId: 'ref-1', amount: DEPOSIT.deposit } },
      ]);
      expect(stateOf(released.state)).toBe('expired');
    });

    it('when the booking is still running, then staff cannot refund its deposit (409)', () => {
      expect(refusal(confirmedPaid(), refundDeposit, { refund: { refundId: 'ref-1' } })).toBeInstanceOf(
        IllegalStateError,
      );
    });
  });

  describe('given a paid deposit whose booking ended owing it (refunding)', () => {
    const refunding = when(confirmedPaid(), { type: 'CancelBooking', by: 'staff', reason: 'other' }).state;

    it('when staff refund the deposit, then DepositRefunded in full and the booking is cancelled', () => {
      const refunded = when(refunding, refundDeposit, { refund: { refundId: 'ref-9' } });
      expect(refunded.last).toEqual([
        { type: 'DepositRefunded', data: { paymentId: 'pay-1', refundId: 'ref-9', amount: DEPOSIT.deposit } },
      ]);
      expect(stateOf(refunded.state)).toBe('cancelled');
    });

    it('when staff refund it again afterwards, then 409 with nothing allowed', () => {
      const refunded = when(refunding, refundDeposit, { refund: { refundId: 'ref-9' } }).state;
      expect(refusal(refunded, refundDeposit, { refund: { refundId: 'ref-9' } }).details).toMatchObject({
        allowed: [],
      });
    });

    it('when the hold is extended or released, then 409 or nothing: the booking has ended', () => {
      expect(refusal(refunding, extend(60))).toBeInstanceOf(IllegalStateError);
      expect(when(refunding, release()).last).toEqual([]);
    });
  });
});
