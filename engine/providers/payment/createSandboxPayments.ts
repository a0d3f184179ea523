/**
 * The sandbox payment provider: a hosted checkout that runs inside the app, for development, tests and
 * demos. Payments, refunds and outgoing webhooks live in PostgreSQL (migration 007); the checkout page is
 * served by http/routes/paymentSandbox.ts, where the buyer presses "Pay" or "Fail"; `complete` then
 * records the outcome and its signed webhook and answers where to redirect the buyer. `cancel` ends a
 * pending checkout (the app gave it up): the page then says it is no longer payable and its buttons
 * change nothing. Webhooks are POSTed to a URL at once, or (no URL: the app in the same process) held
 * until `deliverPending(to)` hands them over (createWebhookCourier.ts). Like a real provider's, they are
 * at-least-once: an undelivered one is sent again, so the receiver must recognise replays
 * (createPaymentWebhookReceiver.ts does).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../../domain/errors.ts';
import {
  type CheckoutOutcome,
  cancelPayment,
  completePayment,
  newPaymentSchema,
  type Payment,
  type REFUND_REASONS,
  refundPayment,
  sameNewPayment,
} from '../../../domain/payment/payment.ts';
import type { PaymentEvent, PaymentEventType } from '../../../domain/payment/paymentEvent.ts';
import { validate } from '../../../domain/validate.ts';
import { cancelInputSchema, refundInputSchema } from './paymentInputs.ts';
import type { Payments } from './payments.ts';
import { signWebhook } from './webhookSignature.ts';

/** Where the sandbox's checkout pages are served. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';

/** One webhook as sent: the raw JSON body and its `Sandbox-Signature` header value. */
export interface WebhookDelivery {
  readonly eventId: string;
  readonly rawBody: string;
  readonly signature: string;
}

/** Where a held webhook goes (in process: the receiver). */
export type WebhookTarget = (delivery: WebhookDelivery) => Promise<void>;

/** The logger's shape (pino / Fastify's `log`). */
export interface ProviderLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface SandboxPaymentsOptions {
  readonly knex: Knex;
  /** The schema of migration 007's tables (default `public`). */
  readonly schema?: string;
  /** The public URL of the app that serves the checkout page (checkout URLs start with it). */
  readonly publicUrl: string;
  readonly webhook: {
    /** Signs every webhook (HMAC-SHA256). */
    readonly secret: string;
    /** POST each webhook to this URL at once (the receiving app's webhook route); without one, they are held for `deliverPending`. */
    readonly url?: string;
  };
  readonly clock?: () => Date;
  readonly newId?: () => string;
  readonly fetch?: typeof fetch;
  readonly log?: ProviderLog;
}

export interface SandboxPayments extends Payments {
  /**
   * The buyer's outcome at the checkout page. A pending payment completes, a webhook is sent; a payment
   * already completed or cancelled stays as it is (no second webhook). Answers the payment and where to
   * send the buyer (its success URL if it succeeded, else its failure URL). Unknown → NotFoundError.
   */
  complete(paymentId: string, outcome: CheckoutOutcome): Promise<{ payment: Payment; redirectUrl: string }>;
  /**
   * Sends the webhooks not delivered yet (up to 100, oldest first) to `to`, or to the URL (waiting for
   * those another round has on their way); answers how many went and how many failed again.
   */
  deliverPending(to?: WebhookTarget): Promise<{ delivered: number; failed: number }>;
}

interface PaymentRow {
  payment_id: string;
  amount: string | number;
  currency: 'EUR' | 'PLN';
  description: string;
  success_url: string;
  failure_url: string;
  metadata: Record<string, string>;
  status: Payment['status'];
  refunded_amount: string | number;
  created_at: Date;
  completed_at: Date | null;
  cancellation_reason: string | null;
}

interface RefundRow {
  refund_id: string;
  payment_id: string;
  amount: string | number;
  reason: (typeof REFUND_REASONS)[number];
  created_at: Date;
}

interface EventRow {
  event_id: string;
  body: string;
}

const toPayment = (row: PaymentRow, refunds: readonly RefundRow[]): Payment => ({
  paymentId: row.payment_id,
  amount: { amount: Number(row.amount), currency: row.currency },
  description: row.description,
  successUrl: row.success_url,
  failureUrl: row.failure_url,
  metadata: row.metadata,
  status: row.status,
  refunded: { amount: Number(row.refunded_amount), currency: row.currency },
  refunds: refunds.map((r) => ({
    refundId: r.refund_id,
    amount: { amount: Number(r.amount), currency: row.currency },
    reason: r.reason,
    createdAt: r.created_at.toISOString(),
  })),
  createdAt: row.created_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
  cancellationReason: row.cancellation_reason,
});

export function createSandboxPayments(options: SandboxPaymentsOptions): SandboxPayments {
  const { knex } = options;
  const schema = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const table = (name: string) => `${schema}.${name}`;
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const send = options.fetch ?? fetch;
  const base = options.publicUrl.replace(/\/+$/, '');
  const checkoutUrl = (paymentId: string) =>
    `${base}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(paymentId)}`;

  async function rows<T>(
    db: Knex | Knex.Transaction,
    sql: string,
    bindings: readonly unknown[],
  ): Promise<T[]> {
    return (await db.raw<{ rows: T[] }>(sql, bindings as Knex.RawBinding[])).rows;
  }

  async function load(
    db: Knex | Knex.Transaction,
    paymentId: string,
    lock = false,
  ): Promise<Payment | undefined> {
    const [row] = await rows<PaymentRow>(
      db,
      `SELECT * FROM ${table('payment_sandbox_payments')} WHERE payment_id = ?${lock ? ' FOR UPDATE' : ''}`,
      [paymentId],
    );
    if (!row) return undefined;
    const refunds = await rows<RefundRow>(
      db,
      `SELECT * FROM ${table('payment_sandbox_refunds')} WHERE payment_id = ? ORDER BY created_at, refund_id`,
      [paymentId],
    );
    return toPayment(row, refunds);
  }

  /** Stores the webhook to send (in the caller's transaction) and answers it. */
  async function recordEvent(
    trx: Knex.Transaction,
    type: PaymentEventType,
    payment: Payment,
    refund?: Payment['refunds'][number],
  ): Promise<EventRow> {
    const event: PaymentEvent = {
      id: `evt_${newId()}`,
      type,
      created: clock().toISOString(),
      data: {
        paymentId: payment.paymentId,
        amount: payment.amount,
        status: payment.status,
        metadata: { ...payment.metadata },
        ...(refund
          ? { refund: { refundId: refund.refundId, amount: refund.amount, reason: refund.reason } }
          : {}),
        ...(payment.cancellationReason ? { cancellationReason: payment.cancellationReason } : {}),
      },
    };
    const body = JSON.stringify(event);
    await trx.raw(
      `INSERT INTO ${table('payment_sandbox_events')} (event_id, payment_id, event_type, body, created_at)
       VALUES (?, ?, ?, ?, ?)`,
      [event.id, payment.paymentId, type, body, clock()],
    );
    return { event_id: event.id, body };
  }

  /** A webhook just recorded: POSTed at once to the URL; without one it waits for `deliverPending`. */
  async function sent(event: EventRow | undefined): Promise<void> {
    if (event && options.webhook.url) await deliver(event);
  }

  /** The deliveries on their way, by event: another round waits for one rather than send it again. */
  const delivering = new Map<string, Promise<boolean>>();
  /**
   * The deliveries the current call chain runs inside: the receiver's hook may refund or cancel, which
   * records another webhook and delivers what is held, the webhook it is answering included; such a
   * round sends what is not on its way and waits for none (two answers waiting for each other would
   * never end).
   */
  const inside = new AsyncLocalStorage<ReadonlySet<string>>();

  /** One delivery attempt, signed now (each attempt carries a fresh timestamp, as at Stripe). */
  function deliver(event: EventRow, to?: WebhookTarget): Promise<boolean> {
    const chain = new Set(inside.getStore()).add(event.event_id);
    const attempt = inside
      .run(chain, () => attemptDelivery(event, to))
      .finally(() => delivering.delete(event.event_id));
    delivering.set(event.event_id, attempt);
    return attempt;
  }

  async function attemptDelivery(event: EventRow, to?: WebhookTarget): Promise<boolean> {
    const signature = signWebhook(options.webhook.secret, event.body, Math.floor(clock().getTime() / 1000));
    try {
      if (to) {
        await to({ eventId: event.event_id, rawBody: event.body, signature });
      } else {
        const response = await send(options.webhook.url!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
          body: event.body,
        });
        if (!response.ok) throw new Error(`the webhook endpoint answered ${response.status}`);
      }
      await knex.raw(
        `UPDATE ${table('payment_sandbox_events')} SET delivered_at = ?, attempts = attempts + 1, last_error = NULL
         WHERE event_id = ?`,
        [clock(), event.event_id],
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await knex.raw(
        `UPDATE ${table('payment_sandbox_events')} SET attempts = attempts + 1, last_error = ? WHERE event_id = ?`,
        [message.slice(0, 1_000), event.event_id],
      );
      options.log?.warn(
        { eventId: event.event_id, err: error },
        'sandbox payments: webhook not delivered, kept for redelivery',
      );
      return false;
    }
  }

  return {
    async createPayment(input) {
      const payment = validate(newPaymentSchema, input, 'payment');
      const inserted = await rows<{ payment_id: string }>(
        knex,
        `INSERT INTO ${table('payment_sandbox_payments')}
           (payment_id, amount, currency, description, success_url, failure_url, metadata, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, 'pending', ?)
         ON CONFLICT (payment_id) DO NOTHING RETURNING payment_id`,
        [
          payment.paymentId,
          payment.amount.amount,
          payment.amount.currency,
          payment.description,
          payment.successUrl,
          payment.failureUrl,
          JSON.stringify(payment.metadata),
          clock(),
        ],
      );
      if (inserted.length === 0) {
        const existing = await load(knex, payment.paymentId);
        if (!existing || !sameNewPayment(existing, payment)) {
          throw new ConflictError(`payment ${payment.paymentId} exists with another amount or other URLs`, {
            paymentId: payment.paymentId,
          });
        }
      }
      return { checkoutUrl: checkoutUrl(payment.paymentId) };
    },

    async refund(paymentId, amount, reason, refundOptions = {}) {
      const input = validate(refundInputSchema, { paymentId, amount, reason, ...refundOptions }, 'refund');
      const refundId = input.refundId ?? newId();
      const { payment, event } = await knex.transaction(async (trx) => {
        const current = await load(trx, input.paymentId, true);
        if (!current)
          throw new NotFoundError(`no payment ${input.paymentId}`, { paymentId: input.paymentId });
        const [earlier] = await rows<RefundRow>(
          trx,
          `SELECT * FROM ${table('payment_sandbox_refunds')} WHERE refund_id = ?`,
          [refundId],
        );
        if (earlier) {
          if (earlier.payment_id !== current.paymentId || Number(earlier.amount) !== input.amount.amount) {
            throw new ConflictError(`refund ${refundId} exists for another payment or amount`, { refundId });
          }
          return { payment: current, event: undefined };
        }
        const at = clock();
        const next = refundPayment(current, {
          refundId,
          amount: input.amount,
          reason: input.reason,
          at: at.toISOString(),
        });
        await trx.raw(
          `UPDATE ${table('payment_sandbox_payments')} SET refunded_amount = ? WHERE payment_id = ?`,
          [next.refunded.amount, next.paymentId],
        );
        await trx.raw(
          `INSERT INTO ${table('payment_sandbox_refunds')} (refund_id, payment_id, amount, reason, created_at)
           VALUES (?, ?, ?, ?, ?)`,
          [refundId, next.paymentId, input.amount.amount, input.reason, at],
        );
        return {
          payment: next,
          event: await recordEvent(trx, 'payment.refunded', next, next.refunds.at(-1)),
        };
      });
      await sent(event);
      return payment;
    },

    async get(paymentId) {
      return load(knex, paymentId);
    },

    async complete(paymentId, outcome) {
      const { payment, event } = await knex.transaction(async (trx) => {
        const current = await load(trx, paymentId, true);
        if (!current) throw new NotFoundError(`no payment ${paymentId}`, { paymentId });
        // Completed already (the other button in another tab, a back button) or cancelled by the app: it
        // stays as it is, and the buyer goes to the failure URL unless it succeeded.
        if (current.status !== 'pending') return { payment: current, event: undefined };
        const next = completePayment(current, outcome, clock().toISOString());
        await trx.raw(
          `UPDATE ${table('payment_sandbox_payments')} SET status = ?, completed_at = ? WHERE payment_id = ?`,
          [next.status, next.completedAt, paymentId],
        );
        const type = outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed';
        return { payment: next, event: await recordEvent(trx, type, next) };
      });
      await sent(event);
      return {
        payment,
        redirectUrl: payment.status === 'succeeded' ? payment.successUrl : payment.failureUrl,
      };
    },

    async cancel(paymentId, reason) {
      const input = validate(cancelInputSchema, { paymentId, reason }, 'cancel');
      const { payment, event } = await knex.transaction(async (trx) => {
        // The row lock orders this against a `complete` of the same payment: the second sees the first.
        const current = await load(trx, input.paymentId, true);
        if (!current)
          throw new NotFoundError(`no payment ${input.paymentId}`, { paymentId: input.paymentId });
        const next = cancelPayment(current, clock().toISOString(), input.reason);
        if (next === current) return { payment: current, event: undefined };
        const updated = await rows<{ payment_id: string }>(
          trx,
          `UPDATE ${table('payment_sandbox_payments')}
           SET status = 'cancelled', completed_at = ?, cancellation_reason = ?
           WHERE payment_id = ? AND status = 'pending' RETURNING payment_id`,
          [next.completedAt, next.cancellationReason, next.paymentId],
        );
        if (updated.length === 0) throw new Error(`payment ${next.paymentId} changed under its row lock`);
        return { payment: next, event: await recordEvent(trx, 'payment.cancelled', next) };
      });
      await sent(event);
      return payment;
    },

    async deliverPending(to) {
      if (!to && !options.webhook.url)
        throw new Error('sandbox payments: no webhook URL: say where to deliver');
      const pending = await rows<EventRow>(
        knex,
        `SELECT event_id, body FROM ${table('payment_sandbox_events')}
         WHERE delivered_at IS NULL ORDER BY created_at, event_id LIMIT 100`,
        [],
      );
      let delivered = 0;
      let failed = 0;
      const answering = inside.getStore();
      for (const event of pending) {
        if (answering && delivering.has(event.event_id)) continue;
        // On its way in another round (the courier's background one): its outcome is this round's too,
        // so a flush returns once the webhook has been answered (the checkout's redirect relies on it).
        if (await (delivering.get(event.event_id) ?? deliver(event, to))) delivered++;
        else failed++;
      }
      return { delivered, failed };
    },
  };
}
