/** The back office's mail outbox page, French of Belgium. */
import { frMail, type MailMessages } from './fr.ts';

export const frBEMail: MailMessages = { ...frMail };
