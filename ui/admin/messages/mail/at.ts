/** The back office's mail outbox page, German of Austria. */
import { deMail } from './de.ts';
import type { MailMessages } from './fr.ts';

export const atMail: MailMessages = { ...deMail };
