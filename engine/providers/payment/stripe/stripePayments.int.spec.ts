/**
 * The Stripe adapter of the `Payments` port on a real database (DATABASE_URL or PGlite): one contract
 * (session creation and its retries, cancel = expire, refusals) run offline against a stand-in for
 * Stripe's API (testing/fakeStripe.ts) and against Stripe's test mode when `STRIPE_SECRET_KEY` is set
 * (skipped otherwise, with the reason printed); what needs a buyer to pay (refunds, cancelling too late)
 * only offline, where the stand-in can pay.
 */
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConflictError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../../../../domain/errors.ts';
import { openTestDatabase, type TestDatabase } from '../../../testing/testDatabase.ts';
import type { Payments } from '../payments.ts';
import { createStripeClient, createStripePayments } from './createStripePayments.ts';
import { type StripeCheckouts, stripeCheckouts } from './stripeCheckouts.ts';
import { createFakeStripe, type FakeStripe } from './testing/fakeStripe.ts';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
/** Fresh ids each run: Stripe keeps idempotency keys for a day. */
const newPaymentId = (prefix = 'pay') => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
const newPayment = (paymentId: string, amount = 50_000) => ({
  paymentId,
  amount: eur(amount),
  description: 'Acompte, achat 42',
  successUrl: 'https://shop.example.com/fr/acheter/purchase/ok-42/bmw-x3',
  failureUrl: 'https://shop.example.com/fr/acheter/purchase/payment-ko-42/bmw-x3',
  metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
});

interface Harness {
  db: TestDatabase;
  payments: Payments;
  checkouts: StripeCheckouts;
  fake: FakeStripe | undefined;
}

async function openHarness(
  stripe: (now: () => Date) => { client: Stripe; fake?: FakeStripe },
): Promise<Harness> {
  const db = await openTestDatabase();
  const now = () => new Date();
  const { client, fake } = stripe(now);
  return {
    db,
    fake,
    checkouts: stripeCheckouts({ knex: db.knex, schema: db.schema }),
    payments: createStripePayments({ stripe: client, knex: db.knex, schema: db.schema, clock: now }),
  };
}

function describeStripePaymentsContract(target: {
  name: string;
  skipReason: string | undefined;
  stripe: (now: () => Date) => { client: Stripe; fake?: FakeStripe };
}): void {
  if (target.skipReason) {
    console.log(`[skip] Stripe payments contract on ${target.name}: ${target.skipReason}`);
    describe.skip(`Stripe payments contract: ${target.name} (${target.skipReason})`, () => {
      it('is skipped', () => {});
    });
    return;
  }

  describe(`Stripe payments contract: ${target.name}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await openHarness(target.stripe);
    });
    afterAll(async () => {
      await h.db.close();
    });

    it('given a payment, then a Checkout Session: its URL, pending, what was asked', async () => {
      const paymentId = newPaymentId();
      const { checkoutUrl } = await h.payments.createPayment(newPayment(paymentId));
      expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(await h.payments.get(paymentId)).toMatchObject({
        paymentId,
        amount: eur(50_000),
        description: 'Acompte, achat 42',
        metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
        status: 'pending',
        refunded: eur(0),
        refunds: [],
        completedAt: null,
        cancellationReason: null,
      });
      expect(await h.payments.get('pay_unknown')).toBeUndefined();
    });

    it('given a retried create, then the same checkout; with another amount, a conflict', async () => {
      const paymentId = newPaymentId();
      const first = await h.payments.createPayment(newPayment(paymentId));
      expect(await h.payments.createPayment(newPayment(paymentId))).toEqual(first);
      await expect(h.payments.createPayment(newPayment(paymentId, 60_000))).rejects.toBeInstanceOf(
        ConflictError,
      );
    });

    it('given a create whose record was lost (a crash after Stripe answered), then Stripe answers the same session', async () => {
      const paymentId = newPaymentId();
      const first = await h.payments.createPayment(newPayment(paymentId));
      const session = (await h.checkouts.byPaymentId(paymentId))?.sessionId;
      await h.db.knex.raw(`DELETE FROM "${h.db.schema}".payment_stripe_checkouts WHERE payment_id = ?`, [
        paymentId,
      ]);
      expect(await h.payments.createPayment(newPayment(paymentId))).toEqual(first);
      expect((await h.checkouts.byPaymentId(paymentId))?.sessionId).toBe(session);
    });

    it('given a pending payment, when cancelled, then cancelled with its reason; cancelled again, unchanged', async () => {
      const paymentId = newPaymentId('dep');
      await h.payments.createPayment(newPayment(paymentId));
      const cancelled = await h.payments.cancel(paymentId, 'booking ended');
      expect(cancelled).toMatchObject({ status: 'cancelled', cancellationReason: 'booking ended' });
      expect(cancelled.completedAt).not.toBeNull();
      expect(await h.payments.cancel(paymentId, 'another reason')).toMatchObject({
        status: 'cancelled',
        cancellationReason: 'booking ended',
      });
      expect((await h.payments.get(paymentId))?.status).toBe('cancelled');
    });

    it('given refusals: refunding an unpaid payment, unknown payments, bad input', async () => {
      const paymentId = newPaymentId();
      await h.payments.createPayment(newPayment(paymentId));
      await expect(h.payments.refund(paymentId, eur(100), 'other')).rejects.toBeInstanceOf(IllegalStateError);
      await expect(h.payments.refund('pay_unknown', eur(100), 'other')).rejects.toBeInstanceOf(NotFoundError);
      await expect(h.payments.cancel('pay_unknown')).rejects.toBeInstanceOf(NotFoundError);
      await expect(h.payments.cancel(paymentId, '  ')).rejects.toBeInstanceOf(ValidationError);
      await expect(
        h.payments.createPayment({ ...newPayment(paymentId), amount: eur(0) }),
      ).rejects.toBeInstanceOf(ValidationError);
    });
  });
}

describeStripePaymentsContract({
  name: 'the offline stand-in',
  skipReason: undefined,
  stripe: (now) => {
    const fake = createFakeStripe({ now });
    return { client: fake.client, fake };
  },
});

const secretKey = process.env.STRIPE_SECRET_KEY;
describeStripePaymentsContract({
  name: "Stripe's test mode",
  skipReason: !secretKey
    ? 'STRIPE_SECRET_KEY is unset: no Stripe account to test against'
    : !secretKey.startsWith('sk_test_') && !secretKey.startsWith('rk_test_')
      ? 'STRIPE_SECRET_KEY is not a test-mode key (sk_test_…): never run against live payments'
      : undefined,
  stripe: () => ({ client: createStripeClient(secretKey!) }),
});

describe('Stripe payments once the buyer paid (offline stand-in)', () => {
  let h: Harness;
  let fake: FakeStripe;
  const paid = async (prefix = 'pay') => {
    const paymentId = newPaymentId(prefix);
    await h.payments.createPayment(newPayment(paymentId));
    fake.pay((await h.checkouts.byPaymentId(paymentId))!.sessionId);
    return paymentId;
  };
  beforeAll(async () => {
    h = await openHarness((now) => {
      const stand = createFakeStripe({ now });
      return { client: stand.client, fake: stand };
    });
    fake = h.fake!;
  });
  afterAll(async () => {
    await h.db.close();
  });

  it('given a paid session, then succeeded, with when it was paid, and its payment intent noted', async () => {
    const paymentId = await paid();
    const payment = await h.payments.get(paymentId);
    expect(payment).toMatchObject({ status: 'succeeded', refunded: eur(0) });
    expect(payment?.completedAt).not.toBeNull();
    expect((await h.checkouts.byPaymentId(paymentId))?.paymentIntentId).toMatch(/^pi_/);
  });

  it('given refunds with our refund ids, then made once each, with our reason and Stripe’s where one fits; at most what is left', async () => {
    const paymentId = await paid();
    const first = await h.payments.refund(paymentId, eur(20_000), 'cancelled_by_buyer', { refundId: 'rf_a' });
    expect(first).toMatchObject({
      status: 'succeeded',
      refunded: eur(20_000),
      refunds: [{ refundId: 'rf_a', amount: eur(20_000), reason: 'cancelled_by_buyer' }],
    });
    const posted = () => fake.requests.filter((r) => r === 'POST /v1/refunds').length;
    const before = posted();
    // A retried refund: recognised by its id, nothing more refunded.
    expect(
      await h.payments.refund(paymentId, eur(20_000), 'cancelled_by_buyer', { refundId: 'rf_a' }),
    ).toEqual(await h.payments.get(paymentId));
    expect(posted()).toBe(before);
    await expect(
      h.payments.refund(paymentId, eur(1_000), 'other', { refundId: 'rf_a' }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      h.payments.refund(paymentId, eur(30_001), 'other', { refundId: 'rf_b' }),
    ).rejects.toBeInstanceOf(ValidationError);
    const rest = await h.payments.refund(paymentId, eur(30_000), 'car_not_available', { refundId: 'rf_b' });
    expect(rest.refunded).toEqual(eur(50_000));
    expect(rest.refunds.map((r) => [r.refundId, r.reason])).toEqual([
      ['rf_a', 'cancelled_by_buyer'],
      ['rf_b', 'car_not_available'],
    ]);
    expect((await h.payments.get(paymentId))?.refunds).toEqual(rest.refunds);
  });

  it('given a payment the buyer paid before the app cancelled, then IllegalStateError and it stays succeeded', async () => {
    const paymentId = await paid('dep');
    await expect(h.payments.cancel(paymentId, 'booking ended')).rejects.toBeInstanceOf(IllegalStateError);
    expect(await h.payments.get(paymentId)).toMatchObject({ status: 'succeeded', cancellationReason: null });
    expect((await h.checkouts.byPaymentId(paymentId))?.cancelledAt).toBeNull();
  });

  it('given a session that lapsed by itself, then failed, and too late to cancel', async () => {
    const paymentId = newPaymentId();
    await h.payments.createPayment(newPayment(paymentId));
    fake.lapse((await h.checkouts.byPaymentId(paymentId))!.sessionId);
    expect((await h.payments.get(paymentId))?.status).toBe('failed');
    const error = await h.payments.cancel(paymentId, 'expired').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IllegalStateError);
    expect((error as Error).message).toMatch(/has already failed/);
    expect((await h.payments.get(paymentId))?.status).toBe('failed');
  });
});
