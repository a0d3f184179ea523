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
import type { BookingView } from './bookingView.ts';
import type { PurchaseView } from './purchaseView.ts';
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

  /** A new signed-in buyer (`name`) who books a fresh car of `country` in `locale`. */
  async function booked(name: string, locale: 'fr' | 'de' | 'pl' = 'fr') {
    const me = buyer(await h.customer(name));
    const car = freshCar(locale === 'fr' ? 'FR' : locale === 'de' ? 'DE' : 'PL');
    const view = await h.funnels.bookings.start({ carId: car.carId, locale }, as(me));
    return { me, car, view, bookingId: view.bookingId };
  }
  /** That buyer's deposit checkout, paid (or not) at the sandbox; answers its payment id. */
  async function deposit(bookingId: string, me: Actor, outcome?: 'succeeded') {
    const { booking } = await h.funnels.bookings.requestDepositPayment(bookingId, as(me));
    const payment = booking.payment!;
    if (outcome) await h.sandbox.complete(payment.paymentId, outcome);
    return payment;
  }

  describe('given a signed-in buyer in a free market (fr)', () => {
    let customerId: string;
    let carEvents: string[];
    let ledger: string[];
    let timeline: string[];
    let view: BookingView;
    beforeAll(async () => {
      const b = h.funnels.bookings;
      customerId = await h.customer('free');
      const car = freshCar();
      view = await b.start({ carId: car.carId, locale: 'fr' }, as(buyer(customerId)));
      carEvents = await streamTypes(h.store, carStream(car.carId));
      ledger = await streamTypes(h.store, bookingLedgerStream(customerId));
      timeline = (await b.timeline(view.bookingId)).map((e) => e.type);
    });

    it('when they book, then the booking is ok and active, holding the car, free', () => {
      expect(view).toMatchObject({
        state: 'confirmed',
        screen: 'car_book_ok',
        active: true,
        customerId,
        hold: { holdId: `booking-${view.bookingId}`, paidUntil: null },
      });
    });

    it('when they book, then the car is held 48 h', () => {
      expect(Date.parse(view.hold!.until) - h.now().getTime()).toBe(48 * 3_600_000);
    });

    it('when they book, then the car’s stream records the hold', () => {
      expect(carEvents).toEqual(['CarListed', 'CarHeld']);
    });

    it('when they book, then the booking takes a slot on their ledger', () => {
      expect(ledger).toEqual(['BookingSlotTaken']);
    });

    it('when they book, then the booking is started, its contact checked and the car held', () => {
      expect(timeline).toEqual(['BookingStarted', 'ContactChecked', 'BookingHeld']);
    });
  });

  describe('given a visitor who starts a booking', () => {
    let started: BookingView;
    let confirmed: BookingView;
    beforeAll(async () => {
      const b = h.funnels.bookings;
      started = await b.start({ carId: freshCar().carId, locale: 'fr' }, as(visitor('v-book')));
      const customerId = await h.customer('booker');
      const me: Actor = { kind: 'buyer', customerId, visitorId: 'v-book' };
      confirmed = await b.confirmContact(started.bookingId, { method: 'signed_up' }, as(me));
    });

    it('when they start, then the contact check', () => {
      expect(started).toMatchObject({ state: 'contactCheck', screen: 'car_booking_check_contact' });
    });

    it('when another visitor reads it, then 404', async () => {
      await expect(h.funnels.bookings.get(started.bookingId, visitor('v-other'))).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('when the contact check passes after signing up, then the car is held in the same request', () => {
      expect(confirmed).toMatchObject({ state: 'confirmed', screen: 'car_book_ok' });
    });

    it('when they have signed up, then the visitor alone no longer reads it', async () => {
      await expect(h.funnels.bookings.get(started.bookingId, visitor('v-book'))).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });
  });

  describe('given a buyer in a deposit market (de)', () => {
    let car: CarFacts;
    let paymentId: string;
    const seen: Record<string, BookingView> = {};
    let checkoutUrl: string | null;
    let extended: string[];
    let released: string[];
    beforeAll(async () => {
      const b = h.funnels.bookings;
      const booking = await booked('deposit', 'de');
      const { me, bookingId } = booking;
      car = booking.car;
      seen.book = booking.view;
      const first = await b.requestDepositPayment(bookingId, as(me));
      checkoutUrl = first.checkoutUrl;
      await h.sandbox.complete(first.booking.payment!.paymentId, 'failed');
      seen['the payment fails'] = await b.get(bookingId, me);
      paymentId = (await deposit(bookingId, me, 'succeeded')).paymentId;
      seen['they pay again'] = await b.get(bookingId, me);
      extended = await streamTypes(h.store, carStream(car.carId));
      const cancel = as(me);
      seen.cancel = await b.cancel(bookingId, {}, cancel);
      await b.cancel(bookingId, {}, cancel);
      released = await streamTypes(h.store, carStream(car.carId));
    });

    it('when they book, then a 300 € deposit is awaited', () => {
      expect(seen.book).toMatchObject({
        state: 'awaitingDeposit',
        terms: { deposit: { amount: 30_000, currency: 'EUR' } },
      });
    });

    it('when they ask to pay the deposit, then a sandbox checkout', () => {
      expect(checkoutUrl).toMatch(/^https:\/\/shop\.test\/sandbox\/checkout\/dep_/);
    });

    it('when the payment fails, then payment ko', () => {
      expect(seen['the payment fails']).toMatchObject({ state: 'paymentKo', screen: 'car_book_payment_ko' });
    });

    it('when they pay again, then the booking is confirmed, its deposit paid', () => {
      expect(seen['they pay again']).toMatchObject({ state: 'confirmed', depositPaid: true });
    });

    it('when the deposit is paid, then the hold runs from the window’s end', () => {
      expect(seen['they pay again']!.hold!.until).toBe(seen['they pay again']!.hold!.paidUntil);
      expect(extended).toContain('CarHoldExtended');
    });

    it('when they cancel, then the booking is cancelled by them, with a refund', () => {
      expect(seen.cancel).toMatchObject({
        state: 'cancelled',
        cancelledBy: 'buyer',
        refund: { refundId: expect.any(String) },
      });
    });

    it('when they cancel twice, then the deposit is refunded once, in full', async () => {
      const payment = await h.sandbox.get(paymentId);
      expect(payment).toMatchObject({ refunded: { amount: 30_000, currency: 'EUR' } });
      expect(payment!.refunds).toHaveLength(1);
    });

    it('when they cancel, then the car is free again', () => {
      expect(released.at(-1)).toBe('CarHoldReleased');
    });
  });

  describe('given a customer with two active bookings', () => {
    let third: CarFacts;
    let view: BookingView;
    beforeAll(async () => {
      const b = h.funnels.bookings;
      const me = buyer(await h.customer('collector'));
      await b.start({ carId: freshCar().carId, locale: 'fr' }, as(me));
      await b.start({ carId: freshCar().carId, locale: 'fr' }, as(me));
      third = freshCar();
      view = await b.start({ carId: third.carId, locale: 'fr' }, as(me));
    });

    it('when they book a third car, then the limit page, naming the two bookings', () => {
      expect(view).toMatchObject({ state: 'limit', screen: 'car_booking_limit', limit: { limit: 2 } });
      expect(view.limit!.activeBookingIds).toHaveLength(2);
    });

    it('when they book a third car, then that car is not held', async () => {
      expect(await streamTypes(h.store, carStream(third.carId))).toEqual(['CarListed']);
    });
  });

  describe('given a customer with one booking slot left', () => {
    it('when two bookings are placed at once, then exactly one takes it', async () => {
      const b = h.funnels.bookings;
      const { me } = await booked('racer');
      const views = await Promise.all(
        [freshCar(), freshCar()].map((car) => b.start({ carId: car.carId, locale: 'fr' }, as(me))),
      );
      expect(views.map((v) => v.state).sort()).toEqual(['confirmed', 'limit']);
    });
  });

  describe('given a car booked by a first buyer', () => {
    let first: Awaited<ReturnType<typeof booked>>;
    let other: BookingView;
    beforeAll(async () => {
      first = await booked('first');
      const second = as(buyer(await h.customer('second')));
      other = await h.funnels.bookings.start({ carId: first.car.carId, locale: 'fr' }, second);
      h.advance(48 * 60 + 1);
      await h.timers.fireDue();
    });

    it('when a second buyer books it, then ko: the car is held', () => {
      expect(other).toMatchObject({ state: 'ko', screen: 'car_book_ko', refusal: 'held' });
    });

    it('when the hold’s timer fires, then the first booking expires', async () => {
      const expired = await h.funnels.bookings.get(first.bookingId, first.me);
      expect(expired).toMatchObject({ state: 'expired', active: false });
    });

    it('when the hold’s timer fires, then the first booking’s slot is freed', async () => {
      const customerId = first.me.kind === 'buyer' ? first.me.customerId! : '';
      expect((await streamTypes(h.store, bookingLedgerStream(customerId))).at(-1)).toBe('BookingSlotFreed');
    });

    it('when the hold’s timer fires, then the car is free again', async () => {
      expect((await streamTypes(h.store, carStream(first.car.carId))).at(-1)).toBe('CarHoldReleased');
    });
  });

  describe('given a paid deposit (pl)', () => {
    let paymentId: string;
    let view: BookingView;
    beforeAll(async () => {
      const { me, bookingId } = await booked('expiring', 'pl');
      paymentId = (await deposit(bookingId, me, 'succeeded')).paymentId;
      h.advance(30 + 72 * 60 + 1);
      await h.timers.fireDue();
      view = await h.funnels.bookings.get(bookingId, me);
    });

    it('when the hold expires, then the booking expires, its deposit refunded', () => {
      expect(view).toMatchObject({
        state: 'expired',
        depositPaid: true,
        refund: { refundId: expect.any(String) },
      });
    });

    it('when the hold expires, then the provider has refunded the 1 000 zł', async () => {
      expect(await h.sandbox.get(paymentId)).toMatchObject({
        refunded: { amount: 100_000, currency: 'PLN' },
      });
    });
  });

  // A deposit paid in the instant between the expiry and the cancel is refunded: checkoutCancel.int.spec.ts.
  describe('given a deposit checkout whose payment window lapsed (the booking expired)', () => {
    let paymentId: string;
    let view: BookingView;
    beforeAll(async () => {
      const { me, bookingId } = await booked('too-late', 'de');
      paymentId = (await deposit(bookingId, me)).paymentId;
      h.advance(31);
      await h.timers.fireDue();
      await h.sandbox.complete(paymentId, 'succeeded');
      view = await h.funnels.bookings.get(bookingId, me);
    });

    it('when the buyer pays, then the booking stays expired, with no deposit', () => {
      expect(view).toMatchObject({ state: 'expired', depositPaid: false });
    });

    it('when the buyer pays, then the checkout was cancelled: nothing taken', async () => {
      expect(await h.sandbox.get(paymentId)).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
    });
  });

  describe('given the same start sent twice at once, with one key', () => {
    let twice: { car: CarFacts; views: BookingView[] };
    beforeAll(async () => {
      const key = as(buyer(await h.customer('twice')));
      const car = freshCar();
      const start = () => h.funnels.bookings.start({ carId: car.carId, locale: 'fr' }, key);
      twice = { car, views: await Promise.all([start(), start()]) };
    });

    it('then one booking', () => {
      const [a, c] = twice.views;
      expect(c!.bookingId).toBe(a!.bookingId);
    });

    it('then one hold on the car', async () => {
      expect(await streamTypes(h.store, carStream(twice.car.carId))).toEqual(['CarListed', 'CarHeld']);
    });

    it('when staff cancel it with a reason, then it is cancelled by staff', async () => {
      const bookingId = twice.views[0]!.bookingId;
      const view = await h.funnels.bookings.cancel(bookingId, { reason: 'customer_request' }, as(staff));
      expect(view).toMatchObject({ state: 'cancelled', cancelledBy: 'staff' });
    });
  });

  describe('given a booked car', () => {
    let booking: Awaited<ReturnType<typeof booked>>;
    const fromBooking = () => ({
      carId: booking.car.carId,
      locale: 'fr' as const,
      fromBookingId: booking.bookingId,
    });
    beforeAll(async () => {
      booking = await booked('convert');
    });

    it('when a stranger buys it from the booking, then 404', async () => {
      const stranger = buyer(await h.customer('stranger'));
      await expect(h.funnels.purchases.start(fromBooking(), as(stranger))).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    describe('and its booker buying it', () => {
      let purchase: PurchaseView;
      let converted: BookingView;
      beforeAll(async () => {
        purchase = await h.funnels.purchases.start(fromBooking(), as(booking.me));
        converted = await h.funnels.bookings.get(booking.bookingId, booking.me);
      });

      it('then a purchase from the booking, at my-infos', () => {
        expect(purchase).toMatchObject({
          status: 'in-progress',
          fromBookingId: booking.bookingId,
          step: 'my-infos',
        });
      });

      it('then the hold passes to the purchase', async () => {
        expect(await streamTypes(h.store, carStream(booking.car.carId))).toEqual([
          'CarListed',
          'CarHeld',
          'CarHoldTransferred',
        ]);
      });

      it('then the booking converts into that purchase', () => {
        expect(converted).toMatchObject({
          state: 'converted',
          purchaseId: purchase.purchaseId,
          active: false,
        });
      });

      it('then the booking’s slot is freed', async () => {
        expect((await streamTypes(h.store, bookingLedgerStream(converted.customerId!))).at(-1)).toBe(
          'BookingSlotFreed',
        );
      });

      it('when they buy it from the booking again, then it is refused', async () => {
        await expect(h.funnels.purchases.start(fromBooking(), as(booking.me))).rejects.toBeInstanceOf(
          IllegalStateError,
        );
      });
    });
  });

  describe('given a paid booking deposit (de)', () => {
    let depositId: string;
    let purchase: PurchaseView;
    let converted: BookingView;
    let cancelled: PurchaseView;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const { me, car, bookingId } = await booked('convert-deposit', 'de');
      depositId = (await deposit(bookingId, me, 'succeeded')).paymentId;
      purchase = await p.start({ carId: car.carId, locale: 'de', fromBookingId: bookingId }, as(me));
      converted = await h.funnels.bookings.get(bookingId, me);
      cancelled = await p.cancel(purchase.purchaseId, { reason: 'changed my mind' }, as(me));
      // Retried: nothing more is refunded.
      await p.cancel(purchase.purchaseId, { reason: 'changed my mind' }, as(me)).catch(() => {});
    });

    it('when its booker buys the car, then the deposit counts toward the advance', () => {
      expect(purchase.summary).toMatchObject({
        bookingDeposit: { amount: 300_00, currency: 'EUR' },
        advancePaid: { amount: 300_00 },
      });
    });

    it('when its booker buys the car, then the booking converts with its deposit paid', () => {
      expect(converted).toMatchObject({ state: 'converted', depositPaid: true });
    });

    it('when they cancel the purchase, then it is cancelled', () => {
      expect(cancelled.status).toBe('cancelled');
    });

    it('when they cancel the purchase, then nothing counts as paid', () => {
      expect(cancelled.summary.advancePaid.amount).toBe(0);
    });

    it('when they cancel twice, then the deposit is refunded once, in full', async () => {
      const atProvider = await h.sandbox.get(depositId);
      expect(atProvider!.refunds).toHaveLength(1);
      expect(atProvider!.refunded.amount).toBe(300_00);
    });
  });
});
