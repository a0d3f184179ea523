/**
 * Stripe's webhooks through the payment webhook receiver, offline: events signed with the Stripe
 * library's test helper, verified by the library, translated, handed to `onPaymentEvent` once per Stripe
 * event id (the receiver's `payment_webhook_events`), on a real database (DATABASE_URL or PGlite).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../domain/errors.ts';
import type { PaymentEvent } from '../../../../domain/payment/paymentEvent.ts';
import { openTestDatabase, type TestDatabase } from '../../../testing/testDatabase.ts';
import type { PaymentWebhookReceiver } from '../createPaymentWebhookReceiver.ts';
import { STRIPE_SIGNATURE_HEADER } from './createStripeWebhookSource.ts';
import { type StripeCheckouts, stripeCheckouts } from './stripeCheckouts.ts';
import { refundMetadata } from './stripeMapping.ts';
import {
  checkoutSession,
  signedWebhook,
  stripeEvent,
  stripeRefund,
  stripeSignature,
  stripeWebhookReceiver,
  WEBHOOK_SECRET,
} from './testing/stripeFixtures.ts';

const metadata = { funnel: 'booking', bookingId: '7', locale: 'nl-BE' };

describe('Stripe webhooks through the payment webhook receiver', () => {
  let db: TestDatabase;
  let now: Date;
  let handled: PaymentEvent[];
  let warnings: { details: Record<string, unknown>; message: string }[];
  let receiver: PaymentWebhookReceiver;
  let checkouts: StripeCheckouts;

  const receive = (event: ReturnType<typeof stripeEvent>, secret = WEBHOOK_SECRET, at = now) => {
    const { rawBody, signature } = signedWebhook(event, at, secret);
    return receiver.receive(rawBody, signature);
  };
  const recordedIds = async () =>
    (
      await db.knex.raw<{ rows: { event_id: string }[] }>(
        `SELECT event_id FROM "${db.schema}".payment_webhook_events ORDER BY event_id`,
      )
    ).rows.map((row) => row.event_id);

  beforeEach(async () => {
    db = await openTestDatabase();
    now = new Date('2030-01-01T11:00:30.000Z');
    handled = [];
    warnings = [];
    receiver = stripeWebhookReceiver({
      db,
      webhookSecrets: ['whsec_the_next_secret', WEBHOOK_SECRET],
      clock: () => now,
      onPaymentEvent: async (event) => void handled.push(event),
      log: { warn: (details, message) => void warnings.push({ details, message }) },
    });
    checkouts = stripeCheckouts({ knex: db.knex, schema: db.schema });
    await checkouts.insert({
      paymentId: 'dep_1',
      sessionId: 'cs_test_dep',
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_dep',
      paymentIntentId: null,
      request: {
        paymentId: 'dep_1',
        amount: { amount: 50_000, currency: 'EUR' },
        description: 'Aanbetaling, reservering 7',
        successUrl: 'https://shop.test/nl-BE/ok',
        failureUrl: 'https://shop.test/nl-BE/ko',
        metadata,
      },
      createdAt: new Date('2030-01-01T10:00:00.000Z'),
    });
  });
  afterEach(async () => {
    await db.close();
  });

  it('names the Stripe-Signature header for the route', () => {
    expect(receiver.signatureHeader).toBe(STRIPE_SIGNATURE_HEADER);
    expect(STRIPE_SIGNATURE_HEADER).toBe('stripe-signature');
  });

  it('given a signed checkout.session.completed, then payment.succeeded reaches the hook with our payment id and metadata; a replay changes nothing', async () => {
    const completed = stripeEvent(
      'checkout.session.completed',
      checkoutSession({ id: 'cs_test_dep', client_reference_id: 'dep_1', amount_total: 50_000, metadata }),
      'evt_completed',
    );
    expect(await receive(completed)).toEqual({ eventId: 'evt_completed', duplicate: false });
    expect(handled).toEqual([
      {
        id: 'evt_completed',
        type: 'payment.succeeded',
        created: '2030-01-01T11:00:00.000Z',
        data: {
          paymentId: 'dep_1',
          amount: { amount: 50_000, currency: 'EUR' },
          status: 'succeeded',
          metadata,
        },
      },
    ]);
    // Stripe retries with a fresh signature: recognised by its event id.
    now = new Date(now.getTime() + 60_000);
    expect(await receive(completed)).toEqual({ eventId: 'evt_completed', duplicate: true });
    expect(handled).toHaveLength(1);
    expect(await recordedIds()).toEqual(['evt_completed']);
    // Its payment intent is noted: a refund made in Stripe's dashboard names only that.
    expect((await checkouts.byPaymentIntentId('pi_test_1'))?.paymentId).toBe('dep_1');
  });

  it('given a bad, stale, malformed or missing signature, then a ValidationError on signature, logged, nothing done', async () => {
    const completed = stripeEvent('checkout.session.completed', checkoutSession(), 'evt_forged');
    const refusal = async (attempt: Promise<unknown>) => {
      const error = await attempt.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ValidationError);
      return (error as ValidationError).details.fields;
    };
    expect(await refusal(receive(completed, 'whsec_not_the_secret'))).toEqual({
      signature: ['is not valid (mismatch)'],
    });
    expect(await refusal(receive(completed, WEBHOOK_SECRET, new Date(now.getTime() - 301_000)))).toEqual({
      signature: ['is not valid (outside_tolerance)'],
    });
    const { rawBody, signature } = signedWebhook(completed, now);
    expect(await refusal(receiver.receive(rawBody, 'v1=abc'))).toEqual({
      signature: ['is not valid (malformed)'],
    });
    expect(await refusal(receiver.receive(rawBody, undefined))).toEqual({
      signature: ['is not valid (missing)'],
    });
    // The body changed after signing (a re-serialised parse, not the raw bytes).
    expect(await refusal(receiver.receive(JSON.stringify(JSON.parse(rawBody)), signature))).toEqual({
      signature: ['is not valid (mismatch)'],
    });
    expect(warnings.map((w) => w.details.reason)).toEqual([
      'mismatch',
      'outside_tolerance',
      'malformed',
      'missing',
      'mismatch',
    ]);
    expect(handled).toEqual([]);
    expect(await recordedIds()).toEqual([]);
  });

  it('given a signed event of a type of no interest, then acknowledged and ignored: no hook, no record', async () => {
    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, 'evt_customer');
    expect(await receive(other)).toEqual({ eventId: 'evt_customer', duplicate: false, ignored: true });
    expect(await receive(stripeEvent('charge.refunded', { id: 'ch_1' }, 'evt_charge'))).toMatchObject({
      ignored: true,
    });
    expect(handled).toEqual([]);
    expect(await recordedIds()).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('given the session the app expired, then payment.cancelled with its reason; one that lapsed, payment.failed', async () => {
    await checkouts.markCancelled('dep_1', new Date('2030-01-01T10:30:00.000Z'), 'booking ended');
    const expired = (sessionId: string, paymentId: string, eventId: string) =>
      stripeEvent(
        'checkout.session.expired',
        checkoutSession({
          id: sessionId,
          client_reference_id: paymentId,
          status: 'expired',
          payment_status: 'unpaid',
          payment_intent: null,
          amount_total: 50_000,
          metadata,
        }),
        eventId,
      );
    await receive(expired('cs_test_dep', 'dep_1', 'evt_expired'));
    await receive(expired('cs_test_other', 'dep_2', 'evt_lapsed'));
    expect(handled.map((e) => [e.type, e.data.paymentId, e.data.status, e.data.cancellationReason])).toEqual([
      ['payment.cancelled', 'dep_1', 'cancelled', 'booking ended'],
      ['payment.failed', 'dep_2', 'failed', undefined],
    ]);
  });

  it('given refund.created, ours or from the dashboard, then payment.refunded with the payment’s metadata; of no payment of ours, ignored with a note', async () => {
    await checkouts.notePaymentIntent('cs_test_dep', 'pi_test_dep');
    const ours = stripeRefund({
      payment_intent: 'pi_test_dep',
      amount: 50_000,
      metadata: refundMetadata('dep_1', 'rf_dep_1', 'cancelled_by_buyer'),
    });
    const dashboard = stripeRefund({ id: 're_dash', payment_intent: 'pi_test_dep', amount: 1_000 });
    await receive(stripeEvent('refund.created', ours, 'evt_refund'));
    await receive(stripeEvent('refund.created', dashboard, 'evt_dashboard'));
    expect(handled.map((e) => [e.type, e.data.paymentId, e.data.metadata, e.data.refund])).toEqual([
      [
        'payment.refunded',
        'dep_1',
        metadata,
        { refundId: 'rf_dep_1', amount: { amount: 50_000, currency: 'EUR' }, reason: 'cancelled_by_buyer' },
      ],
      [
        'payment.refunded',
        'dep_1',
        metadata,
        { refundId: 're_dash', amount: { amount: 1_000, currency: 'EUR' }, reason: 'other' },
      ],
    ]);
    const foreign = stripeRefund({ id: 're_foreign', payment_intent: 'pi_elsewhere' });
    expect(await receive(stripeEvent('refund.created', foreign, 'evt_foreign'))).toMatchObject({
      ignored: true,
    });
    expect(warnings.map((w) => w.message)).toEqual([
      'payment webhook ignored: a refund of none of our payments',
    ]);
    expect(handled).toHaveLength(2);
  });

  it('given a signed body that is not JSON, then a ValidationError on body', async () => {
    await expect(receiver.receive('not json', stripeSignature('not json', now))).rejects.toMatchObject({
      details: { fields: { body: ['is not JSON'] } },
    });
  });
});
