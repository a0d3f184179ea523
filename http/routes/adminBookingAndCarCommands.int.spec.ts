/**
 * The back office's booking and car commands over the whole app on a real database: sales staff extend
 * and release a booking's hold and give back an owed deposit; they change a car's price and withdraw
 * it (the purchase holding it loses the car). Each with the staff actor and reason in the metadata; a
 * missing reason (400), a refused command (409 with what is allowed now), an unknown id (404), a retry
 * with the same Idempotency-Key.
 */

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStream } from '../../domain/booking/events.ts';
import { type CarFacts, carSlug, carStream } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const PASSWORD = 'correct horse battery';
const FLOW = 240_000;
const MINUTE = 60_000;

describe('staff commands on bookings and cars', () => {
  let t: FunnelTestApp;
  let sales: Buyer;
  let content: Buyer;
  let salesId: string;
  const used = new Set<string>();

  beforeAll(async () => {
    t = await openFunnelTestApp({ staff: true });
    const signIn = async (role: 'sales' | 'content') => {
      const account = await t.staffAccounts!.create({
        email: `${role}@example.test`,
        name: role,
        password: PASSWORD,
        roles: [role],
      });
      const b = t.browser();
      const answer = await b.post('/admin/api/session', {
        email: `${role}@example.test`,
        password: PASSWORD,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return { b, id: account.id };
    };
    ({ b: sales, id: salesId } = await signIn('sales'));
    ({ b: content } = await signIn('content'));
  }, FLOW);
  afterAll(async () => {
    await t?.close();
  });

  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const freshCar = (country: 'FR' | 'DE' = 'FR'): CarFacts => {
    const car = t.h.cars[country].find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const BUY = { FR: '/fr/acheter/reserver', DE: '/de/kaufen/reservieren' } as const;
  const bookForm = (car: CarFacts, bookingId: string | number = 0) =>
    `${car.country === 'DE' ? BUY.DE : BUY.FR}-${car.carId}/${carSlug(car)}/${bookingId}`;
  const stream = async (name: string) =>
    (await t.h.store.readStream(name)).map((e) => ({
      type: e.type,
      data: e.data as Record<string, unknown>,
      actor: (e.metadata as { actor?: unknown }).actor,
      reason: (e.metadata as { reason?: unknown }).reason,
    }));
  /** A signed-in buyer's free booking (fr), confirmed: the car held 48 h. */
  async function freeBooking() {
    const b = t.browser();
    const car = freshCar();
    await b.signUp(`booker-${car.carId}@example.test`);
    const started = ok(await b.post(bookForm(car)), 201);
    expect(started.state).toBe('confirmed');
    return { b, car, id: started.bookingId as string, until: started.hold.until as string };
  }
  /** A German booking whose 300 € deposit was paid at the sandbox. */
  async function paidBooking() {
    const b = t.browser();
    const car = freshCar('DE');
    await b.signUp(`payer-${car.carId}@example.test`, 'de');
    const { bookingId: id } = ok(await b.post(bookForm(car)), 201);
    const asked = ok(await b.post(bookForm(car, id), { action: 'pay-deposit' }));
    const paid = ok(await b.get(new URL(await b.checkout(asked.checkoutUrl)).pathname));
    expect(paid).toMatchObject({ state: 'confirmed', depositPaid: true });
    return { b, car, id: id as string, paymentId: paid.payment.paymentId as string };
  }

  describe('bookings', () => {
    it(
      'given a confirmed booking, when sales extend its hold twice with one key, then one extension of 90 minutes on the booking and the car',
      async () => {
        const { id, car, until } = await freeBooking();
        const url = `/admin/api/bookings/${id}/hold/extend`;
        const key = { 'idempotency-key': 'extend-1' };
        const body = { minutes: 90, reason: 'buyer on holiday' };
        const extended = ok(await sales.post(url, body, key));
        ok(await sales.post(url, body, key));
        expect(Date.parse(extended.hold.until) - Date.parse(until)).toBe(90 * MINUTE);
        expect(extended.allowedCommands).toEqual(
          expect.arrayContaining(['CancelBooking', 'ExtendBookingHold', 'ReleaseBookingHold']),
        );
        const events = (await stream(bookingStream(id))).filter((e) => e.type === 'BookingHoldExtended');
        expect(events).toEqual([
          {
            type: 'BookingHoldExtended',
            data: { holdId: `booking-${id}`, until: extended.hold.until },
            actor: { kind: 'staff', staffId: salesId, role: 'sales' },
            reason: 'buyer on holiday',
          },
        ]);
        const onCar = (await stream(carStream(car.carId))).filter((e) => e.type === 'CarHoldExtended');
        expect(onCar.map((e) => e.data.until)).toEqual([extended.hold.until]);
      },
      FLOW,
    );

    it(
      'given a confirmed booking, when sales release its hold, then it ends as expired and the car is free; then extending it is 409',
      async () => {
        const { id, car } = await freeBooking();
        const released = ok(
          await sales.post(`/admin/api/bookings/${id}/hold/release`, { reason: 'car damaged' }),
        );
        expect(released).toMatchObject({ state: 'expired', screen: 'car_book_ko', active: false });
        expect((await stream(bookingStream(id))).at(-1)).toMatchObject({
          type: 'BookingHoldReleased',
          data: { reason: 'released' },
          reason: 'car damaged',
        });
        expect((await stream(carStream(car.carId))).at(-1)).toMatchObject({
          type: 'CarHoldReleased',
          data: { holdId: `booking-${id}`, reason: 'car_unavailable' },
        });
        const late = await sales.post(`/admin/api/bookings/${id}/hold/extend`, { minutes: 30, reason: 'x' });
        expect(late.statusCode, late.body).toBe(409);
        expect(late.json()).toMatchObject({ error: 'illegal_state', status: 'expired', allowedCommands: [] });
        // What the buyer saw: the contact check after the booking's first event, the ended booking now.
        const title = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];
        const first = await sales.get(`/admin/api/bookings/${id}/screen?after=0`);
        const now = await sales.get(`/admin/api/bookings/${id}/screen`);
        expect([first.statusCode, now.statusCode]).toEqual([200, 200]);
        expect(now.headers['content-security-policy']).toMatch(/^sandbox;/);
        expect([title(first.body), title(now.body)]).toEqual([
          'Coordonnées | AutoNova',
          'Votre réservation a pris fin | AutoNova',
        ]);
      },
      FLOW,
    );

    it(
      'given a paid deposit, when sales cancel the booking, then the deposit is refunded at once; a staff refund is then 409',
      async () => {
        const { id, paymentId } = await paidBooking();
        const early = await sales.post(`/admin/api/bookings/${id}/deposit/refund`, { reason: 'goodwill' });
        expect(early.statusCode, early.body).toBe(409);
        expect(early.json().allowedCommands).toEqual(expect.arrayContaining(['CancelBooking']));
        const cancelled = ok(
          await sales.post(`/admin/api/bookings/${id}/cancel`, {
            reason: 'buyer phoned',
            code: 'customer_request',
          }),
        );
        expect(cancelled).toMatchObject({ state: 'cancelled', refund: { refundId: expect.any(String) } });
        expect((await stream(bookingStream(id))).map((e) => e.type).slice(-2)).toEqual([
          'BookingCancelled',
          'DepositRefunded',
        ]);
        expect((await t.h.sandbox.get(paymentId))?.refunds).toHaveLength(1);
      },
      FLOW,
    );

    it(
      'given a booking that ended owing its deposit, when sales refund it, then DepositRefunded in full and the sandbox refunds once',
      async () => {
        const { id, paymentId } = await paidBooking();
        // A cancellation whose refund was not made at once (an asynchronous provider): refunding.
        const at = t.h.now().toISOString();
        await t.h.store.appendToStream(bookingStream(id), [
          {
            id: crypto.randomUUID(),
            type: 'BookingCancelled',
            data: { by: 'buyer', reason: 'changed_mind' },
            metadata: { actor: { kind: 'system', name: 'test' }, at },
          },
        ]);
        const detail = await t.h.funnels.bookings.get(id, { kind: 'system', name: 'test' });
        expect(detail.allowedCommands).toEqual(['RecordDepositRefund', 'RefundDeposit']);
        const url = `/admin/api/bookings/${id}/deposit/refund`;
        const key = { 'idempotency-key': 'refund-1' };
        const refunded = ok(await sales.post(url, { reason: 'refund never came' }, key));
        ok(await sales.post(url, { reason: 'refund never came' }, key));
        expect(refunded).toMatchObject({ state: 'cancelled', refund: { refundId: expect.any(String) } });
        const events = (await stream(bookingStream(id))).filter((e) => e.type === 'DepositRefunded');
        expect(events).toEqual([
          {
            type: 'DepositRefunded',
            data: {
              paymentId,
              refundId: refunded.refund.refundId,
              amount: { amount: 30_000, currency: 'EUR' },
            },
            actor: { kind: 'staff', staffId: salesId, role: 'sales' },
            reason: 'refund never came',
          },
        ]);
        expect((await t.h.sandbox.get(paymentId))?.refunds).toHaveLength(1);
      },
      FLOW,
    );

    it(
      'given no reason, bad minutes, content staff or an unknown booking, then 400, 403 and 404',
      async () => {
        const { id } = await freeBooking();
        const missing = await sales.post(`/admin/api/bookings/${id}/hold/release`, {});
        expect(missing.statusCode).toBe(400);
        expect(missing.json().fields['body.reason']).toEqual(['is required']);
        expect(
          (await sales.post(`/admin/api/bookings/${id}/deposit/refund`, { reason: ' ' })).statusCode,
        ).toBe(400);
        const long = await sales.post(`/admin/api/bookings/${id}/hold/extend`, {
          minutes: 1441,
          reason: 'r',
        });
        expect(long.statusCode).toBe(400);
        expect(long.json().fields['body.minutes']).toBeDefined();
        expect(
          (await content.post(`/admin/api/bookings/${id}/hold/release`, { reason: 'r' })).statusCode,
        ).toBe(403);
        for (const path of ['hold/release', 'deposit/refund'])
          expect((await sales.post(`/admin/api/bookings/999999/${path}`, { reason: 'r' })).statusCode).toBe(
            404,
          );
        const unknown = await sales.post('/admin/api/bookings/999999/hold/extend', {
          minutes: 5,
          reason: 'r',
        });
        expect(unknown.statusCode).toBe(404);
      },
      FLOW,
    );
  });

  describe('cars', () => {
    it(
      'given a car on sale, when sales change its price in currency units, then CarPriceChanged by staff; the same price again records nothing',
      async () => {
        const car = freshCar();
        const url = `/admin/api/cars/${car.carId}/price`;
        const before = (await stream(carStream(car.carId))).length;
        const changed = ok(await sales.post(url, { price: '24990,5', reason: 'market check' }));
        expect(changed).toMatchObject({
          carId: car.carId,
          price: { amount: 2_499_050, currency: 'EUR' },
          status: 'available',
          allowedCommands: ['ChangeCarPrice', 'WithdrawCar'],
        });
        ok(await sales.post(url, { price: 2_499_050, reason: 'again' }));
        const events = (await stream(carStream(car.carId))).slice(before);
        expect(events).toEqual([
          {
            type: 'CarPriceChanged',
            data: {
              carId: car.carId,
              previous: car.price,
              price: { amount: 2_499_050, currency: 'EUR' },
              source: { kind: 'staff' },
            },
            actor: { kind: 'staff', staffId: salesId, role: 'sales' },
            reason: 'market check',
          },
        ]);
        expect(ok(await sales.get(`/admin/api/cars/${car.carId}`)).price.amount).toBe(2_499_050);
      },
      FLOW,
    );

    it(
      'given a car held by a purchase, when sales withdraw it, then the purchase has no car; a price change is then 409; withdrawing again changes nothing',
      async () => {
        const b = t.browser();
        const car = freshCar();
        await b.signUp(`buyer-${car.carId}@example.test`);
        const { purchaseId } = ok(await b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`), 201);
        const url = `/admin/api/cars/${car.carId}/withdraw`;
        const key = { 'idempotency-key': 'withdraw-1' };
        const withdrawn = ok(await sales.post(url, { reason: 'sold at the dealer' }, key));
        expect(withdrawn).toMatchObject({ status: 'withdrawn', activeHold: null, allowedCommands: [] });
        expect(ok(await b.get(`/fr/acheter/getcarpurchase/${purchaseId}`)).status).toBe('car-not-available');
        expect((await stream(purchaseStream(purchaseId))).find((e) => e.type === 'HoldLost')).toMatchObject({
          data: { reason: 'car_withdrawn' },
          actor: { kind: 'staff', role: 'sales' },
          reason: 'sold at the dealer',
        });
        const types = async () => (await stream(carStream(car.carId))).map((e) => e.type);
        expect((await types()).slice(-2)).toEqual(['CarWithdrawn', 'CarHoldReleased']);
        const count = (await types()).length;
        ok(await sales.post(url, { reason: 'sold at the dealer' }, key));
        ok(await sales.post(url, { reason: 'once more' }));
        expect(await types()).toHaveLength(count);
        const price = await sales.post(`/admin/api/cars/${car.carId}/price`, { price: 100, reason: 'r' });
        expect(price.statusCode, price.body).toBe(409);
        expect(price.json()).toMatchObject({
          error: 'illegal_state',
          status: 'withdrawn',
          allowedCommands: [],
        });
      },
      FLOW,
    );

    it(
      'given a car held by a booking, when sales withdraw it, then the booking ends and the car is free of its hold',
      async () => {
        const { b, id, car } = await freeBooking();
        ok(await sales.post(`/admin/api/cars/${car.carId}/withdraw`, { reason: 'recalled by the maker' }));
        const booking = await t.h.funnels.bookings.get(id, { kind: 'system', name: 'test' });
        expect(booking).toMatchObject({ state: 'expired', active: false });
        expect((await stream(bookingStream(id))).at(-1)).toMatchObject({
          type: 'BookingHoldReleased',
          data: { reason: 'car_withdrawn' },
        });
        expect((await stream(carStream(car.carId))).map((e) => e.type).slice(-2)).toEqual([
          'CarWithdrawn',
          'CarHoldReleased',
        ]);
        expect(ok(await b.get(bookForm(car, id)))).toMatchObject({
          booking: { state: 'expired', screen: 'car_book_ko' },
        });
      },
      FLOW,
    );

    it(
      'given no reason, a bad price, content staff or an unknown car, then 400, 403 and 404',
      async () => {
        const car = freshCar();
        const url = `/admin/api/cars/${car.carId}/price`;
        const missing = await sales.post(url, { price: '100' });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().fields['body.reason']).toEqual(['is required']);
        for (const price of ['12.345', '1.000,00', 0, -5, 'abc'])
          expect((await sales.post(url, { price, reason: 'r' })).statusCode, String(price)).toBe(400);
        expect((await sales.post(`/admin/api/cars/${car.carId}/withdraw`, {})).statusCode).toBe(400);
        expect((await content.post(url, { price: '100', reason: 'r' })).statusCode).toBe(403);
        expect(
          (await sales.post('/admin/api/cars/999999999/price', { price: '100', reason: 'r' })).statusCode,
        ).toBe(404);
        expect((await sales.post('/admin/api/cars/999999999/withdraw', { reason: 'r' })).statusCode).toBe(
          404,
        );
        expect((await sales.get('/admin/api/cars/999999999')).statusCode).toBe(404);
      },
      FLOW,
    );
  });
});
