/**
 * The sandbox payment provider and the webhook receiver on a real database (DATABASE_URL, or the embedded
 * PGlite): checkout, signed webhooks, idempotency of payments, refunds and webhook events, redelivery.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import type { PaymentEvent } from '../../../domain/payment/paymentEvent.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { createPaymentWebhookReceiver, type PaymentWebhookReceiver } from './createPaymentWebhookReceiver.ts';
import {
  createSandboxPayments,
  type SandboxPayments,
  type WebhookDelivery,
} from './createSandboxPayments.ts';
import { deliveringAtOnce } from './testing/deliveringAtOnce.ts';
import { signWebhook } from './webhookSignature.ts';

const SECRET = 'whsec_sandbox_test_secret';
const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const newPayment = (paymentId = 'pay-1') => ({
  paymentId,
  amount: eur(50_000),
  description: 'Advance payment, purchase 42',
  successUrl: 'https://shop.test/fr/acheter/purchase/ok-42/bmw-x3',
  failureUrl: 'https://shop.test/fr/acheter/purchase/payment-ko-42/bmw-x3',
  metadata: { purchaseId: '42', locale: 'fr' },
});

describe('sandbox payments and webhook receiver', () => {
  let db: TestDatabase;
  let now: Date;
  let ids: number;
  let handled: PaymentEvent[];
  let deliveries: WebhookDelivery[];
  let failDelivery: boolean;
  let warnings: { details: Record<string, unknown>; message: string }[];
  let sandbox: SandboxPayments;
  let held: SandboxPayments;
  let receiver: PaymentWebhookReceiver;
  const log = {
    warn: (details: Record<string, unknown>, message: string) => void warnings.push({ details, message }),
  };

  /** The app's webhook endpoint, as the tests see it (it may be down: `failDelivery`). */
  const endpoint = async (delivery: WebhookDelivery) => {
    deliveries.push(delivery);
    if (failDelivery) throw new Error('connection refused');
    await receiver.receive(delivery.rawBody, delivery.signature);
  };

  beforeEach(async () => {
    db = await openTestDatabase();
    now = new Date('2030-05-01T10:00:00.000Z');
    ids = 0;
    handled = [];
    deliveries = [];
    failDelivery = false;
    warnings = [];
    receiver = createPaymentWebhookReceiver({
      knex: db.knex,
      schema: db.schema,
      secrets: SECRET,
      clock: () => now,
      onPaymentEvent: async (event) => void handled.push(event),
      log,
    });
    held = createSandboxPayments({
      knex: db.knex,
      schema: db.schema,
      publicUrl: 'https://shop.test/',
      webhook: { secret: SECRET },
      clock: () => now,
      newId: () => `id${++ids}`,
      log,
    });
    sandbox = deliveringAtOnce(held, () => held.deliverPending(endpoint));
  });
  afterEach(async () => {
    await db.close();
  });

  it('given a new payment, then it is pending and the buyer is sent to the sandbox checkout', async () => {
    expect(await sandbox.createPayment(newPayment())).toEqual({
      checkoutUrl: 'https://shop.test/sandbox/checkout/pay-1',
    });
    expect(await sandbox.get('pay-1')).toMatchObject({
      paymentId: 'pay-1',
      amount: eur(50_000),
      status: 'pending',
      refunded: eur(0),
      metadata: { purchaseId: '42', locale: 'fr' },
      createdAt: '2030-05-01T10:00:00.000Z',
      completedAt: null,
    });
    expect(await sandbox.get('nope')).toBeUndefined();
  });

  it('given a payment created again, then the same one is answered; with another amount, a conflict', async () => {
    await sandbox.createPayment(newPayment());
    expect(await sandbox.createPayment(newPayment())).toEqual({
      checkoutUrl: 'https://shop.test/sandbox/checkout/pay-1',
    });
    await expect(sandbox.createPayment({ ...newPayment(), amount: eur(1) })).rejects.toThrow(ConflictError);
    await expect(sandbox.createPayment({ ...newPayment(), successUrl: 'ftp://x' })).rejects.toThrow(
      ValidationError,
    );
  });

  it('given the buyer pays, then a signed webhook reaches the hook once with the metadata, and the buyer goes to the success URL', async () => {
    await sandbox.createPayment(newPayment());
    const done = await sandbox.complete('pay-1', 'succeeded');
    expect(done.redirectUrl).toBe(newPayment().successUrl);
    expect(done.payment).toMatchObject({ status: 'succeeded', completedAt: '2030-05-01T10:00:00.000Z' });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.signature).toMatch(/^t=1903860000,v1=[0-9a-f]{64}$/);
    expect(handled).toEqual([
      {
        id: 'evt_id1',
        type: 'payment.succeeded',
        created: '2030-05-01T10:00:00.000Z',
        data: {
          paymentId: 'pay-1',
          amount: eur(50_000),
          status: 'succeeded',
          metadata: { purchaseId: '42', locale: 'fr' },
        },
      },
    ]);
  });

  it('given a completed payment, when the other button is pressed (another tab), then nothing changes and no second webhook is sent', async () => {
    await sandbox.createPayment(newPayment());
    await sandbox.complete('pay-1', 'failed');
    const again = await sandbox.complete('pay-1', 'succeeded');
    expect(again.payment.status).toBe('failed');
    expect(again.redirectUrl).toBe(newPayment().failureUrl);
    expect(handled.map((e) => e.type)).toEqual(['payment.failed']);
    await expect(sandbox.complete('unknown', 'succeeded')).rejects.toThrow(NotFoundError);
  });

  it('given a webhook already processed, when it is replayed, then it is recognised and the hook is not called again', async () => {
    await sandbox.createPayment(newPayment());
    await sandbox.complete('pay-1', 'succeeded');
    const { rawBody } = deliveries[0]!;
    now = new Date(now.getTime() + 60_000);
    const replay = await receiver.receive(
      rawBody,
      signWebhook(SECRET, rawBody, Math.floor(now.getTime() / 1000)),
    );
    expect(replay).toEqual({ eventId: 'evt_id1', duplicate: true });
    expect(handled).toHaveLength(1);
  });

  it('given the same webhook twice at the same moment, then exactly one is processed', async () => {
    const body = JSON.stringify({
      id: 'evt_race',
      type: 'payment.succeeded',
      created: now.toISOString(),
      data: { paymentId: 'pay-9', amount: eur(100), status: 'succeeded', metadata: {} },
    });
    const header = signWebhook(SECRET, body, Math.floor(now.getTime() / 1000));
    const results = await Promise.all([receiver.receive(body, header), receiver.receive(body, header)]);
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect(handled).toHaveLength(1);
  });

  it('given a bad signature or a stale timestamp, then the webhook is refused, logged, and nothing is recorded', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'payment.succeeded',
      created: now.toISOString(),
      data: { paymentId: 'p', amount: eur(1), status: 'succeeded', metadata: {} },
    });
    const seconds = Math.floor(now.getTime() / 1000);
    await expect(receiver.receive(body, signWebhook('guessed-secret', body, seconds))).rejects.toThrow(
      /signature: is not valid \(mismatch\)/,
    );
    await expect(receiver.receive(body, signWebhook(SECRET, body, seconds - 3_600))).rejects.toThrow(
      /outside_tolerance/,
    );
    await expect(receiver.receive(body, undefined)).rejects.toThrow(ValidationError);
    expect(warnings.map((w) => w.details.reason)).toEqual(['mismatch', 'outside_tolerance', 'missing']);
    expect(handled).toEqual([]);
    expect(await db.knex.withSchema(db.schema).table('payment_webhook_events').count('* as n')).toEqual([
      { n: expect.anything() },
    ]);
    const [{ n }] = await db.knex.withSchema(db.schema).table('payment_webhook_events').count('* as n');
    expect(Number(n)).toBe(0);
  });

  it('given a signed body that is not a payment event, then it is a validation error', async () => {
    const body = JSON.stringify({ id: 'evt_x', type: 'charge.dispute' });
    await expect(
      receiver.receive(body, signWebhook(SECRET, body, Math.floor(now.getTime() / 1000))),
    ).rejects.toThrow(ValidationError);
    await expect(
      receiver.receive('not json', signWebhook(SECRET, 'not json', Math.floor(now.getTime() / 1000))),
    ).rejects.toThrow(/body: is not JSON/);
  });

  it('given a hook that fails, then the event is not marked processed and the provider’s retry processes it', async () => {
    const flaky = vi
      .fn<(event: PaymentEvent) => Promise<void>>()
      .mockRejectedValueOnce(new Error('event store down'))
      .mockResolvedValue();
    const receiving = createPaymentWebhookReceiver({
      knex: db.knex,
      schema: db.schema,
      secrets: SECRET,
      clock: () => now,
      onPaymentEvent: flaky,
    });
    const body = JSON.stringify({
      id: 'evt_retry',
      type: 'payment.failed',
      created: now.toISOString(),
      data: { paymentId: 'p', amount: eur(1), status: 'failed', metadata: {} },
    });
    const header = signWebhook(SECRET, body, Math.floor(now.getTime() / 1000));
    await expect(receiving.receive(body, header)).rejects.toThrow('event store down');
    expect(await receiving.receive(body, header)).toEqual({ eventId: 'evt_retry', duplicate: false });
    expect(await receiving.receive(body, header)).toEqual({ eventId: 'evt_retry', duplicate: true });
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it('given the webhook endpoint is down, then the outcome stands, the webhook waits, and redelivery sends it later', async () => {
    await sandbox.createPayment(newPayment());
    failDelivery = true;
    expect((await sandbox.complete('pay-1', 'succeeded')).payment.status).toBe('succeeded');
    expect(handled).toEqual([]);
    expect(warnings.at(-1)?.message).toMatch(/webhook not delivered/);
    failDelivery = false;
    now = new Date(now.getTime() + 3_600_000);
    expect(await sandbox.deliverPending(endpoint)).toEqual({ delivered: 1, failed: 0 });
    expect(handled.map((e) => e.id)).toEqual(['evt_id1']);
    expect(await sandbox.deliverPending(endpoint)).toEqual({ delivered: 0, failed: 0 });
  });

  it('given a webhook another round has on its way, then a second round waits for its answer and counts it, sending nothing again', async () => {
    await held.createPayment(newPayment());
    await held.complete('pay-1', 'succeeded');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slow = async (delivery: WebhookDelivery) => {
      deliveries.push(delivery);
      await answered;
      await receiver.receive(delivery.rawBody, delivery.signature);
    };
    // The courier's background round takes the webhook; the checkout's flush comes while it is on its way.
    const background = held.deliverPending(slow);
    await vi.waitFor(() => expect(deliveries).toHaveLength(1));
    let flushed = false;
    const flush = held.deliverPending(endpoint).then((result) => {
      flushed = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushed).toBe(false);
    answer();
    expect(await flush).toEqual({ delivered: 1, failed: 0 });
    expect(handled.map((e) => e.id)).toEqual(['evt_id1']);
    expect(await background).toEqual({ delivered: 1, failed: 0 });
    expect(deliveries).toHaveLength(1);
  });

  it('given a hook that refunds while its webhook is answered, then the round delivers the refund’s webhook and returns', async () => {
    await held.createPayment(newPayment());
    await held.complete('pay-1', 'succeeded');
    // The app refunds a payment that came too late from inside its webhook's handling (the checkout's
    // flush delivers what is held, the webhook being answered included).
    const refunding = async (delivery: WebhookDelivery) => {
      await endpoint(delivery);
      if (deliveries.length === 1) {
        await held.refund('pay-1', eur(50_000), 'cancelled_by_buyer');
        await held.deliverPending(refunding);
      }
    };
    const round = await Promise.race([
      held.deliverPending(refunding),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
    ]);
    expect(round).toEqual({ delivered: 1, failed: 0 });
    expect(handled.map((e) => e.type)).toEqual(['payment.succeeded', 'payment.refunded']);
    expect(await held.deliverPending(endpoint)).toEqual({ delivered: 0, failed: 0 });
  });

  it('given a succeeded payment, when it is refunded in parts, then each refund is recorded, reported by webhook, and capped at the amount', async () => {
    await sandbox.createPayment(newPayment());
    await sandbox.complete('pay-1', 'succeeded');
    const once = await sandbox.refund('pay-1', eur(20_000), 'finance_declined', { refundId: 'ref-1' });
    expect(once.refunded).toEqual(eur(20_000));
    // A retry of the same refund refunds nothing more and sends no webhook.
    expect(
      (await sandbox.refund('pay-1', eur(20_000), 'finance_declined', { refundId: 'ref-1' })).refunded,
    ).toEqual(eur(20_000));
    await expect(sandbox.refund('pay-1', eur(30_001), 'cancelled_by_buyer')).rejects.toThrow(
      /amount: is more than the 30000/,
    );
    const all = await sandbox.refund('pay-1', eur(30_000), 'cancelled_by_buyer');
    expect(all.refunds.map((r) => [r.refundId, r.amount.amount, r.reason])).toEqual([
      ['ref-1', 20_000, 'finance_declined'],
      [expect.any(String), 30_000, 'cancelled_by_buyer'],
    ]);
    expect(handled.map((e) => [e.type, e.data.refund?.amount.amount])).toEqual([
      ['payment.succeeded', undefined],
      ['payment.refunded', 20_000],
      ['payment.refunded', 30_000],
    ]);
    expect((await sandbox.get('pay-1'))?.refunded).toEqual(eur(50_000));
  });

  it('given a pending or unknown payment, then a refund is an illegal state or not found', async () => {
    await sandbox.createPayment(newPayment());
    await expect(sandbox.refund('pay-1', eur(1), 'other')).rejects.toThrow(IllegalStateError);
    await expect(sandbox.refund('nope', eur(1), 'other')).rejects.toThrow(NotFoundError);
    await expect(sandbox.refund('pay-1', eur(1), 'because' as never)).rejects.toThrow(ValidationError);
  });
});
