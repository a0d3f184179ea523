/**
 * The outbox rows (`mail_outbox`, migration 018): enqueue inside the cause's transaction (once per
 * key), claim due rows under a lease, record the outcome; the back office's list and "send again".
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';

const money = z.object({ amount: z.number().int(), currency: z.enum(['EUR', 'PLN']) });

/** Each template's parameters: ids, amounts, labels and dates, never personal data. */
export const MAIL_PARAMS = {
  purchase_confirmed: z.object({
    purchaseId: z.string(),
    carId: z.string(),
    carLabel: z.string(),
    funding: z.enum(['cash', 'finance']),
    totalDue: money,
    advancePaid: money,
    balanceAtDelivery: money,
  }),
  booking_confirmed: z.object({
    bookingId: z.string(),
    carId: z.string(),
    carLabel: z.string(),
    /** ISO 8601: the car is held until then. */
    heldUntil: z.string(),
    deposit: money.nullable(),
  }),
  staff_invitation: z.object({
    /** ISO 8601: the link works until then. */
    expiresAt: z.string(),
  }),
  // Leads (domain/leads/README.md): the buyer's confirmation and the dealer's notification. The
  // person's words are read from the lead's vault record when the mail is sent.
  lead_confirmation: z.object({
    leadId: z.string(),
    kind: z.string(),
    carLabel: z.string().nullable(),
    dealerId: z.string(),
    dealerName: z.string(),
  }),
  lead_notification: z.object({
    leadId: z.string(),
    kind: z.string(),
    carLabel: z.string().nullable(),
    carId: z.string().nullable(),
  }),
  // Dealer appointments (domain/appointment/README.md): the dealer's name and address are the business's.
  appointment_confirmed: z.object({
    appointmentId: z.string(),
    dealerId: z.string(),
    dealerSlug: z.string(),
    dealerName: z.string(),
    dealerAddress: z.string(),
    purpose: z.enum(['test-drive', 'after-sales', 'trade-in-inspection']),
    /** ISO 8601 instants of the slot. */
    start: z.string(),
    end: z.string(),
  }),
  appointment_cancelled: z.object({
    appointmentId: z.string(),
    dealerId: z.string(),
    dealerSlug: z.string(),
    dealerName: z.string(),
    dealerAddress: z.string(),
    purpose: z.enum(['test-drive', 'after-sales', 'trade-in-inspection']),
    start: z.string(),
    end: z.string(),
  }),
} as const;

export type MailTemplate = keyof typeof MAIL_PARAMS;
export const MAIL_TEMPLATES = Object.keys(MAIL_PARAMS) as MailTemplate[];
export type MailParams<T extends MailTemplate> = z.output<(typeof MAIL_PARAMS)[T]>;

export const MAIL_STATUSES = ['waiting', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `lead`: a lead's contact (engine/leads/leadContacts.ts); `dealer`: a dealer's mailbox (the catalogue). */
export const RECIPIENT_KINDS = ['customer', 'staff', 'lead', 'dealer'] as const;
/** Who a mail goes to, by reference: the address is read when it is sent. */
export interface RecipientRef {
  readonly kind: (typeof RECIPIENT_KINDS)[number];
  readonly id: string;
}

/** Why a waiting mail was dropped. */
export type CancelReason = 'erased' | 'disabled' | 'replaced' | 'accepted' | 'expired' | 'unknown_recipient';

export type NewMail = {
  [T in MailTemplate]: {
    readonly template: T;
    readonly params: MailParams<T>;
  };
}[MailTemplate] & {
  /** Unique per cause: `<event id>:<template>` for events. */
  readonly key: string;
  readonly locale: Locale;
  readonly recipient: RecipientRef;
  /** A sealed one-time secret (mailSecrets.ts), opened only to render. */
  readonly secret?: Buffer;
};

export interface OutboxMail {
  readonly id: string;
  readonly key: string;
  readonly template: MailTemplate;
  readonly locale: Locale;
  readonly recipient: RecipientRef;
  readonly params: Record<string, unknown>;
  readonly secret: Buffer | null;
  readonly status: MailStatus;
  readonly attempts: number;
  readonly dueAt: Date;
  readonly lastError: string | null;
  readonly cancelReason: string | null;
  readonly messageId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sentAt: Date | null;
}

interface OutboxRow {
  id: string;
  dedupe_key: string;
  template: MailTemplate;
  locale: Locale;
  recipient_kind: RecipientRef['kind'];
  recipient_id: string;
  params: Record<string, unknown>;
  secret: Buffer | null;
  status: MailStatus;
  attempts: number;
  due_at: Date;
  last_error: string | null;
  cancel_reason: string | null;
  message_id: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

const toMail = (row: OutboxRow): OutboxMail => ({
  id: String(row.id),
  key: row.dedupe_key,
  template: row.template,
  locale: row.locale,
  recipient: { kind: row.recipient_kind, id: row.recipient_id },
  params: row.params,
  secret: row.secret,
  status: row.status,
  attempts: row.attempts,
  dueAt: row.due_at,
  lastError: row.last_error,
  cancelReason: row.cancel_reason,
  messageId: row.message_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  sentAt: row.sent_at,
});

export const quoteSchema = (schema = 'public') => `"${schema.replaceAll('"', '""')}"`;

/**
 * Adds a mail in the caller's transaction (the one writing its cause); a key already there adds
 * nothing. Answers whether a row was added.
 */
export async function enqueueMail(
  trx: Knex | Knex.Transaction,
  mail: NewMail,
  options: { readonly schema?: string; readonly now: Date },
): Promise<boolean> {
  const params = MAIL_PARAMS[mail.template].parse(mail.params);
  if (!LOCALES.includes(mail.locale)) throw new TypeError(`mail ${mail.key}: unknown locale ${mail.locale}`);
  const { rows } = await trx.raw(
    `INSERT INTO ${quoteSchema(options.schema)}.mail_outbox
       (dedupe_key, template, locale, recipient_kind, recipient_id, params, secret, due_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      mail.key,
      mail.template,
      mail.locale,
      mail.recipient.kind,
      mail.recipient.id,
      JSON.stringify(params),
      mail.secret ?? null,
      options.now,
      options.now,
      options.now,
    ],
  );
  return rows.length > 0;
}

/** Cancels the waiting mails of a recipient (say, a customer just erased); answers how many. */
export async function cancelWaitingMails(
  trx: Knex | Knex.Transaction,
  recipient: RecipientRef,
  reason: CancelReason,
  options: { readonly schema?: string; readonly now: Date },
): Promise<number> {
  const { rowCount } = await trx.raw(
    `UPDATE ${quoteSchema(options.schema)}.mail_outbox
     SET status = 'cancelled', cancel_reason = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
     WHERE recipient_kind = ? AND recipient_id = ? AND status = 'waiting'`,
    [reason, options.now, recipient.kind, recipient.id],
  );
  return rowCount ?? 0;
}

/** A claimed row: its lease must be shown to record the outcome. */
export interface ClaimedMail extends OutboxMail {
  readonly lease: string;
}

export interface MailOutbox {
  /**
   * Takes up to `limit` due waiting rows nobody holds (SKIP LOCKED; an expired lease is free again),
   * leases them until `now + leaseMs` and counts the attempt.
   */
  claim(limit: number, now: Date, leaseMs: number): Promise<ClaimedMail[]>;
  markSent(mail: ClaimedMail, messageId: string, now: Date): Promise<boolean>;
  /** A failed attempt: waiting again at `retryAt`, or `failed` when there is none. */
  markFailed(mail: ClaimedMail, error: string, retryAt: Date | null, now: Date): Promise<boolean>;
  markCancelled(mail: ClaimedMail, reason: CancelReason, now: Date): Promise<boolean>;
  /** The back office's list, newest first. */
  list(query: MailListQuery): Promise<{ readonly mails: OutboxMail[]; readonly total: number }>;
  /** A failed mail back to `waiting`, due now, attempts reset; other states → ConflictError. */
  sendAgain(id: string, now: Date): Promise<OutboxMail>;
  /** One mail; unknown → NotFoundError. */
  get(id: string): Promise<OutboxMail>;
}

export interface MailListQuery {
  readonly status?: MailStatus | undefined;
  readonly limit: number;
  readonly offset: number;
}

export function createMailOutbox(options: { readonly knex: Knex; readonly schema?: string }): MailOutbox {
  const { knex } = options;
  const table = `${quoteSchema(options.schema)}.mail_outbox`;

  async function leased(mail: ClaimedMail, set: string, bindings: Knex.RawBinding[]): Promise<boolean> {
    const { rowCount } = await knex.raw(
      `UPDATE ${table} SET ${set}, lease_owner = NULL, lease_until = NULL
       WHERE id = ? AND lease_owner = ? AND status = 'waiting'`,
      [...bindings, mail.id, mail.lease],
    );
    return (rowCount ?? 0) > 0;
  }

  return {
    async claim(limit, now, leaseMs) {
      const lease = randomUUID();
      const { rows } = await knex.raw(
        `UPDATE ${table} o SET lease_owner = ?, lease_until = ?, attempts = o.attempts + 1, updated_at = ?
         WHERE o.id IN (
           SELECT id FROM ${table}
           WHERE status = 'waiting' AND due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
           ORDER BY due_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING o.*`,
        [lease, new Date(now.getTime() + leaseMs), now, now, now, limit],
      );
      return (rows as OutboxRow[]).map((row) => ({ ...toMail(row), lease }));
    },
    markSent: (mail, messageId, now) =>
      leased(mail, `status = 'sent', message_id = ?, sent_at = ?, updated_at = ?, last_error = NULL`, [
        messageId,
        now,
        now,
      ]),
    markFailed: (mail, error, retryAt, now) =>
      retryAt
        ? leased(mail, 'last_error = ?, due_at = ?, updated_at = ?', [error, retryAt, now])
        : leased(mail, `status = 'failed', last_error = ?, updated_at = ?`, [error, now]),
    markCancelled: (mail, reason, now) =>
      leased(mail, `status = 'cancelled', cancel_reason = ?, updated_at = ?`, [reason, now]),
    async list(query) {
      const where = query.status ? 'WHERE status = ?' : '';
      const bindings = query.status ? [query.status] : [];
      const { rows } = await knex.raw(
        `SELECT *, count(*) OVER () AS total FROM ${table} ${where}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        [...bindings, query.limit, query.offset],
      );
      const total = rows[0] ? Number(rows[0].total) : 0;
      return { mails: (rows as OutboxRow[]).map(toMail), total };
    },
    async get(id) {
      const found = /^[1-9]\d{0,17}$/.test(id)
        ? ((await knex.raw(`SELECT * FROM ${table} WHERE id = ?`, [id])).rows as OutboxRow[])[0]
        : undefined;
      if (!found) throw new NotFoundError(`mail ${id} not found`, { id });
      return toMail(found);
    },
    async sendAgain(id, now) {
      if (!/^[1-9]\d{0,17}$/.test(id)) throw new NotFoundError(`mail ${id} not found`, { id });
      const { rows } = await knex.raw(
        `UPDATE ${table} SET status = 'waiting', attempts = 0, due_at = ?, updated_at = ?,
           lease_owner = NULL, lease_until = NULL
         WHERE id = ? AND status = 'failed' RETURNING *`,
        [now, now, id],
      );
      if (rows[0]) return toMail(rows[0]);
      const { rows: found } = await knex.raw(`SELECT status FROM ${table} WHERE id = ?`, [id]);
      if (!found[0]) throw new NotFoundError(`mail ${id} not found`, { id });
      throw new ConflictError(`mail ${id} is ${found[0].status}: only a failed mail can be sent again`, {
        status: found[0].status,
        allowed: [],
      });
    },
  };
}
