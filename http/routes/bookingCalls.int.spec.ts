/**
 * The booking funnel over HTTP through the whole app on a real database: a free booking (fr) by a
 * signed-in buyer and by a visitor through the contact check, a deposit booking (de) paid at the sandbox
 * checkout (and a failed payment paid again), cancelling, the booking limit page, the booked car bought
 * by its booker, the finance simulation, and the errors.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStream } from '../../domain/booking/events.ts';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { streamTypes } from '../../engine/funnels/testing/funnelHarness.ts';
import { type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

/** A whole flow over HTTP takes seconds, and minutes on a loaded machine. */
const FLOW = 240_000;

describe('booking calls', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  beforeAll(async () => {
    t = await openFunnelTestApp();
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const freshCar = (country: 'FR' | 'DE' = 'FR'): CarFacts => {
    const car = t.h.cars[country].find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const BUY = { FR: '/fr/acheter/reserver', DE: '/de/kaufen/reservieren' } as const;
  const bookForm = (car: CarFacts, bookingId: string | number = 0) =>
    `${car.country === 'DE' ? BUY.DE : BUY.FR}-${car.carId}/${carSlug(car)}/${bookingId}`;
  /** The JSON answer of an expected status (any: the assertions check it). */
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };

  it(
    'given a signed-in buyer, when they book a car (fr, free), then it is held at once and the ok page shows it',
    async () => {
      const b = t.browser();
      await b.signUp('free@example.test');
      const car = freshCar();
      const started = ok(await b.post(bookForm(car)), 201);
      const id = started.bookingId;
      expect(started).toMatchObject({
        state: 'confirmed',
        screen: 'car_book_ok',
        active: true,
        depositPaid: false,
      });
      expect(started.terms).toMatchObject({ deposit: null, holdHours: 48, maxActiveBookings: 2 });
      expect(started.links.page).toBe(`/fr/acheter/reserver/confirmation-${car.carId}/${carSlug(car)}/${id}`);
      expect(ok(await b.get(started.links.page))).toMatchObject({ bookingId: id, state: 'confirmed' });
      // The form of the car and of the booking: the buyer's booking; posting the form again resumes it.
      expect(ok(await b.get(bookForm(car)))).toMatchObject({
        car: { availability: 'reserved' },
        booking: { bookingId: id },
      });
      expect(ok(await b.get(bookForm(car, id))).booking.bookingId).toBe(id);
      expect(ok(await b.post(bookForm(car))).bookingId).toBe(id);

      // The booker buys the car: the purchase takes over the booking's hold.
      const purchase = ok(await b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`), 201);
      expect(purchase).toMatchObject({ status: 'in-progress', fromBookingId: id });
      expect(ok(await b.get(bookForm(car, id))).booking).toMatchObject({
        state: 'converted',
        purchaseId: purchase.purchaseId,
      });
    },
    FLOW,
  );

  it(
    'given a visitor, when they book, sign up and confirm the contact check, then the car is held',
    async () => {
      const b = t.browser();
      const car = freshCar();
      const started = ok(await b.post(bookForm(car), { action: 'start' }), 201);
      expect(started).toMatchObject({
        state: 'contactCheck',
        screen: 'car_booking_check_contact',
        customerId: null,
      });
      expect(started.links.page).toBe(
        `/fr/acheter/reserver/verification-contact-${car.carId}/${started.bookingId}`,
      );
      const notYet = await b.post(started.links.page, {});
      expect(notYet.statusCode).toBe(400);
      expect(notYet.json().fields).toHaveProperty('customerId');
      const signedUp = await b.post('/fr/acheter/ajax-booking/login/sign-up', {
        email: 'visitor-booking@example.test',
        password: 'a long enough passphrase',
        firstName: 'Vera',
        lastName: 'Visitor',
        consents: { terms: true },
      });
      expect(signedUp.statusCode).toBe(201);
      const checked = ok(
        await b.post(
          started.links.page,
          { method: 'signed_up' },
          { 'x-csrf-token': signedUp.json().csrfToken },
        ),
      );
      expect(checked).toMatchObject({
        bookingId: started.bookingId,
        state: 'confirmed',
        screen: 'car_book_ok',
      });
      expect(ok(await b.get(started.links.page)).booking.state).toBe('confirmed');
    },
    FLOW,
  );

  it(
    'given Germany (a refundable deposit), when the buyer pays at the sandbox, then the booking is confirmed; a failure first shows payment-ko',
    async () => {
      const b = t.browser();
      await b.signUp('deposit@example.test', 'de');
      const car = freshCar('DE');
      const started = ok(await b.post(bookForm(car)), 201);
      const id = started.bookingId;
      expect(started).toMatchObject({
        state: 'awaitingDeposit',
        terms: { deposit: { amount: 30_000, currency: 'EUR' } },
        allowedCommands: expect.arrayContaining(['RequestDepositPayment']),
      });
      expect(started.links.calls).toContainEqual({
        command: 'RequestDepositPayment',
        method: 'POST',
        path: bookForm(car, id),
      });

      const first = ok(await b.post(bookForm(car, id), { action: 'pay-deposit' }));
      expect(first).toMatchObject({ state: 'paying', payment: { amount: { amount: 30_000 } } });
      const failed = ok(await b.get(new URL(await b.checkout(first.checkoutUrl, 'fail')).pathname));
      expect(failed).toMatchObject({ state: 'paymentKo', screen: 'car_book_payment_ko' });
      expect(failed.links.page).toBe(
        `/de/kaufen/reservieren/zahlung-fehlgeschlagen-${car.carId}/${carSlug(car)}/${id}`,
      );

      const second = ok(await b.post(bookForm(car, id), { action: 'pay-deposit' }));
      expect(second.checkoutUrl).not.toBe(first.checkoutUrl);
      const paid = ok(await b.get(new URL(await b.checkout(second.checkoutUrl)).pathname));
      expect(paid).toMatchObject({ state: 'confirmed', screen: 'car_book_ok', depositPaid: true });
      expect(Date.parse(paid.hold.until) - t.h.now().getTime()).toBeGreaterThan(72 * 3_600_000);

      const cancelled = ok(await b.post(bookForm(car, id), { action: 'cancel', reason: 'bought_elsewhere' }));
      expect(cancelled).toMatchObject({
        state: 'cancelled',
        screen: 'car_book_ko',
        refund: { refundId: expect.any(String) },
      });
      expect(await streamTypes(t.h.store, bookingStream(id))).toEqual([
        'BookingStarted',
        'ContactChecked',
        'BookingHeld',
        'DepositPaymentRequested',
        'DepositPaymentFailed',
        'DepositPaymentRequested',
        'DepositPaid',
        'BookingCancelled',
        'DepositRefunded',
      ]);
    },
    FLOW,
  );

  it(
    'given a buyer with two active bookings, when they book a third car, then the limit page lists the two',
    async () => {
      const b = t.browser();
      await b.signUp('limit@example.test');
      const [one, two, three] = [freshCar(), freshCar(), freshCar()];
      const ids = [
        ok(await b.post(bookForm(one)), 201).bookingId,
        ok(await b.post(bookForm(two)), 201).bookingId,
      ];
      const third = ok(await b.post(bookForm(three)), 201);
      expect(third).toMatchObject({ state: 'limit', screen: 'car_booking_limit', active: false });
      expect(third.limit.activeBookingIds).toEqual(ids);
      const limitPage = `/fr/acheter/reserver/limite-${three.carId}/${carSlug(three)}`;
      expect(third.links.page).toBe(limitPage);
      const page = ok(await b.get(limitPage));
      expect(page).toMatchObject({ car: { carId: three.carId, availability: 'available' }, limit: 2 });
      expect(page.activeBookings.map((booking: { bookingId: string }) => booking.bookingId)).toEqual(ids);
    },
    FLOW,
  );

  it(
    'given a booking, then its finance simulation is on the car’s price, and another buyer gets 404 everywhere',
    async () => {
      const owner = t.browser();
      await owner.signUp('owner-booking@example.test');
      const car = freshCar();
      const { bookingId: id } = ok(await owner.post(bookForm(car)), 201);
      const funding = ok(await owner.get(`/fr/acheter/connect/ajax/bookingFunding/${id}?durationMonths=48`));
      expect(funding.simulation).toMatchObject({ durationMonths: 48, price: car.price });
      expect(funding.simulation.monthly.amount).toBeGreaterThan(0);
      expect(
        (await owner.get(`/fr/acheter/connect/ajax/bookingFunding/${id}?durationMonths=50`)).statusCode,
      ).toBe(400);

      const stranger = t.browser();
      await stranger.signUp('stranger-booking@example.test');
      for (const url of [
        bookForm(car, id),
        `/fr/acheter/connect/ajax/bookingFunding/${id}`,
        `/fr/acheter/reserver/confirmation-${car.carId}/${carSlug(car)}/${id}`,
      ]) {
        expect((await stranger.get(url)).statusCode, url).toBe(404);
      }
      expect((await stranger.post(bookForm(car, id), { action: 'cancel' })).statusCode).toBe(404);
      // The stranger's own booking of the held car: ko.
      const theirs = ok(await stranger.post(bookForm(car)), 201);
      expect(theirs).toMatchObject({ state: 'ko', screen: 'car_book_ko', refusal: 'held' });
      expect(ok(await owner.get(bookForm(car, id))).booking.state).toBe('confirmed');
    },
    FLOW,
  );

  it(
    'given bad input or a command the booking does not take, then 400 with fields or 409 with what is allowed, nothing written',
    async () => {
      const b = t.browser();
      await b.signUp('errors-booking@example.test');
      const car = freshCar();
      const bad = await b.post(bookForm(car), { action: 'reserve' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('body.action');
      const { bookingId: id } = ok(
        await b.post(bookForm(car), undefined, { 'idempotency-key': 'book-once' }),
        201,
      );
      // The same key again while the booking exists: the same booking.
      expect(
        ok(await b.post(bookForm(car, 0), undefined, { 'idempotency-key': 'book-once' })).bookingId,
      ).toBe(id);
      const before = await streamTypes(t.h.store, bookingStream(id));
      const deposit = await b.post(bookForm(car, id), { action: 'pay-deposit' });
      expect(deposit.statusCode).toBe(409);
      expect(deposit.json()).toMatchObject({
        error: 'illegal_state',
        allowed: expect.arrayContaining(['CancelBooking']),
      });
      expect((await b.get(`${BUY.FR}-${car.carId}/${carSlug(car)}/abc`)).statusCode).toBe(404);
      expect((await b.get(`${BUY.FR}-999999/${carSlug(car)}/0`)).statusCode).toBe(404);
      expect(await streamTypes(t.h.store, bookingStream(id))).toEqual(before);
    },
    FLOW,
  );
});
