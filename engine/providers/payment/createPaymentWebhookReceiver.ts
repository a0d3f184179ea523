/**
 * The receiving end of payment webhooks: checks the signature over the raw body (bad → refused and
 * logged), parses the event, and hands each event to `onPaymentEvent`. Idempotency by the event's id:
 * the id is recorded in `payment_webhook_events` once the hook has succeeded, and an event whose id is
 * recorded changes nothing; copies arriving at once in one process wait for the first, then see its id.
 * If the hook fails, nothing is recorded and the provider's retry processes the event again.
 *
 * What an event does to a purchase or a booking is the funnel integration's business: it is the
 * `onPaymentEvent` option. The hook must be idempotent itself (use the webhook event id as its command's
 * idempotency key): copies reaching two app instances at once, or a crash between the hook and the
 * record, run it twice.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../../domain/errors.ts';
import { type PaymentEvent, paymentEventSchema } from '../../../domain/payment/paymentEvent.ts';
import { validate } from '../../../domain/validate.ts';
import type { ProviderLog } from './createSandboxPayments.ts';
import { DEFAULT_TOLERANCE_SECONDS, verifyWebhookSignature } from './webhookSignature.ts';

export interface PaymentWebhookReceiverOptions {
  readonly knex: Knex;
  /** The schema of `payment_webhook_events` (default `public`). */
  readonly schema?: string;
  /** The webhook signing secret(s) shared with the provider. */
  readonly secrets: string | readonly string[];
  /** How far the signature's timestamp may be from now, in seconds (default 300). */
  readonly toleranceSeconds?: number;
  readonly clock?: () => Date;
  /** What a payment event does (the funnel integration wires it): called once per event id. */
  readonly onPaymentEvent: (event: PaymentEvent) => Promise<void>;
  readonly log?: ProviderLog;
}

export interface PaymentWebhookReceiver {
  /**
   * Handles one webhook. Bad or missing signature, a timestamp outside the tolerance → logged and
   * ValidationError on `signature` (400: the sender must not retry it as is); a body that is not a
   * payment event → ValidationError. A replayed event → `{ duplicate: true }`, the hook not called.
   */
  receive(
    rawBody: string,
    signatureHeader: string | undefined,
  ): Promise<{ eventId: string; duplicate: boolean }>;
}

export function createPaymentWebhookReceiver(options: PaymentWebhookReceiverOptions): PaymentWebhookReceiver {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".payment_webhook_events`;
  const clock = options.clock ?? (() => new Date());
  const inFlight = new Map<string, Promise<{ eventId: string; duplicate: boolean }>>();

  /**
   * The hook runs outside any transaction: it reads and appends on other connections (the funnels'
   * streams), which on the embedded PGlite would wait forever behind a transaction held open here
   * (engine/database/openDatabase.ts). The event id is recorded once the hook succeeded; a hook that
   * fails records nothing, so the provider's retry runs it again.
   */
  async function processOnce(event: PaymentEvent): Promise<{ eventId: string; duplicate: boolean }> {
    const seen = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM ${table} WHERE event_id = ?`, [event.id]);
    if (seen.rows.length > 0) return { eventId: event.id, duplicate: true };
    await options.onPaymentEvent(event);
    const { rows } = await knex.raw<{ rows: unknown[] }>(
      `INSERT INTO ${table} (event_id, event_type, payment_id, received_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [event.id, event.type, event.data.paymentId, clock()],
    );
    return { eventId: event.id, duplicate: rows.length === 0 };
  }

  return {
    async receive(rawBody, signatureHeader) {
      const check = verifyWebhookSignature({
        secrets: options.secrets,
        header: signatureHeader,
        rawBody,
        nowSeconds: Math.floor(clock().getTime() / 1000),
        toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      });
      if (!check.ok) {
        options.log?.warn(
          { reason: check.reason, bytes: rawBody.length },
          'payment webhook refused: bad signature',
        );
        throw ValidationError.field('signature', `is not valid (${check.reason})`);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw ValidationError.field('body', 'is not JSON');
      }
      const event = validate(paymentEventSchema, parsed, 'payment event');
      // Copies of one event in this process wait for each other, so the hook runs once here.
      const previous = inFlight.get(event.id) ?? Promise.resolve();
      const run = previous.catch(() => {}).then(() => processOnce(event));
      inFlight.set(event.id, run);
      try {
        return await run;
      } finally {
        if (inFlight.get(event.id) === run) inFlight.delete(event.id);
      }
    },
  };
}
