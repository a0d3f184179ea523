/**
 * The mail worker: claims due outbox rows under a lease, reads each recipient (vault or staff
 * accounts), renders, sends through the transport and records the outcome; a failure is retried with
 * exponential backoff up to `maxAttempts`, then the row is `failed` (engine/mail/README.md).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { isDomainError } from '../../domain/errors.ts';
import { marketOf } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { CustomerVault } from '../customers/vault/customerVault.ts';
import { CustomerErasedError } from '../customers/vault/customerVault.ts';
import { createPollLoop } from '../timers/createPollLoop.ts';
import { type CancelReason, type ClaimedMail, createMailOutbox, quoteSchema } from './mailOutbox.ts';
import type { MailSecrets } from './mailSecrets.ts';
import { type RenderFacts, renderMail } from './mailTemplates.ts';
import type { MailTransport } from './mailTransport.ts';

export interface MailWorkerOptions {
  readonly knex: Knex;
  readonly schema?: string;
  readonly transport: MailTransport;
  readonly vault: Pick<CustomerVault, 'read'>;
  readonly secrets: MailSecrets;
  /**
   * The leads' recipients and words (engine/leads): a lead's contact from its vault record (`erased` once
   * the person was erased), a dealer's mailbox from the catalogue. Without it, lead mails are cancelled.
   */
  readonly leads?: {
    contact(leadId: string): Promise<LeadContactForMail | 'erased' | undefined>;
    dealer(dealerId: string): Promise<{ readonly email: string; readonly name: string } | undefined>;
  };
  /** Where links point (the invitation page): `PUBLIC_URL`. */
  readonly publicUrl: string;
  /** The sender, `MAIL_FROM` (default `no-reply@<public host>`). */
  readonly from: string;
  readonly clock?: () => Date;
  /** Signs an appointment's manage link (engine/appointments: cancel or move without signing in). */
  readonly appointmentToken?: (appointmentId: string) => string;
  /** Rows claimed at once (default 5). */
  readonly batchSize?: number;
  /**
   * How long claimed rows are this worker's (default 10 min, more than a batch of sends takes at the
   * SMTP transport's timeouts); a worker that died frees them after.
   */
  readonly leaseMs?: number;
  /** The first retry's delay, doubled per attempt (default 1 min), capped at `maxDelayMs` (1 h). */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Attempts before a row is `failed` (default 8). */
  readonly maxAttempts?: number;
  readonly pollIntervalMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

export interface MailWorker {
  start(): void;
  stop(): Promise<void>;
  /** One round: claims and handles what is due now; answers how many rows it handled. */
  runOnce(): Promise<number>;
}

/** A lead's contact as the lead mails show it. */
export interface LeadContactForMail {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phone?: string;
  readonly message: string;
}

/** A recipient read at send time, or why the mail is dropped. */
type Recipient = { readonly email: string; readonly name: string } | { readonly cancel: CancelReason };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { knex, transport, vault, secrets } = options;
  const s = quoteSchema(options.schema);
  const outbox = createMailOutbox({ knex, ...(options.schema ? { schema: options.schema } : {}) });
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 5;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const baseDelayMs = options.baseDelayMs ?? 60_000;
  const maxDelayMs = options.maxDelayMs ?? 60 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const log = options.log ?? (() => {});
  const host = new URL(options.publicUrl).hostname || 'localhost';

  async function recipientOf(mail: ClaimedMail): Promise<Recipient> {
    const { kind, id } = mail.recipient;
    switch (kind) {
      case 'customer':
        try {
          const { data } = await vault.read(id);
          return { email: data.email, name: data.firstName };
        } catch (error) {
          if (error instanceof CustomerErasedError) return { cancel: 'erased' };
          if (isDomainError(error, 'not_found')) return { cancel: 'unknown_recipient' };
          throw error;
        }
      case 'staff': {
        const { rows } = await knex.raw(
          `SELECT email, display_name, disabled FROM ${s}.staff_accounts WHERE id::text = ?`,
          [id],
        );
        const row = rows[0] as { email: string; display_name: string; disabled: boolean } | undefined;
        if (!row) return { cancel: 'unknown_recipient' };
        if (row.disabled) return { cancel: 'disabled' };
        return { email: row.email, name: row.display_name };
      }
      case 'lead': {
        const contact = await options.leads?.contact(id);
        if (contact === 'erased') return { cancel: 'erased' };
        if (!contact) return { cancel: 'unknown_recipient' };
        return { email: contact.email, name: contact.firstName };
      }
      case 'dealer': {
        const dealer = await options.leads?.dealer(id);
        return dealer ? { email: dealer.email, name: dealer.name } : { cancel: 'unknown_recipient' };
      }
      default: {
        const never: never = kind;
        throw new Error(`unknown recipient kind ${String(never)}`);
      }
    }
  }

  /** The invitation link, or why the invitation is no longer the one to send. */
  async function invitationLink(mail: ClaimedMail): Promise<{ link: string } | { cancel: CancelReason }> {
    if (!mail.secret) throw new Error(`mail ${mail.id}: the invitation's token is missing`);
    const token = secrets.open(mail.key, mail.secret);
    const { rows } = await knex.raw(
      `SELECT token_hash, accepted_at, expires_at FROM ${s}.staff_invitations WHERE staff_id::text = ?`,
      [mail.recipient.id],
    );
    const row = rows[0] as { token_hash: string; accepted_at: Date | null; expires_at: Date } | undefined;
    if (!row || row.token_hash !== sha256(token)) return { cancel: 'replaced' };
    if (row.accepted_at) return { cancel: 'accepted' };
    if (row.expires_at.getTime() <= clock().getTime()) return { cancel: 'expired' };
    const page = generateUrl(`admin_staff_invitation.${mail.locale}`);
    return { link: `${new URL(page, options.publicUrl).href}?token=${encodeURIComponent(token)}` };
  }

  /** An SMTP error without the recipient's address (it is kept as `last_error`). */
  const scrub = (error: unknown, email: string | undefined) => {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    return email ? text.split(email).join('<recipient>') : text;
  };

  async function handle(mail: ClaimedMail): Promise<void> {
    let email: string | undefined;
    try {
      const recipient = await recipientOf(mail);
      if ('cancel' in recipient) {
        await outbox.markCancelled(mail, recipient.cancel, clock());
        return;
      }
      email = recipient.email;
      let link: string | undefined;
      if (mail.template === 'staff_invitation') {
        const invitation = await invitationLink(mail);
        if ('cancel' in invitation) {
          await outbox.markCancelled(mail, invitation.cancel, clock());
          return;
        }
        link = invitation.link;
      }
      // The lead mails show the person's words, read now from the lead's vault record.
      let contact: RenderFacts['contact'];
      if (mail.template === 'lead_confirmation' || mail.template === 'lead_notification') {
        const leadId = String(mail.params.leadId ?? '');
        const found = await options.leads?.contact(leadId);
        if (found === 'erased' || !found) {
          await outbox.markCancelled(mail, found === 'erased' ? 'erased' : 'unknown_recipient', clock());
          return;
        }
        contact = {
          name: `${found.firstName} ${found.lastName}`,
          email: found.email,
          ...(found.phone ? { phone: found.phone } : {}),
          message: found.message,
        };
      }
      if (mail.template === 'appointment_confirmed' && options.appointmentToken) {
        const { appointmentId, dealerSlug, dealerId } = mail.params as Record<string, string>;
        const page = generateUrl(`dealer_appointment_confirmation.${mail.locale}`, {
          slug: dealerSlug ?? '',
          idApi: dealerId ?? '',
        });
        link = `${new URL(page, options.publicUrl).href}?token=${encodeURIComponent(options.appointmentToken(appointmentId ?? ''))}`;
      }
      const rendered = renderMail(mail, {
        name: recipient.name,
        ...(link ? { link } : {}),
        ...(contact ? { contact } : {}),
        host,
        now: clock().toISOString(),
      });
      const sent = await transport.send({
        from: options.from,
        to: recipient.email,
        ...rendered,
        messageId: `<mail-${mail.id}.${sha256(mail.key).slice(0, 12)}@${host}>`,
        language: marketOf(mail.locale).language,
      });
      await outbox.markSent(mail, sent.messageId, clock());
    } catch (error) {
      const now = clock();
      const retryAt =
        mail.attempts >= maxAttempts
          ? null
          : new Date(now.getTime() + Math.min(baseDelayMs * 2 ** (mail.attempts - 1), maxDelayMs));
      log(`mail ${mail.id} (${mail.template}) attempt ${mail.attempts} failed`, error);
      await outbox.markFailed(mail, scrub(error, email), retryAt, now);
    }
  }

  async function runOnce(): Promise<number> {
    const claimed = await outbox.claim(batchSize, clock(), leaseMs);
    for (const mail of claimed) await handle(mail);
    return claimed.length;
  }

  const loop = createPollLoop({
    intervalMs: options.pollIntervalMs ?? 2000,
    round: async () => (await runOnce()) === batchSize,
    onError: (error) => log('mail worker round failed', error),
  });

  return { start: () => loop.start(), stop: () => loop.stop(), runOnce };
}
