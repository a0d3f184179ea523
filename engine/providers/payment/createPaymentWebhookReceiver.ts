/**
 * The receiving end of payment webhooks: checks the signature over the raw body (bad → refused and
 * logged), reads the event, and hands each payment event to `onPaymentEvent`. Idempotency by the event's
 * id: the id is recorded in `payment_webhook_events` once the hook has succeeded, and an event whose id
 * is recorded changes nothing; copies arriving at once in one process wait for the first, then see its
 * id. If the hook fails, nothing is recorded and the provider's retry processes the event again.
 *
 * How a webhook is verified and read depends on its provider (a `PaymentWebhookSource`): the sandbox's
 * (the default, with `secrets`: `Sandbox-Signature`, our event shape) or a real provider's, which
 * verifies the provider's own signature and translates its events (stripe/createStripeWebhookSource.ts).
 * Whichever it is, this is the one place that records event ids and calls the hook.
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
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, verifyWebhookSignature } from './webhookSignature.ts';

/** What a source made of one webhook. */
export type WebhookReading =
  /** A payment event for the hook. */
  | { readonly kind: 'event'; readonly event: PaymentEvent }
  /** A genuine webhook that means nothing to the funnels: acknowledged; `note` is logged when given. */
  | { readonly kind: 'ignored'; readonly eventId: string; readonly type: string; readonly note?: string }
  /** The signature did not verify (missing, malformed, too old, not ours): why, for the log. */
  | { readonly kind: 'refused'; readonly reason: string };

/** One provider's way of signing and shaping its webhooks. */
export interface PaymentWebhookSource {
  /** The request header carrying the signature, in lower case (`sandbox-signature`, `stripe-signature`). */
  readonly signatureHeader: string;
  /**
   * Verifies the signature over the raw body as received and reads the event. Never throws for a bad
   * signature (answers `refused`); a signed body that is not an event it knows → ValidationError.
   */
  read(rawBody: string, signatureHeader: string | undefined): Promise<WebhookReading>;
}

interface ReceiverCommonOptions {
  readonly knex: Knex;
  /** The schema of `payment_webhook_events` (default `public`). */
  readonly schema?: string;
  readonly clock?: () => Date;
  /** What a payment event does (the funnel integration wires it): called once per event id. */
  readonly onPaymentEvent: (event: PaymentEvent) => Promise<void>;
  readonly log?: ProviderLog;
}

export type PaymentWebhookReceiverOptions = ReceiverCommonOptions &
  (
    | {
        /** The sandbox's webhooks: the signing secret(s) shared with it. */
        readonly secrets: string | readonly string[];
        /** How far the signature's timestamp may be from now, in seconds (default 300). */
        readonly toleranceSeconds?: number;
        readonly source?: never;
      }
    | {
        /** A real provider's webhooks (e.g. createStripeWebhookSource). */
        readonly source: PaymentWebhookSource;
        readonly secrets?: never;
      }
  );

export interface PaymentWebhookReceiver {
  /** The request header the webhook route hands to `receive`. */
  readonly signatureHeader: string;
  /**
   * Handles one webhook. Bad or missing signature, a timestamp outside the tolerance → logged and
   * ValidationError on `signature` (400: the sender must not retry it as is); a body that is not a
   * payment event → ValidationError. A replayed event → `{ duplicate: true }`, the hook not called. An
   * event the source ignores (a type of no interest) → acknowledged, `{ ignored: true }`, nothing done.
   */
  receive(
    rawBody: string,
    signatureHeader: string | undefined,
  ): Promise<{ eventId: string; duplicate: boolean; ignored?: true }>;
}

/** The sandbox's webhooks: `Sandbox-Signature` (webhookSignature.ts) over our own event shape. */
export function sandboxWebhookSource(options: {
  readonly secrets: string | readonly string[];
  readonly toleranceSeconds?: number;
  readonly clock?: () => Date;
}): PaymentWebhookSource {
  const clock = options.clock ?? (() => new Date());
  return {
    signatureHeader: SIGNATURE_HEADER,
    async read(rawBody, signatureHeader) {
      const check = verifyWebhookSignature({
        secrets: options.secrets,
        header: signatureHeader,
        rawBody,
        nowSeconds: Math.floor(clock().getTime() / 1000),
        toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      });
      if (!check.ok) return { kind: 'refused', reason: check.reason };
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw ValidationError.field('body', 'is not JSON');
      }
      return { kind: 'event', event: validate(paymentEventSchema, parsed, 'payment event') };
    },
  };
}

export function createPaymentWebhookReceiver(options: PaymentWebhookReceiverOptions): PaymentWebhookReceiver {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".payment_webhook_events`;
  const clock = options.clock ?? (() => new Date());
  const source =
    options.source ??
    sandboxWebhookSource({
      secrets: options.secrets,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
      clock,
    });
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
    signatureHeader: source.signatureHeader,
    async receive(rawBody, signatureHeader) {
      const reading = await source.read(rawBody, signatureHeader);
      if (reading.kind === 'refused') {
        options.log?.warn(
          { reason: reading.reason, bytes: rawBody.length },
          'payment webhook refused: bad signature',
        );
        throw ValidationError.field('signature', `is not valid (${reading.reason})`);
      }
      if (reading.kind === 'ignored') {
        if (reading.note)
          options.log?.warn(
            { eventId: reading.eventId, type: reading.type },
            `payment webhook ignored: ${reading.note}`,
          );
        return { eventId: reading.eventId, duplicate: false, ignored: true };
      }
      const { event } = reading;
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
