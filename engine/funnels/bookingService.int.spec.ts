/**
 * The booking service on a real database (DATABASE_URL, or the embedded PGlite): free booking and
 * booking with a deposit (paid, failed and paid again, cancelled with its refund), the booking limit
 * (enforced by the customer's ledger stream), a car held by someone else (ko), expiry by the hold's
 * timer (with the deposit refunded), idempotent starts, and a booked car bought by its booker (the hold
 * passes to the purchase, the booking converts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLedgerStream } from '../../domain/booking/ledger.ts';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { carStream } from '../../domain/catalogue/car.ts';
import { IllegalStateError, NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import {
  as,
  buyer,
  type FunnelHarness,
  openFunnelHarness,
  staff,
  streamTypes,
  visitor,
} from './testing/funnelHarness.ts';

describe('booking service', () => {
  let h: FunnelHarness;
  const used = new Set<string>();
  beforeAll(async () => {
    h = await openFunnelHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const freshCar = (country: 'FR' | 'DE' | 'PL' = 'FR'): CarFacts => {
    const car = h.cars[country].find((c) => !used.has(c.carId));
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };

  it('given a signed-in buyer in a free market, when they book, then the car is held 48 h and the booking ok', async () => {
    const b = h.funnels.bookings;
    const customerId = await h.customer('free');
    const car = freshCar();
    const view = await b.start({ carId: car.carId, locale: 'fr' }, as(buyer(customerId)));
    expect(view).toMatchObject({
      state: 'confirmed',
      screen: 'car_book_ok',
      active: true,
      customerId,
      hold: { holdId: `booking-${view.bookingId}`, paidUntil: null },
    });
    expect(Date.parse(view.hold!.until) - h.now().getTime()).toBe(48 * 3_600_000);
    expect(await streamTypes(h.store, carStream(car.carId))).toEqual(['CarListed', 'CarHeld']);
    expect(await streamTypes(h.store, bookingLedgerStream(customerId))).toEqual(['BookingSlotTaken']);
    expect((await b.timeline(view.bookingId)).map((e) => e.type)).toEqual([
      'BookingStarted',
      'ContactChecked',
      'BookingHeld',
    ]);
  });

  it('given a visitor, when the contact check passes after signing up, then the car is held in the same request', async () => {
    const b = h.funnels.bookings;
    const started = await b.start({ carId: freshCar().carId, locale: 'fr' }, as(visitor('v-book')));
    expect(started).toMatchObject({ state: 'contactCheck', screen: 'car_booking_check_contact' });
    await expect(b.get(started.bookingId, visitor('v-other'))).rejects.toBeInstanceOf(NotFoundError);
    const customerId = await h.customer('booker');
    const me: Actor = { kind: 'buyer', customerId, visitorId: 'v-book' };
    const view = await b.confirmContact(started.bookingId, { method: 'signed_up' }, as(me));
    expect(view).toMatchObject({ state: 'confirmed', screen: 'car_book_ok' });
    await expect(b.get(started.bookingId, visitor('v-book'))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given a deposit market, when the deposit fails then is paid, then the hold runs from the window’s end; a cancellation refunds it once and frees the car', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('deposit'));
    const car = freshCar('DE');
    let view = await b.start({ carId: car.carId, locale: 'de' }, as(me));
    expect(view).toMatchObject({
      state: 'awaitingDeposit',
      terms: { deposit: { amount: 30_000, currency: 'EUR' } },
    });
    const first = await b.requestDepositPayment(view.bookingId, as(me));
    expect(first.checkoutUrl).toMatch(/^https:\/\/shop\.test\/sandbox\/checkout\/dep_/);
    await h.sandbox.complete(first.booking.payment!.paymentId, 'failed');
    view = await b.get(view.bookingId, me);
    expect(view).toMatchObject({ state: 'paymentKo', screen: 'car_book_payment_ko' });
    const second = await b.requestDepositPayment(view.bookingId, as(me));
    const paymentId = second.booking.payment!.paymentId;
    await h.sandbox.complete(paymentId, 'succeeded');
    view = await b.get(view.bookingId, me);
    expect(view).toMatchObject({ state: 'confirmed', depositPaid: true });
    expect(view.hold!.until).toBe(view.hold!.paidUntil);
    expect(await streamTypes(h.store, carStream(car.carId))).toContain('CarHoldExtended');
    const cancel = as(me);
    view = await b.cancel(view.bookingId, {}, cancel);
    expect(view).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'buyer',
      refund: { refundId: expect.any(String) },
    });
    await b.cancel(view.bookingId, {}, cancel);
    const payment = await h.sandbox.get(paymentId);
    expect(payment).toMatchObject({ refunded: { amount: 30_000, currency: 'EUR' } });
    expect(payment!.refunds).toHaveLength(1);
    expect((await streamTypes(h.store, carStream(car.carId))).at(-1)).toBe('CarHoldReleased');
  });

  it('given a customer with two active bookings, when they book a third car, then the limit page and no hold', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('collector'));
    await b.start({ carId: freshCar().carId, locale: 'fr' }, as(me));
    await b.start({ carId: freshCar().carId, locale: 'fr' }, as(me));
    const third = freshCar();
    const view = await b.start({ carId: third.carId, locale: 'fr' }, as(me));
    expect(view).toMatchObject({ state: 'limit', screen: 'car_booking_limit', limit: { limit: 2 } });
    expect(view.limit!.activeBookingIds).toHaveLength(2);
    expect(await streamTypes(h.store, carStream(third.carId))).toEqual(['CarListed']);
  });

  it('given two bookings placed at once by one customer with one slot left, then exactly one takes it', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('racer'));
    await b.start({ carId: freshCar().carId, locale: 'fr' }, as(me));
    const views = await Promise.all(
      [freshCar(), freshCar()].map((car) => b.start({ carId: car.carId, locale: 'fr' }, as(me))),
    );
    expect(views.map((v) => v.state).sort()).toEqual(['confirmed', 'limit']);
  });

  it('given a car held by another booking, then ko; the hold’s timer then expires the first booking and frees its slot', async () => {
    const b = h.funnels.bookings;
    const first = buyer(await h.customer('first'));
    const car = freshCar();
    const held = await b.start({ carId: car.carId, locale: 'fr' }, as(first));
    const other = await b.start({ carId: car.carId, locale: 'fr' }, as(buyer(await h.customer('second'))));
    expect(other).toMatchObject({ state: 'ko', screen: 'car_book_ko', refusal: 'held' });
    h.advance(48 * 60 + 1);
    await h.timers.fireDue();
    const expired = await b.get(held.bookingId, first);
    expect(expired).toMatchObject({ state: 'expired', active: false });
    expect(
      (await streamTypes(h.store, bookingLedgerStream(first.kind === 'buyer' ? first.customerId! : ''))).at(
        -1,
      ),
    ).toBe('BookingSlotFreed');
    expect((await streamTypes(h.store, carStream(car.carId))).at(-1)).toBe('CarHoldReleased');
  });

  it('given a paid deposit, when the hold expires, then the booking expires and the deposit is refunded', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('expiring'));
    const started = await b.start({ carId: freshCar('PL').carId, locale: 'pl' }, as(me));
    const { booking } = await b.requestDepositPayment(started.bookingId, as(me));
    await h.sandbox.complete(booking.payment!.paymentId, 'succeeded');
    h.advance(30 + 72 * 60 + 1);
    await h.timers.fireDue();
    const view = await b.get(started.bookingId, me);
    expect(view).toMatchObject({
      state: 'expired',
      depositPaid: true,
      refund: { refundId: expect.any(String) },
    });
    expect(await h.sandbox.get(booking.payment!.paymentId)).toMatchObject({
      refunded: { amount: 100_000, currency: 'PLN' },
    });
  });

  // A deposit paid in the instant between the expiry and the cancel is refunded: checkoutCancel.int.spec.ts.
  it('given a deposit tried after the payment window lapsed and the car expired, then exactly one outcome: expired and the checkout cancelled', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('too-late'));
    const started = await b.start({ carId: freshCar('DE').carId, locale: 'de' }, as(me));
    const { booking } = await b.requestDepositPayment(started.bookingId, as(me));
    h.advance(31);
    await h.timers.fireDue();
    await h.sandbox.complete(booking.payment!.paymentId, 'succeeded');
    const view = await b.get(started.bookingId, me);
    expect(view).toMatchObject({ state: 'expired', depositPaid: false });
    expect(await h.sandbox.get(booking.payment!.paymentId)).toMatchObject({
      status: 'cancelled',
      refunded: { amount: 0 },
    });
  });

  it('given the same start twice, then one booking; staff may cancel with a reason', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('twice'));
    const key = as(me);
    const car = freshCar();
    const [a, c] = await Promise.all([
      b.start({ carId: car.carId, locale: 'fr' }, key),
      b.start({ carId: car.carId, locale: 'fr' }, key),
    ]);
    expect(c.bookingId).toBe(a.bookingId);
    expect(await streamTypes(h.store, carStream(car.carId))).toEqual(['CarListed', 'CarHeld']);
    const view = await b.cancel(a.bookingId, { reason: 'customer_request' }, as(staff));
    expect(view).toMatchObject({ state: 'cancelled', cancelledBy: 'staff' });
  });

  it('given a booked car, when its booker buys it, then the hold passes to the purchase and the booking converts', async () => {
    const me = buyer(await h.customer('convert'));
    const car = freshCar();
    const booked = await h.funnels.bookings.start({ carId: car.carId, locale: 'fr' }, as(me));
    const stranger = buyer(await h.customer('stranger'));
    await expect(
      h.funnels.purchases.start(
        { carId: car.carId, locale: 'fr', fromBookingId: booked.bookingId },
        as(stranger),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    const purchase = await h.funnels.purchases.start(
      { carId: car.carId, locale: 'fr', fromBookingId: booked.bookingId },
      as(me),
    );
    expect(purchase).toMatchObject({
      status: 'in-progress',
      fromBookingId: booked.bookingId,
      step: 'my-infos',
    });
    expect(await streamTypes(h.store, carStream(car.carId))).toEqual([
      'CarListed',
      'CarHeld',
      'CarHoldTransferred',
    ]);
    const booking = await h.funnels.bookings.get(booked.bookingId, me);
    expect(booking).toMatchObject({ state: 'converted', purchaseId: purchase.purchaseId, active: false });
    expect((await streamTypes(h.store, bookingLedgerStream(booking.customerId!))).at(-1)).toBe(
      'BookingSlotFreed',
    );
    await expect(
      h.funnels.purchases.start({ carId: car.carId, locale: 'fr', fromBookingId: booked.bookingId }, as(me)),
    ).rejects.toBeInstanceOf(IllegalStateError);
  });

  it('given a paid booking deposit, when its booker buys the car, then the deposit counts toward the advance; cancelling refunds it once', async () => {
    const me = buyer(await h.customer('convert-deposit'));
    const car = freshCar('DE');
    const booked = await h.funnels.bookings.start({ carId: car.carId, locale: 'de' }, as(me));
    const checkout = await h.funnels.bookings.requestDepositPayment(booked.bookingId, as(me));
    const depositId = checkout.booking.payment!.paymentId;
    await h.sandbox.complete(depositId, 'succeeded');
    const input = { carId: car.carId, locale: 'de' as const, fromBookingId: booked.bookingId };
    const purchase = await h.funnels.purchases.start(input, as(me));
    expect(purchase.summary).toMatchObject({
      bookingDeposit: { amount: 300_00, currency: 'EUR' },
      advancePaid: { amount: 300_00 },
    });
    const booking = await h.funnels.bookings.get(booked.bookingId, me);
    expect(booking).toMatchObject({ state: 'converted', depositPaid: true });
    const cancelled = await h.funnels.purchases.cancel(
      purchase.purchaseId,
      { reason: 'changed my mind' },
      as(me),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.summary.advancePaid.amount).toBe(0);
    // Retried: nothing more is refunded.
    await h.funnels.purchases
      .cancel(purchase.purchaseId, { reason: 'changed my mind' }, as(me))
      .catch(() => {});
    const atProvider = await h.sandbox.get(depositId);
    expect(atProvider!.refunds).toHaveLength(1);
    expect(atProvider!.refunded.amount).toBe(300_00);
  });
});
