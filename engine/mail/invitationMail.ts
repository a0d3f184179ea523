/**
 * The staff invitation's mail, added in the invitation's own transaction (createStaffAccounts'
 * `onInvited`): the invitee by staff id, the token sealed into the row (mailSecrets.ts), never in clear.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale } from '../../domain/markets.ts';
import { enqueueMail } from './mailOutbox.ts';
import type { MailSecrets } from './mailSecrets.ts';

export interface InvitationMade {
  readonly staffId: string;
  readonly token: string;
  readonly locale: Locale;
  readonly expiresAt: Date;
  readonly now: Date;
}

export function invitationMailer(options: { readonly secrets: MailSecrets; readonly schema?: string }) {
  return async (trx: Knex.Transaction, invitation: InvitationMade): Promise<void> => {
    // One mail per token: a new invitation of the same person is a new mail (the old one is cancelled
    // when its turn comes: its token is no longer the open one).
    const key = `staff_invitation:${invitation.staffId}:${createHash('sha256').update(invitation.token).digest('hex').slice(0, 24)}`;
    await enqueueMail(
      trx,
      {
        key,
        template: 'staff_invitation',
        locale: invitation.locale,
        recipient: { kind: 'staff', id: invitation.staffId },
        params: { expiresAt: invitation.expiresAt.toISOString() },
        secret: options.secrets.seal(key, invitation.token),
      },
      { now: invitation.now, ...(options.schema ? { schema: options.schema } : {}) },
    );
  };
}
