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
import type { BookingView } from './bookingView.ts';
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

  /** A signed-in buyer's booking (de) at its open deposit checkout. */
  async function atDepositCheckout(name: string) {
    const me = buyer(await h.customer(name));
    const b = h.funnels.bookings;
    const { bookingId } = await b.start({ carId: freshCar('DE').carId, locale: 'de' }, as(me));
    const { booking } = await b.requestDepositPayment(bookingId, as(me));
    return { me, bookingId, payment: booking.payment! };
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

  describe('given a purchase at its checkout, the buyer going back to a step', () => {
    let paymentId: string;
    let back: PurchaseView;
    let atProvider: Awaited<ReturnType<FunnelHarness['sandbox']['get']>>;
    const webhooks: Record<'sent' | 'taken' | 'after paying' | 'after the retry', unknown[]> = {
      sent: [],
      taken: [],
      'after paying': [],
      'after the retry': [],
    };
    let late: Awaited<ReturnType<FunnelHarness['sandbox']['complete']>>;
    let lengths: number[];
    let step: string | null;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const checkout = await atCheckout('went-back');
      paymentId = checkout.paymentId;
      const id = checkout.view.purchaseId;
      const key = as(buyer(checkout.view.customerId!));
      back = await p.reopenStep(id, { step: 'delivery' }, key);
      atProvider = await h.sandbox.get(paymentId);
      webhooks.sent = await sandboxEvents(paymentId);
      webhooks.taken = await received(paymentId);
      const length = (await streamTypes(h.store, purchaseStream(id))).length;
      // The buyer pays on the old page.
      late = await h.sandbox.complete(paymentId, 'succeeded');
      webhooks['after paying'] = await sandboxEvents(paymentId);
      // A retried command (same key).
      await p.reopenStep(id, { step: 'delivery' }, key);
      webhooks['after the retry'] = await sandboxEvents(paymentId);
      lengths = [length, (await streamTypes(h.store, purchaseStream(id))).length];
      step = (await p.get(id, buyer(checkout.view.customerId!))).step;
    });

    it('when the buyer goes back, then the checkout is voided', () => {
      expect(back.payments.find((x) => x.paymentId === paymentId)?.status).toBe('voided');
    });

    it('when the buyer goes back, then the checkout is cancelled at the provider, nothing taken', () => {
      expect(atProvider).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'buyer_went_back',
        refunded: { amount: 0 },
      });
    });

    it('when the buyer goes back, then the payment.cancelled webhook is delivered', () => {
      expect(webhooks.sent).toEqual([['payment.cancelled', true]]);
    });

    it('when the buyer goes back, then the payment.cancelled webhook is taken', () => {
      expect(webhooks.taken).toEqual(['payment.cancelled']);
    });

    it('when they pay on the old page, then nothing is taken', () => {
      expect(late.payment.status).toBe('cancelled');
    });

    it('when they pay on the old page, then they land on the failure page', () => {
      expect(late.redirectUrl).toBe(late.payment.failureUrl);
    });

    it('when they pay on the old page, then no other webhook is sent', () => {
      expect(webhooks['after paying']).toEqual([['payment.cancelled', true]]);
    });

    it('when the command is retried (same key), then nothing is cancelled twice', () => {
      expect(webhooks['after the retry']).toEqual([['payment.cancelled', true]]);
    });

    it('when the command is retried, then the purchase took nothing from the webhook', () => {
      const [before, after] = lengths;
      expect(after).toBe(before);
    });

    it('when the command is retried, then the buyer is at delivery', () => {
      expect(step).toBe('delivery');
    });
  });

  describe('given a purchase at its checkout, its hold expiring', () => {
    let fired: number;
    let status: string;
    let paymentId: string;
    beforeAll(async () => {
      const checkout = await atCheckout('expired');
      paymentId = checkout.paymentId;
      h.advance(121);
      fired = await h.timers.fireDue();
      const me = buyer(checkout.view.customerId!);
      status = (await h.funnels.purchases.get(checkout.view.purchaseId, me)).status;
    });

    it('when its timer fires, then the purchase is car-not-available', () => {
      expect(fired).toBeGreaterThan(0);
      expect(status).toBe('car-not-available');
    });

    it('when its timer fires, then the checkout is cancelled (the hold was lost)', async () => {
      expect(await h.sandbox.get(paymentId)).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'hold_lost',
      });
    });

    it('when the buyer pays it later, then nothing is taken', async () => {
      await h.sandbox.complete(paymentId, 'succeeded');
      expect(await h.sandbox.get(paymentId)).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
    });
  });

  describe('given the buyer pays just after the hold expired but before the cancel', () => {
    let checkout: Awaited<ReturnType<typeof atCheckout>>;
    let paidBeforeCancel: boolean;
    beforeAll(async () => {
      checkout = await atCheckout('paid-in-between');
      h.advance(121);
      payRightAfter('HoldLost', checkout.paymentId);
      await h.timers.fireDue();
      paidBeforeCancel = afterAppend === undefined;
    });

    it('when the timer fires, then the purchase is car-not-available', async () => {
      expect(paidBeforeCancel).toBe(true);
      const { view } = checkout;
      expect((await h.funnels.purchases.get(view.purchaseId, buyer(view.customerId!))).status).toBe(
        'car-not-available',
      );
    });

    it('when the timer fires, then the cancel is refused and the lapsed payment refunded in full', async () => {
      expect(await h.sandbox.get(checkout.paymentId)).toMatchObject({
        status: 'succeeded',
        cancellationReason: null,
        refunded: checkout.view.summary.advancePayment,
      });
    });

    it('when the timer fires, then the refused cancel is logged', () => {
      expect(h.warnings).toContain('checkout not cancelled: the payment completed or is unknown');
    });
  });

  describe('given a booking at its deposit checkout, its hold expiring', () => {
    let expired: { paymentId: string; view: BookingView };
    beforeAll(async () => {
      const { me, bookingId, payment } = await atDepositCheckout('booking-expired');
      h.advance(31);
      await h.timers.fireDue();
      expired = { paymentId: payment.paymentId, view: await h.funnels.bookings.get(bookingId, me) };
    });

    it('when its timer fires, then the booking expires, no deposit paid', () => {
      expect(expired.view).toMatchObject({ state: 'expired', depositPaid: false });
    });

    it('when its timer fires, then the checkout is cancelled and its webhook taken', async () => {
      expect(await h.sandbox.get(expired.paymentId)).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'booking-expired',
      });
      expect(await received(expired.paymentId)).toEqual(['payment.cancelled']);
    });

    it('when the buyer pays it later, then nothing is taken', async () => {
      const late = await h.sandbox.complete(expired.paymentId, 'succeeded');
      expect(late.payment).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
    });
  });

  describe('given a deposit paid just after its booking expired but before the cancel', () => {
    it('when the timer fires, then the booking expires and the deposit is refunded in full', async () => {
      const { me, bookingId, payment } = await atDepositCheckout('deposit-in-between');
      h.advance(31);
      payRightAfter('BookingExpired', payment.paymentId);
      await h.timers.fireDue();
      expect(afterAppend).toBeUndefined();
      expect(await h.funnels.bookings.get(bookingId, me)).toMatchObject({
        state: 'expired',
        depositPaid: false,
      });
      expect(await h.sandbox.get(payment.paymentId)).toMatchObject({
        status: 'succeeded',
        refunded: payment.amount,
      });
    });
  });
});
