/** What maps to what between our payments and Stripe Checkout (no Stripe, no database). */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { newPaymentSchema } from '../../../../domain/payment/payment.ts';
import { paymentEventSchema } from '../../../../domain/payment/paymentEvent.ts';
import type { StripeCheckout } from './stripeCheckouts.ts';
import {
  checkoutIdempotencyKey,
  checkoutKeyOf,
  checkoutSessionParams,
  paymentEventFromStripe,
  paymentFromStripe,
  paymentStatusOf,
  refundMetadata,
  refundReasonOf,
  stripeRefundReason,
} from './stripeMapping.ts';
import { checkoutSession, stripeEvent, stripeRefund } from './testing/stripeFixtures.ts';

/** What the app asked for: a purchase's advance payment. */
const asked = newPaymentSchema.parse({
  paymentId: 'pay_1',
  amount: { amount: 30_000, currency: 'EUR' },
  description: 'Acompte, achat 42',
  successUrl: 'https://shop.test/fr/acheter/purchase/ok-42/bmw-x3',
  failureUrl: 'https://shop.test/fr/acheter/purchase/payment-ko-42/bmw-x3',
  metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
});

const checkout = (fields: Partial<StripeCheckout> = {}): StripeCheckout => ({
  paymentId: 'pay_1',
  sessionId: 'cs_test_1',
  checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
  paymentIntentId: 'pi_test_1',
  request: asked,
  createdAt: new Date('2030-01-01T10:00:00.000Z'),
  cancelledAt: null,
  cancellationReason: null,
  ...fields,
});

const intent = (fields: Partial<Stripe.PaymentIntent> = {}) =>
  ({
    id: 'pi_test_1',
    object: 'payment_intent',
    status: 'succeeded',
    created: 1_893_492_300,
    latest_charge: { id: 'ch_test_1', object: 'charge', created: 1_893_492_360 },
    ...fields,
  }) as Stripe.PaymentIntent;

describe('Stripe Checkout mapping: creating a session', () => {
  it('given a payment, then one line item in minor units, its URLs, our id as client reference and metadata copied', () => {
    const payment = {
      ...asked,
      amount: { amount: 150_000, currency: 'PLN' as const },
      metadata: { locale: 'pl' },
    };
    expect(checkoutSessionParams(payment)).toEqual({
      mode: 'payment',
      client_reference_id: 'pay_1',
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'pln', unit_amount: 150_000, product_data: { name: 'Acompte, achat 42' } },
        },
      ],
      success_url: 'https://shop.test/fr/acheter/purchase/ok-42/bmw-x3',
      cancel_url: 'https://shop.test/fr/acheter/purchase/payment-ko-42/bmw-x3',
      metadata: { locale: 'pl' },
      payment_intent_data: {
        description: 'Acompte, achat 42',
        metadata: { locale: 'pl', paymentId: 'pay_1' },
      },
      locale: 'pl',
    });
    expect(checkoutIdempotencyKey('pay_1')).toBe('checkout-session-pay_1');
  });

  it.each([
    ['nl-BE', 'nl'],
    ['fr-BE', 'fr'],
    ['at', 'de'],
    [undefined, 'auto'],
  ])('given the locale %s, then Checkout speaks %s', (locale, expected) => {
    const metadata: Record<string, string> = locale ? { locale } : {};
    const payment = { ...asked, metadata };
    expect(checkoutSessionParams(payment).locale).toBe(expected);
  });
});

describe('Stripe Checkout mapping: a payment read back', () => {
  it.each([
    ['open', 'unpaid', null, false, 'pending'],
    ['complete', 'paid', 'succeeded', false, 'succeeded'],
    ['complete', 'unpaid', 'processing', false, 'pending'],
    ['complete', 'unpaid', 'requires_payment_method', false, 'failed'],
    ['complete', 'unpaid', 'succeeded', false, 'succeeded'],
    ['expired', 'unpaid', null, false, 'failed'],
    ['expired', 'unpaid', null, true, 'cancelled'],
    ['complete', 'paid', 'succeeded', true, 'succeeded'],
  ] as const)(
    'given a session %s / %s, its intent %s, cancelled by the app %s, then %s',
    (status, paid, intentStatus, cancelled, expected) => {
      const session = { status, payment_status: paid };
      expect(paymentStatusOf(session, intentStatus ? { status: intentStatus } : null, cancelled)).toBe(
        expected,
      );
    },
  );

  it('given a paid session with refunds, then the payment with our refund ids, the total refunded, failed refunds left out', () => {
    const session = checkoutSession({ payment_intent: intent() });
    const payment = paymentFromStripe(checkout(), session, [
      stripeRefund({
        id: 're_2',
        amount: 5_000,
        created: 1_893_499_200,
        metadata: refundMetadata('pay_1', 'rf_second', 'other'),
      }),
      stripeRefund({ id: 're_1', amount: 10_000, metadata: refundMetadata('pay_1', 'rf_first', 'expired') }),
      stripeRefund({
        id: 're_dashboard',
        amount: 1_000,
        reason: 'requested_by_customer',
        created: 1_893_500_000,
      }),
      stripeRefund({ id: 're_failed', amount: 9_000, status: 'failed' }),
    ]);
    expect(payment).toEqual({
      ...asked,
      status: 'succeeded',
      refunded: { amount: 16_000, currency: 'EUR' },
      refunds: [
        {
          refundId: 'rf_first',
          amount: { amount: 10_000, currency: 'EUR' },
          reason: 'expired',
          createdAt: '2030-01-01T11:00:00.000Z',
        },
        {
          refundId: 'rf_second',
          amount: { amount: 5_000, currency: 'EUR' },
          reason: 'other',
          createdAt: '2030-01-01T12:00:00.000Z',
        },
        {
          refundId: 're_dashboard',
          amount: { amount: 1_000, currency: 'EUR' },
          reason: 'cancelled_by_buyer',
          createdAt: '2030-01-01T12:13:20.000Z',
        },
      ],
      createdAt: '2030-01-01T10:00:00.000Z',
      completedAt: '2030-01-01T10:06:00.000Z',
      cancellationReason: null,
    });
  });

  it('given a session the app expired, then cancelled when the app did, with its reason; lapsed, failed when it expired', () => {
    const expired = checkoutSession({ status: 'expired', payment_status: 'unpaid', payment_intent: null });
    const cancelledAt = new Date('2030-01-01T10:30:00.000Z');
    expect(
      paymentFromStripe(checkout({ cancelledAt, cancellationReason: 'car sold' }), expired, []),
    ).toMatchObject({
      status: 'cancelled',
      completedAt: '2030-01-01T10:30:00.000Z',
      cancellationReason: 'car sold',
      refunded: { amount: 0, currency: 'EUR' },
    });
    expect(paymentFromStripe(checkout(), expired, [])).toMatchObject({
      status: 'failed',
      completedAt: '2030-01-02T10:00:00.000Z',
      cancellationReason: null,
    });
    const open = checkoutSession({ status: 'open', payment_status: 'unpaid', payment_intent: null });
    expect(paymentFromStripe(checkout(), open, [])).toMatchObject({ status: 'pending', completedAt: null });
  });

  it('given our refund reasons, then Stripe reasons where one fits (ours stay in the metadata) and back', () => {
    expect(stripeRefundReason('cancelled_by_buyer')).toBe('requested_by_customer');
    expect(stripeRefundReason('duplicate')).toBe('duplicate');
    expect(stripeRefundReason('car_not_available')).toBeUndefined();
    expect(refundMetadata('pay_1', 'rf_1', 'car_not_available')).toEqual({
      paymentId: 'pay_1',
      refundId: 'rf_1',
      reason: 'car_not_available',
    });
    expect(refundReasonOf({ metadata: { reason: 'finance_declined' }, reason: null })).toBe(
      'finance_declined',
    );
    expect(refundReasonOf({ metadata: {}, reason: 'duplicate' })).toBe('duplicate');
    expect(refundReasonOf({ metadata: { reason: 'not ours' }, reason: 'fraudulent' })).toBe('other');
  });
});

describe('Stripe Checkout mapping: webhook events', () => {
  const translated = (event: Stripe.Event, found?: StripeCheckout) => {
    const reading = paymentEventFromStripe(event, found);
    if (reading.kind !== 'event') throw new Error(`not translated: ${JSON.stringify(reading)}`);
    expect(paymentEventSchema.parse(reading.event)).toEqual(reading.event);
    return reading.event;
  };

  const succeeded = {
    id: 'evt_test_1',
    type: 'payment.succeeded',
    created: '2030-01-01T11:00:00.000Z',
    data: {
      paymentId: 'pay_1',
      amount: { amount: 30_000, currency: 'EUR' },
      status: 'succeeded',
      metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
    },
  };

  it('given checkout.session.completed, paid, then payment.succeeded with our payment id, amount and metadata', () => {
    expect(translated(stripeEvent('checkout.session.completed', checkoutSession()))).toEqual(succeeded);
  });

  it('given a bank debit, then completed unpaid is ignored and its async outcome is the event', () => {
    const unpaid = checkoutSession({ payment_status: 'unpaid' });
    expect(paymentEventFromStripe(stripeEvent('checkout.session.completed', unpaid), undefined)).toEqual({
      kind: 'ignored',
      eventId: 'evt_test_1',
      type: 'checkout.session.completed',
    });
    expect(
      translated(stripeEvent('checkout.session.async_payment_succeeded', checkoutSession())),
    ).toMatchObject({
      type: 'payment.succeeded',
      data: { paymentId: 'pay_1', status: 'succeeded' },
    });
    expect(translated(stripeEvent('checkout.session.async_payment_failed', unpaid))).toMatchObject({
      type: 'payment.failed',
      data: { paymentId: 'pay_1', status: 'failed' },
    });
  });

  it('given checkout.session.expired, then payment.cancelled with the reason when the app expired it, else payment.failed', () => {
    const expired = stripeEvent(
      'checkout.session.expired',
      checkoutSession({ status: 'expired', payment_status: 'unpaid', payment_intent: null }),
    );
    const cancelled = checkout({
      cancelledAt: new Date('2030-01-01T10:30:00.000Z'),
      cancellationReason: 'car sold',
    });
    expect(translated(expired, cancelled)).toMatchObject({
      type: 'payment.cancelled',
      data: { paymentId: 'pay_1', status: 'cancelled', cancellationReason: 'car sold' },
    });
    expect(translated(expired, checkout())).toMatchObject({
      type: 'payment.failed',
      data: { status: 'failed' },
    });
    expect(translated(expired, undefined)).toMatchObject({ type: 'payment.failed' });
  });

  it('given refund.created, then payment.refunded with the refund (ours or the dashboard’s) and the payment’s metadata', () => {
    const ours = stripeRefund({ metadata: refundMetadata('pay_1', 'rf_1', 'car_not_available') });
    expect(translated(stripeEvent('refund.created', ours), checkout())).toEqual({
      ...succeeded,
      type: 'payment.refunded',
      data: {
        ...succeeded.data,
        refund: {
          refundId: 'rf_1',
          amount: { amount: 10_000, currency: 'EUR' },
          reason: 'car_not_available',
        },
      },
    });
    const dashboard = stripeRefund({ reason: 'duplicate' });
    expect(translated(stripeEvent('refund.created', dashboard), checkout()).data.refund).toEqual({
      refundId: 're_test_1',
      amount: { amount: 10_000, currency: 'EUR' },
      reason: 'duplicate',
    });
  });

  it('given events of none of our payments, or of no interest, then ignored; a failed refund with a note', () => {
    const foreign = checkoutSession({ client_reference_id: null });
    expect(
      paymentEventFromStripe(stripeEvent('checkout.session.completed', foreign), undefined),
    ).toMatchObject({
      kind: 'ignored',
      note: 'a Checkout Session of none of our payments',
    });
    const dollars = checkoutSession({ currency: 'usd' });
    expect(
      paymentEventFromStripe(stripeEvent('checkout.session.completed', dollars), undefined),
    ).toMatchObject({
      kind: 'ignored',
      note: expect.stringContaining('does not make a payment event'),
    });
    expect(paymentEventFromStripe(stripeEvent('refund.created', stripeRefund()), undefined)).toMatchObject({
      kind: 'ignored',
      note: 'a refund of none of our payments',
    });
    expect(paymentEventFromStripe(stripeEvent('refund.failed', stripeRefund()), checkout())).toMatchObject({
      kind: 'ignored',
      note: 'refund re_test_1 of payment pay_1 failed at Stripe',
    });
    expect(paymentEventFromStripe(stripeEvent('charge.refunded', { id: 'ch_1' }), undefined)).toEqual({
      kind: 'ignored',
      eventId: 'evt_test_1',
      type: 'charge.refunded',
    });
  });

  it('given an event, then the checkout to look up: by session, by our payment id on a refund, else its intent', () => {
    expect(checkoutKeyOf(stripeEvent('checkout.session.expired', checkoutSession()))).toEqual({
      sessionId: 'cs_test_1',
    });
    const ours = stripeRefund({ metadata: refundMetadata('pay_1', 'rf_1', 'other') });
    expect(checkoutKeyOf(stripeEvent('refund.created', ours))).toEqual({ paymentId: 'pay_1' });
    expect(checkoutKeyOf(stripeEvent('refund.created', stripeRefund()))).toEqual({
      paymentIntentId: 'pi_test_1',
    });
    expect(checkoutKeyOf(stripeEvent('customer.created', { id: 'cus_1' }))).toBeUndefined();
  });
});
