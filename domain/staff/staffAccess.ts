/**
 * The rules of staff management: how long an invitation lasts, why a link no longer works, and the
 * changes an admin may not make to their own account (so the back office always keeps an admin).
 */
import { ConflictError, DomainError } from '../errors.ts';
import type { StaffRole } from './staffRoles.ts';

/** An invitation link works for seven days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Why an invitation link does not work: never ours (or replaced), past its end, used, or its account disabled. */
export const INVITATION_REFUSALS = ['unknown', 'expired', 'used', 'revoked'] as const;
export type InvitationRefusal = (typeof INVITATION_REFUSALS)[number];

export interface InvitationState {
  readonly expiresAt: Date;
  readonly acceptedAt: Date | null;
  readonly accountDisabled: boolean;
}

/** What is wrong with an invitation at `now`, or null when it may be accepted. */
export function invitationRefusal(
  invitation: InvitationState | undefined,
  now: Date,
): InvitationRefusal | null {
  if (!invitation) return 'unknown';
  if (invitation.acceptedAt) return 'used';
  if (invitation.accountDisabled) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

const REFUSAL_MESSAGES: Readonly<Record<InvitationRefusal, string>> = {
  unknown: 'this invitation link is not valid (a newer invitation may have replaced it)',
  expired: 'this invitation has expired: ask an admin to invite you again',
  used: 'this invitation has been used already: sign in with your password',
  revoked: 'this account has been disabled',
};

/** A refused invitation as a 400: `fields.token` and `invitation` (the reason) for the page to show. */
export function invitationRefused(reason: InvitationRefusal): DomainError {
  const message = REFUSAL_MESSAGES[reason];
  return new DomainError('validation', message, { fields: { token: [message] }, invitation: reason });
}

/** A change an admin makes to a staff account (their own included). */
export type StaffChange =
  | { readonly kind: 'roles'; readonly roles: readonly StaffRole[] }
  | { readonly kind: 'disabled'; readonly disabled: boolean };

/**
 * Refuses (409) what would lock the acting admin out: disabling themselves or dropping their own admin
 * role. Another admin may do either; the actor stays an admin, so one always remains.
 */
export function checkOwnChange(actorId: string, targetId: string, change: StaffChange): void {
  if (actorId !== targetId) return;
  switch (change.kind) {
    case 'roles':
      if (!change.roles.includes('admin'))
        throw new ConflictError('you cannot remove your own admin role: another admin can', {
          reason: 'own_admin_role',
        });
      return;
    case 'disabled':
      if (change.disabled)
        throw new ConflictError('you cannot disable your own account: another admin can', {
          reason: 'own_account',
        });
      return;
    default: {
      const never: never = change;
      throw new Error(`unknown change ${JSON.stringify(never)}`);
    }
  }
}
