/**
 * The SMTP adapter of the mail transport (nodemailer), built from `SMTP_URL` (smtp: or smtps:). Its
 * timeouts bound one message to about 90 s (10 + 20 + 60), well inside a worker's lease per batch.
 * nodemailer is loaded with the first mail, not at the server's start.
 */
import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mailTransport.ts';

export function createSmtpTransport(url: string): MailTransport {
  let opened: Promise<Transporter> | undefined;
  const open = () => {
    opened ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 20_000,
        socketTimeout: 60_000,
      }),
    );
    return opened;
  };
  return {
    async send(mail) {
      const transporter = await open();
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'Content-Language': mail.language },
        ...(mail.attachments
          ? {
              attachments: mail.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
      return { messageId: info.messageId };
    },
    async close() {
      if (opened) (await opened).close();
    },
  };
}
