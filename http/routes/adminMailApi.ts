/**
 * The back office's mail outbox (admin only; the write CSRF-checked like any POST):
 *
 * - `GET /admin/api/mail?status=&page=` — the outbox, newest first, 50 a page, optionally one status
 *   (`waiting`, `sent`, `failed`, `cancelled`): each mail's template, locale, recipient reference (a
 *   customer or staff id, never an address), attempts, last error, cancel reason and times; `sending`
 *   says whether a worker sends (SMTP_URL set) or mails only wait;
 * - `POST /admin/api/mail/:id/send-again` — a failed mail back to waiting, due now, its attempts reset;
 *   unknown → 404, any other status → 409 with the status;
 * - `GET /admin/api/mail/:id/preview` — the mail as its recipient reads it (an HTML page, its subject
 *   on top), rendered from its stored parameters in its locale; what only the send time reads from the
 *   vault (the recipient's name, a lead's contact) and the one-time links show as placeholders, so the
 *   preview shows no personal data. Scripts and outside loads are barred (CSP sandbox); unknown → 404;
 *   parameters a template cannot read (a row older than it) → 409.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IllegalStateError } from '../../domain/errors.ts';
import {
  MAIL_STATUSES,
  MAIL_TEMPLATES,
  type MailOutbox,
  type OutboxMail,
  RECIPIENT_KINDS,
} from '../../engine/mail/mailOutbox.ts';
import { escapeHtml, renderMail } from '../../engine/mail/mailTemplates.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface AdminMailApiOptions {
  readonly outbox: Pick<MailOutbox, 'list' | 'sendAgain' | 'get'>;
  /** Whether a worker sends the mails (SMTP_URL set). */
  readonly sending: boolean;
  readonly clock?: () => Date;
}

export const MAIL_PAGE_SIZE = 50;

const mailSchema = z.object({
  id: z.string(),
  template: z.enum(MAIL_TEMPLATES as [string, ...string[]]),
  locale: z.string(),
  recipient: z.object({ kind: z.enum(RECIPIENT_KINDS), id: z.string() }),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  cancelReason: z.string().nullable(),
  messageId: z.string().nullable(),
  dueAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});

const mailOf = (mail: OutboxMail): z.output<typeof mailSchema> => ({
  id: mail.id,
  template: mail.template,
  locale: mail.locale,
  recipient: { ...mail.recipient },
  status: mail.status,
  attempts: mail.attempts,
  lastError: mail.lastError,
  cancelReason: mail.cancelReason,
  messageId: mail.messageId,
  dueAt: mail.dueAt.toISOString(),
  createdAt: mail.createdAt.toISOString(),
  updatedAt: mail.updatedAt.toISOString(),
  sentAt: mail.sentAt?.toISOString() ?? null,
});

export const adminMailApi: FastifyPluginAsyncZod<AdminMailApiOptions> = async (app, options) => {
  const { outbox } = options;
  const clock = options.clock ?? (() => new Date());
  const admin = requireStaff('admin');

  app.get(
    '/admin/api/mail',
    {
      preHandler: admin,
      schema: {
        querystring: z.object({
          status: z.enum(MAIL_STATUSES).optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
        }),
        response: {
          200: z.object({
            mails: z.array(mailSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
            sending: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const { mails, total } = await outbox.list({
        status,
        limit: MAIL_PAGE_SIZE,
        offset: (page - 1) * MAIL_PAGE_SIZE,
      });
      return { mails: mails.map(mailOf), total, page, pageSize: MAIL_PAGE_SIZE, sending: options.sending };
    },
  );

  app.post(
    '/admin/api/mail/:id/send-again',
    {
      preHandler: admin,
      schema: { params: z.object({ id: z.string().min(1).max(20) }), response: { 200: mailSchema } },
    },
    async (request) => mailOf(await outbox.sendAgain(request.params.id, clock())),
  );

  app.get(
    '/admin/api/mail/:id/preview',
    { preHandler: admin, schema: { params: z.object({ id: z.string().min(1).max(20) }) } },
    async (request, reply) => {
      const mail = await outbox.get(request.params.id);
      let rendered: ReturnType<typeof renderMail>;
      try {
        rendered = renderMail(mail, {
          name: '[name]',
          link: 'https://example.invalid/link',
          contact: { name: '[name]', email: '[email]', phone: '[phone]', message: '[message]' },
          host: 'example.invalid',
          now: mail.createdAt.toISOString(),
        });
      } catch (error) {
        throw new IllegalStateError(`mail ${mail.id} cannot be rendered from its parameters`, {
          template: mail.template,
          cause: error instanceof Error ? error.message : String(error),
        });
      }
      const subject = `<p style="font:600 1rem Arial,sans-serif;border-bottom:1px solid #ccc;padding-bottom:.5rem">${escapeHtml(rendered.subject)}</p>`;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
        .send(rendered.html.replace(/<body[^>]*>/, (body) => `${body}${subject}`));
    },
  );
};
