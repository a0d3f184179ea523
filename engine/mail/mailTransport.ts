/** The port mails leave through: one message, answered with the Message-ID it was sent under. */

export interface OutgoingMail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Stable per outbox row (`<…@host>`), so a resend is recognisable as the same mail. */
  readonly messageId: string;
  readonly language: string;
  /** Files sent with the mail (an appointment's `.ics`). */
  readonly attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string;
}

export interface MailTransport {
  /** Sends or throws (the worker retries); answers the Message-ID the server accepted. */
  send(mail: OutgoingMail): Promise<{ readonly messageId: string }>;
  close(): Promise<void>;
}
