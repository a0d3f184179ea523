/**
 * Cancelling a checkout at the sandbox (`cancel`, Stripe's "expire a Checkout Session") on a real
 * database: the `payment.cancelled` webhook, idempotency, refusals, the page's buttons afterwards, the
 * migration's constraints, and a buyer paying at the same moment (true concurrency on PostgreSQL when
 * DATABASE_URL is set; on the embedded PGlite the calls interleave on one session).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IllegalStateError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import type { PaymentEvent } from '../../../domain/payment/paymentEvent.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { createPaymentWebhookReceiver } from './createPaymentWebhookReceiver.ts';
import { createSandboxPayments, type SandboxPayments } from './createSandboxPayments.ts';
import { deliveringAtOnce } from './testing/deliveringAtOnce.ts';

const SECRET = 'whsec_sandbox_cancel_secret';
const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const newPayment = (paymentId: string) => ({
  paymentId,
  amount: eur(50_000),
  description: 'Advance payment, purchase 42',
  successUrl: 'https://shop.test/fr/ok',
  failureUrl: 'https://shop.test/fr/ko',
  metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
});

describe('sandbox payments: cancelling a checkout', () => {
  let db: TestDatabase;
  let now: Date;
  let ids: number;
  let handled: PaymentEvent[];
  let sandbox: SandboxPayments;

  beforeEach(async () => {
    db = await openTestDatabase('default', 20);
    now = new Date('2030-05-01T10:00:00.000Z');
    ids = 0;
    handled = [];
    const receiver = createPaymentWebhookReceiver({
      knex: db.knex,
      schema: db.schema,
      secrets: SECRET,
      clock: () => now,
      onPaymentEvent: async (event) => void handled.push(event),
    });
    const held = createSandboxPayments({
      knex: db.knex,
      schema: db.schema,
      publicUrl: 'https://shop.test',
      webhook: { secret: SECRET },
      clock: () => now,
      newId: () => `id${++ids}`,
    });
    sandbox = deliveringAtOnce(held, () =>
      held.deliverPending(
        async ({ rawBody, signature }) => void (await receiver.receive(rawBody, signature)),
      ),
    );
  });
  afterEach(async () => {
    await db.close();
  });

  const sent = async (paymentId: string) =>
    (
      await db.knex
        .withSchema(db.schema)
        .table('payment_sandbox_events')
        .where({ payment_id: paymentId })
        .select<{ event_type: string }[]>('event_type')
    ).map((e) => e.event_type);

  it('given a pending payment, when it is cancelled, then it is cancelled with its reason and a signed payment.cancelled webhook is taken', async () => {
    await sandbox.createPayment(newPayment('pay-1'));
    now = new Date('2030-05-01T10:07:00.000Z');
    const cancelled = await sandbox.cancel('pay-1', 'buyer_went_back');
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      completedAt: '2030-05-01T10:07:00.000Z',
      cancellationReason: 'buyer_went_back',
      refunded: eur(0),
    });
    expect(await sandbox.get('pay-1')).toEqual(cancelled);
    expect(handled).toEqual([
      {
        id: 'evt_id1',
        type: 'payment.cancelled',
        created: '2030-05-01T10:07:00.000Z',
        data: {
          paymentId: 'pay-1',
          amount: eur(50_000),
          status: 'cancelled',
          metadata: { funnel: 'purchase', purchaseId: '42', locale: 'fr' },
          cancellationReason: 'buyer_went_back',
        },
      },
    ]);
  });

  it('given a cancelled payment, when it is cancelled again, then it is answered unchanged and nothing is sent', async () => {
    await sandbox.createPayment(newPayment('pay-1'));
    const first = await sandbox.cancel('pay-1');
    expect(first.cancellationReason).toBeNull();
    now = new Date(now.getTime() + 60_000);
    expect(await sandbox.cancel('pay-1', 'hold_lost')).toEqual(first);
    expect(await sent('pay-1')).toEqual(['payment.cancelled']);
    expect(handled).toHaveLength(1);
  });

  it('given a cancelled payment, when the buyer presses Pay or Fail on the old page, then nothing completes, nothing is sent and they go to the failure URL', async () => {
    await sandbox.createPayment(newPayment('pay-1'));
    await sandbox.cancel('pay-1');
    for (const outcome of ['succeeded', 'failed'] as const) {
      const answer = await sandbox.complete('pay-1', outcome);
      expect(answer.payment.status).toBe('cancelled');
      expect(answer.redirectUrl).toBe('https://shop.test/fr/ko');
    }
    expect(await sent('pay-1')).toEqual(['payment.cancelled']);
    await expect(sandbox.refund('pay-1', eur(1), 'other')).rejects.toThrow(IllegalStateError);
  });

  it('given a succeeded or failed payment, then cancelling it is an illegal state; an unknown one, not found; a bad reason, a validation error', async () => {
    await sandbox.createPayment(newPayment('paid'));
    await sandbox.createPayment(newPayment('failed'));
    await sandbox.complete('paid', 'succeeded');
    await sandbox.complete('failed', 'failed');
    await expect(sandbox.cancel('paid')).rejects.toThrow(IllegalStateError);
    await expect(sandbox.cancel('failed')).rejects.toThrow(/has already failed/);
    expect((await sandbox.get('paid'))?.status).toBe('succeeded');
    await expect(sandbox.cancel('nope')).rejects.toThrow(NotFoundError);
    await expect(sandbox.cancel('paid', ' ')).rejects.toThrow(ValidationError);
    await expect(sandbox.cancel('paid', 'x'.repeat(201))).rejects.toThrow(ValidationError);
    expect(handled.map((e) => e.type)).toEqual(['payment.succeeded', 'payment.failed']);
  });

  it('given the table, then a status outside the four, or a reason on a payment not cancelled, is refused by the database', async () => {
    await sandbox.createPayment(newPayment('pay-1'));
    const table = () => db.knex.withSchema(db.schema).table('payment_sandbox_payments');
    await expect(
      table().where({ payment_id: 'pay-1' }).update({ status: 'expired', completed_at: now }),
    ).rejects.toThrow(/payment_sandbox_payments_status_check/);
    await expect(
      table().where({ payment_id: 'pay-1' }).update({ cancellation_reason: 'why' }),
    ).rejects.toThrow(/payment_sandbox_payments_cancellation_reason_check/);
  });

  it('given a buyer paying while the app cancels, at the same moment, then exactly one wins and sends the only webhook', async () => {
    const racers = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    for (const id of racers) await sandbox.createPayment(newPayment(id));
    const outcomes = await Promise.all(
      racers.map(async (id, i) => {
        const pay = () => sandbox.complete(id, i % 2 ? 'succeeded' : 'failed');
        const cancel = () =>
          sandbox.cancel(id, 'race').then(
            (p) => p,
            (error: unknown) => {
              if (!(error instanceof IllegalStateError)) throw error;
              return 'refused' as const;
            },
          );
        // Both orders of starting, so either may take the row lock first.
        if (i % 4 < 2) {
          const [paid, cancelled] = await Promise.all([pay(), cancel()]);
          return { id, paid, cancelled };
        }
        const [cancelled, paid] = await Promise.all([cancel(), pay()]);
        return { id, paid, cancelled };
      }),
    );
    const winners = new Set<string>();
    for (const { id, paid, cancelled } of outcomes) {
      const final = (await sandbox.get(id))!;
      const events = await sent(id);
      expect(events, id).toHaveLength(1);
      if (final.status === 'cancelled') {
        // The cancel won: the buyer's press met a cancelled checkout.
        expect(paid.payment.status, id).toBe('cancelled');
        expect(cancelled, id).toMatchObject({ status: 'cancelled' });
        expect(events, id).toEqual(['payment.cancelled']);
      } else {
        // The buyer won: the cancel was refused.
        expect(cancelled, id).toBe('refused');
        expect(paid.payment.status, id).toBe(final.status);
        expect(events, id).toEqual([`payment.${final.status}`]);
      }
      winners.add(final.status === 'cancelled' ? 'cancel' : 'buyer');
    }
    expect(handled).toHaveLength(racers.length);
    console.info(`complete vs cancel on ${db.embedded ? 'PGlite' : 'PostgreSQL'}: won by ${[...winners]}`);
  });
});
