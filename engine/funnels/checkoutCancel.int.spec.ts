/**
 * Checkouts the funnels give up are cancelled at the payment sandbox (real database: DATABASE_URL, or
 * the embedded PGlite): a purchase's `AdvancePaymentVoided` (the buyer went back, the hold was lost) and
 * a booking that expired with its deposit checkout open. The old page can no longer be paid; the
 * `payment.cancelled` webhook is taken and changes nothing. A buyer who paid in the instant between the
 * funnel's append and the cancel (a store hook completes the payment there) is refunded as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import type { EventData, EventStore } from '../eventStore.ts';
import type { PurchaseView } from './purchaseView.ts';
import { MY_INFOS_FR } from './testing/buyerForms.ts';
import { as, buyer, type FunnelHarness, openFunnelHarness, streamTypes } from './testing/funnelHarness.ts';

/** Called after each append to the funnels' store has committed (the race tests pay there). */
type AfterAppend = (stream: string, events: readonly EventData[]) => Promise<void>;

describe('checkouts given up are cancelled at the provider', () => {
  let h: FunnelHarness;
  let afterAppend: AfterAppend | undefined;
  const used = new Set<string>();

  beforeAll(async () => {
    const withHook = (store: EventStore): EventStore => ({
      ...store,
      async appendToStream(stream, events, options) {
        const result = await store.appendToStream(stream, events, options);
        const hook = afterAppend;
        if (hook) await hook(stream, events);
        return result;
      },
    });
    h = await openFunnelHarness('default', 10, { wrapStore: withHook });
  });
  afterAll(async () => {
    await h?.close();
  });

  const freshCar = (country: 'FR' | 'DE'): CarFacts => {
    const car = h.cars[country].find((c) => !used.has(c.carId));
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };

  /** Pays once, at the first append of `eventType`, right after it committed (before the cancel). */
  const payRightAfter = (eventType: string, paymentId: string) => {
    afterAppend = async (_stream, events) => {
      if (!events.some((e) => e.type === eventType)) return;
      afterAppend = undefined;
      await h.sandbox.complete(paymentId, 'succeeded');
    };
  };

  /** A signed-in buyer's purchase at its open checkout (cash). */
  async function atCheckout(name: string): Promise<{ view: PurchaseView; paymentId: string }> {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer(name));
    const { purchaseId: id } = await p.start({ carId: freshCar('FR').carId, locale: 'fr' }, as(me));
    await p.submitInfos(id, MY_INFOS_FR, as(me));
    await p.chooseDelivery(id, { mode: 'pickup' }, as(me));
    await p.skipTradeIn(id, as(me));
    await p.chooseInsurance(id, { offerId: null }, as(me));
    await p.chooseExtras(id, { extraIds: [] }, as(me));
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const view = await p.requestAdvancePayment(id, as(me));
    expect(view.status).toBe('awaiting-payment');
    return { view, paymentId: view.payments.at(-1)!.paymentId };
  }

  const sandboxEvents = async (paymentId: string) =>
    (
      await h.db.knex
        .withSchema(h.db.schema)
        .table('payment_sandbox_events')
        .where({ payment_id: paymentId })
        .orderBy('created_at')
        .select<{ event_type: string; delivered_at: Date | null }[]>('event_type', 'delivered_at')
    ).map((e) => [e.event_type, e.delivered_at !== null]);

  const received = async (paymentId: string) =>
    (
      await h.db.knex
        .withSchema(h.db.schema)
        .table('payment_webhook_events')
        .where({ payment_id: paymentId })
        .select<{ event_type: string }[]>('event_type')
    ).map((e) => e.event_type);

  it('given a purchase at its checkout, when the buyer goes back to a step, then the checkout is cancelled, its webhook taken, and paying the old page takes nothing', async () => {
    const p = h.funnels.purchases;
    const { view, paymentId } = await atCheckout('went-back');
    const id = view.purchaseId;
    const key = as(buyer(view.customerId!));
    const back = await p.reopenStep(id, { step: 'delivery' }, key);
    expect(back.payments.find((x) => x.paymentId === paymentId)?.status).toBe('voided');
    expect(await h.sandbox.get(paymentId)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'buyer_went_back',
      refunded: { amount: 0 },
    });
    expect(await sandboxEvents(paymentId)).toEqual([['payment.cancelled', true]]);
    expect(await received(paymentId)).toEqual(['payment.cancelled']);
    const length = (await streamTypes(h.store, purchaseStream(id))).length;

    // The buyer pays on the old page: nothing is taken, they land on the failure page.
    const late = await h.sandbox.complete(paymentId, 'succeeded');
    expect(late.payment.status).toBe('cancelled');
    expect(late.redirectUrl).toBe(late.payment.failureUrl);
    expect(await sandboxEvents(paymentId)).toEqual([['payment.cancelled', true]]);

    // A retried command (same key) cancels nothing twice; the purchase took nothing from the webhook.
    await p.reopenStep(id, { step: 'delivery' }, key);
    expect(await sandboxEvents(paymentId)).toEqual([['payment.cancelled', true]]);
    expect(await streamTypes(h.store, purchaseStream(id))).toHaveLength(length);
    expect((await p.get(id, buyer(view.customerId!))).step).toBe('delivery');
  });

  it('given a purchase at its checkout, when its hold expires, then the checkout is cancelled and paying it later takes nothing', async () => {
    const { view, paymentId } = await atCheckout('expired');
    h.advance(121);
    expect(await h.timers.fireDue()).toBeGreaterThan(0);
    expect((await h.funnels.purchases.get(view.purchaseId, buyer(view.customerId!))).status).toBe(
      'car-not-available',
    );
    expect(await h.sandbox.get(paymentId)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'hold_lost',
    });
    await h.sandbox.complete(paymentId, 'succeeded');
    expect(await h.sandbox.get(paymentId)).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
  });

  it('given the buyer pays just after the hold expired but before the cancel, then the cancel is refused and the lapsed payment refunded in full', async () => {
    const { view, paymentId } = await atCheckout('paid-in-between');
    h.advance(121);
    payRightAfter('HoldLost', paymentId);
    await h.timers.fireDue();
    expect(afterAppend).toBeUndefined();
    expect((await h.funnels.purchases.get(view.purchaseId, buyer(view.customerId!))).status).toBe(
      'car-not-available',
    );
    expect(await h.sandbox.get(paymentId)).toMatchObject({
      status: 'succeeded',
      cancellationReason: null,
      refunded: view.summary.advancePayment,
    });
    expect(h.warnings).toContain('checkout not cancelled: the payment completed or is unknown');
  });

  it('given a booking at its deposit checkout, when its hold expires, then the checkout is cancelled and paying it later takes nothing', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('booking-expired'));
    const started = await b.start({ carId: freshCar('DE').carId, locale: 'de' }, as(me));
    const { booking } = await b.requestDepositPayment(started.bookingId, as(me));
    const paymentId = booking.payment!.paymentId;
    h.advance(31);
    await h.timers.fireDue();
    expect(await b.get(started.bookingId, me)).toMatchObject({ state: 'expired', depositPaid: false });
    expect(await h.sandbox.get(paymentId)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'booking-expired',
    });
    expect(await received(paymentId)).toEqual(['payment.cancelled']);
    const late = await h.sandbox.complete(paymentId, 'succeeded');
    expect(late.payment).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
  });

  it('given a deposit paid just after its booking expired but before the cancel, then it is refunded in full', async () => {
    const b = h.funnels.bookings;
    const me = buyer(await h.customer('deposit-in-between'));
    const started = await b.start({ carId: freshCar('DE').carId, locale: 'de' }, as(me));
    const { booking } = await b.requestDepositPayment(started.bookingId, as(me));
    const paymentId = booking.payment!.paymentId;
    h.advance(31);
    payRightAfter('BookingExpired', paymentId);
    await h.timers.fireDue();
    expect(afterAppend).toBeUndefined();
    expect(await b.get(started.bookingId, me)).toMatchObject({ state: 'expired', depositPaid: false });
    expect(await h.sandbox.get(paymentId)).toMatchObject({
      status: 'succeeded',
      refunded: booking.payment!.amount,
    });
  });
});
