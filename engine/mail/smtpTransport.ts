/** The SMTP adapter of the mail transport (nodemailer), built from `SMTP_URL` (smtp: or smtps:). */
import nodemailer from 'nodemailer';
import type { MailTransport } from './mailTransport.ts';

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: { 'Content-Language': mail.language },
      });
      return { messageId: info.messageId };
    },
    async close() {
      transporter.close();
    },
  };
}
