/**
 * Renders an outbox mail (subject, text and HTML) in its locale, for the recipient read at send time;
 * amounts and dates with `Intl` in the market's currency and time zone.
 */
import type { Money } from '../../domain/catalogue/car.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';
import { appointmentIcs } from './appointmentIcs.ts';
import { APPOINTMENT_MAIL_WORDS } from './appointmentMailWords.ts';
import { LEAD_MAIL_WORDS } from './leadMailWords.ts';
import { MAIL_PARAMS, type MailTemplate } from './mailOutbox.ts';
import type { MailAttachment } from './mailTransport.ts';
import { MAIL_WORDS } from './mailWords.ts';

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface MailToRender {
  readonly template: MailTemplate;
  readonly locale: Locale;
  readonly params: Record<string, unknown>;
}

/** What only the send time knows: the recipient's name, and the link opened from the row's secret. */
export interface RenderFacts {
  readonly name: string;
  readonly link?: string;
  /** A lead's contact, read from its vault record at send time (the lead mails). */
  readonly contact?: {
    readonly name: string;
    readonly email: string;
    readonly phone?: string;
    readonly message: string;
  };
  /** Where the `.ics` says it comes from (its UID's host), and when the mail is made (ISO 8601). */
  readonly host?: string;
  readonly now?: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The parts of a mail, before they become text or HTML. */
interface Parts {
  readonly subject: string;
  readonly intro: string;
  readonly rows: readonly (readonly [string, string])[];
  readonly action?: { readonly label: string; readonly href: string };
  readonly after?: string;
  readonly attachments?: readonly MailAttachment[];
}

export function renderMail(mail: MailToRender, facts: RenderFacts): RenderedMail {
  const words = MAIL_WORDS[mail.locale];
  const market = marketOf(mail.locale);
  const money = (m: Money) =>
    new Intl.NumberFormat(market.language, { style: 'currency', currency: m.currency }).format(
      m.amount / 100,
    );
  const time = (iso: string) =>
    new Intl.DateTimeFormat(market.language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: market.timeZone,
    }).format(new Date(iso));
  const parts = partsOf(mail, facts, { words, money, time });
  const greeting = fill(words.greeting, { name: facts.name });
  const text = [
    greeting,
    '',
    parts.intro,
    '',
    ...parts.rows.map(([label, value]) => `${label}: ${value}`),
    ...(parts.action ? ['', parts.action.href] : []),
    ...(parts.after ? ['', parts.after] : []),
    '',
    words.signoff,
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${escapeHtml(market.language)}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(parts.intro)}</p>`,
    parts.rows.length > 0
      ? `<table role="presentation" cellpadding="4">${parts.rows
          .map(
            ([label, value]) =>
              `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    parts.action
      ? `<p><a href="${escapeHtml(parts.action.href)}">${escapeHtml(parts.action.label)}</a></p>`
      : '',
    parts.after ? `<p>${escapeHtml(parts.after)}</p>` : '',
    `<p>${escapeHtml(words.signoff).replace('\n', '<br>')}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: parts.subject,
    text,
    html,
    ...(parts.attachments ? { attachments: parts.attachments } : {}),
  };
}

function partsOf(
  mail: MailToRender,
  facts: RenderFacts,
  f: {
    words: (typeof MAIL_WORDS)[Locale];
    money: (m: Money) => string;
    time: (iso: string) => string;
  },
): Parts {
  const { words } = f;
  const template = mail.template;
  switch (template) {
    case 'purchase_confirmed': {
      const p = MAIL_PARAMS.purchase_confirmed.parse(mail.params);
      const w = words.purchase;
      return {
        subject: fill(w.subject, { car: p.carLabel }),
        intro: w.intro,
        rows: [
          [w.car, p.carLabel],
          [w.total, f.money(p.totalDue)],
          [w.advance, f.money(p.advancePaid)],
          [w.balance, f.money(p.balanceAtDelivery)],
          [w.funding, p.funding === 'cash' ? w.cash : w.finance],
          [w.reference, p.purchaseId],
        ],
      };
    }
    case 'booking_confirmed': {
      const p = MAIL_PARAMS.booking_confirmed.parse(mail.params);
      const w = words.booking;
      return {
        subject: fill(w.subject, { car: p.carLabel }),
        intro: fill(w.intro, { until: f.time(p.heldUntil) }),
        rows: [
          [w.car, p.carLabel],
          ...(p.deposit ? [[w.deposit, f.money(p.deposit)] as const] : []),
          [w.reference, p.bookingId],
        ],
      };
    }
    case 'staff_invitation': {
      const p = MAIL_PARAMS.staff_invitation.parse(mail.params);
      const w = words.invitation;
      if (!facts.link) throw new Error('staff_invitation: no link to send');
      return {
        subject: w.subject,
        intro: w.intro,
        rows: [],
        action: { label: w.action, href: facts.link },
        after: fill(w.expiry, { until: f.time(p.expiresAt) }),
      };
    }
    case 'lead_confirmation': {
      const p = MAIL_PARAMS.lead_confirmation.parse(mail.params);
      const w = LEAD_MAIL_WORDS[mail.locale];
      return {
        subject: w.confirmation.subject,
        intro: fill(w.confirmation.intro, { dealer: p.dealerName }),
        rows: [
          ...(p.carLabel ? [[w.car, p.carLabel] as const] : []),
          ...(facts.contact ? [[w.confirmation.yourMessage, facts.contact.message] as const] : []),
          [w.reference, p.leadId],
        ],
      };
    }
    case 'lead_notification': {
      const p = MAIL_PARAMS.lead_notification.parse(mail.params);
      const w = LEAD_MAIL_WORDS[mail.locale];
      const kind = (w.kinds as Record<string, string>)[p.kind] ?? p.kind;
      const c = facts.contact;
      return {
        subject: fill(w.notification.subject, { kind }),
        intro: w.notification.intro,
        rows: [
          ...(p.carLabel ? [[w.car, p.carId ? `${p.carLabel} (#${p.carId})` : p.carLabel] as const] : []),
          ...(c
            ? ([
                [w.notification.name, c.name],
                [w.notification.email, c.email],
                ...(c.phone ? [[w.notification.phone, c.phone] as const] : []),
                [w.notification.message, c.message],
              ] as const)
            : []),
          [w.reference, p.leadId],
        ],
      };
    }
    case 'appointment_confirmed':
    case 'appointment_cancelled': {
      const p = MAIL_PARAMS[template].parse(mail.params);
      const w = APPOINTMENT_MAIL_WORDS[mail.locale];
      const confirmed = template === 'appointment_confirmed';
      const purpose = w.purposes[p.purpose];
      const ics = appointmentIcs({
        appointmentId: p.appointmentId,
        method: confirmed ? 'PUBLISH' : 'CANCEL',
        start: p.start,
        end: p.end,
        stamp: facts.now ?? p.start,
        summary: `${purpose} – ${p.dealerName}`,
        location: `${p.dealerName}, ${p.dealerAddress}`,
        description: `${w.reference}: ${p.appointmentId}`,
        url: confirmed ? facts.link : undefined,
        host: facts.host ?? 'localhost',
      });
      return {
        subject: fill(confirmed ? w.subject : w.cancelledSubject, { dealer: p.dealerName }),
        intro: confirmed ? w.intro : w.cancelledIntro,
        rows: [
          [w.when, f.time(p.start)],
          [w.where, `${p.dealerName}, ${p.dealerAddress}`],
          [w.purpose, purpose],
          [w.reference, p.appointmentId],
        ],
        ...(confirmed && facts.link ? { action: { label: w.manage, href: facts.link } } : {}),
        after: w.calendar,
        attachments: [
          {
            filename: w.file,
            contentType: `text/calendar; charset=utf-8; method=${confirmed ? 'PUBLISH' : 'CANCEL'}`,
            content: ics,
          },
        ],
      };
    }
    default: {
      const never: never = template;
      throw new Error(`unknown mail template ${String(never)}`);
    }
  }
}
