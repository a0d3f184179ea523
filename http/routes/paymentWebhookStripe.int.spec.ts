/**
 * Stripe's webhooks at `POST /api/payments/webhook`, offline: the raw body and the `Stripe-Signature`
 * header reach the receiver as Stripe sends them (signed with the library's test helper), on a real
 * database (DATABASE_URL or the embedded PGlite).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../domain/payment/paymentEvent.ts';
import {
  checkoutSession,
  signedWebhook,
  stripeEvent,
  stripeWebhookReceiver,
} from '../../engine/providers/payment/stripe/testing/stripeFixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookRoute } from './paymentWebhook.ts';

describe('Stripe webhooks over HTTP', () => {
  let db: TestDatabase;
  let fastify: FastifyInstance;
  const handled: PaymentEvent[] = [];
  const refusals: unknown[] = [];

  const post = (event: ReturnType<typeof stripeEvent>, secret?: string) => {
    const { rawBody, signature } = signedWebhook(event, new Date(), secret);
    return fastify.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: rawBody,
    });
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    fastify = Fastify({ logger: false });
    const receiver = stripeWebhookReceiver({
      db,
      onPaymentEvent: async (event) => void handled.push(event),
      log: { warn: (details) => void refusals.push(details) },
    });
    await fastify.register(zodTypeProvider);
    await fastify.register(errorHandler);
    await fastify.register(paymentWebhookRoute, { receiver });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    await db.close();
  });

  it('given a signed checkout.session.completed, then 200 and payment.succeeded with our payment id and metadata; a replay, duplicate', async () => {
    const completed = stripeEvent('checkout.session.completed', checkoutSession(), 'evt_http_completed');
    const answer = await post(completed);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, eventId: 'evt_http_completed', duplicate: false });
    expect(handled).toEqual([
      expect.objectContaining({
        id: 'evt_http_completed',
        type: 'payment.succeeded',
        data: expect.objectContaining({
          paymentId: 'pay_1',
          metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
        }),
      }),
    ]);
    const replay = await post(completed);
    expect(replay.json()).toEqual({ received: true, eventId: 'evt_http_completed', duplicate: true });
    expect(handled).toHaveLength(1);
  });

  it('given a bad signature, then 400 on the signature, logged, nothing done', async () => {
    const forged = await post(
      stripeEvent('checkout.session.completed', checkoutSession(), 'evt_http_forged'),
      'whsec_not_the_secret',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      error: 'validation',
      fields: { signature: ['is not valid (mismatch)'] },
    });
    expect(refusals).toContainEqual(expect.objectContaining({ reason: 'mismatch' }));
    expect(handled.map((e) => e.id)).not.toContain('evt_http_forged');
  });

  it('given an event type of no interest, then 200 and nothing done', async () => {
    const answer = await post(
      stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' }, 'evt_http_invoice'),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ received: true, eventId: 'evt_http_invoice', duplicate: false });
    expect(handled.map((e) => e.id)).not.toContain('evt_http_invoice');
  });
});
