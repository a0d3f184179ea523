/**
 * The back office's staff management: the list, invitations and their acceptance, roles, disabling.
 * The rules (domain/staff/staffAccess.ts): an admin may not disable themselves nor drop their own admin
 * role; disabling signs the person out of every browser at once.
 */
import { checkOwnChange } from '../../domain/staff/staffAccess.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import type {
  NewStaffInvitation,
  OpenInvitation,
  StaffAccount,
  StaffAccounts,
  StaffInvitation,
} from './staffAccounts.ts';

export interface StaffManagementOptions {
  readonly accounts: StaffAccounts;
  /** Ends every session of a staff member (engine/sessions/endStaffSessions.ts). */
  readonly endSessions: (staffId: string) => Promise<number>;
}

export interface StaffListItem extends StaffAccount {
  /** The end of the invitation an invited account has not accepted yet, else null. */
  readonly invitationExpiresAt: Date | null;
}

export interface StaffManagement {
  /** Every account, by email, with its open invitation. */
  list(): Promise<StaffListItem[]>;
  /** Invites by email (StaffAccounts.invite), `actorId` the admin inviting. */
  invite(input: NewStaffInvitation, actorId: string): Promise<StaffInvitation>;
  openInvitation(token: string): Promise<OpenInvitation>;
  acceptInvitation(token: string, password: string): Promise<StaffAccount>;
  /** Replaces the roles; the actor's own without admin → ConflictError. */
  setRoles(id: string, roles: readonly StaffRole[], actorId: string): Promise<StaffAccount>;
  /** Disables (ending their sessions) or enables; the actor disabling themselves → ConflictError. */
  setDisabled(id: string, disabled: boolean, actorId: string): Promise<StaffAccount>;
}

export function createStaffManagement(options: StaffManagementOptions): StaffManagement {
  const { accounts, endSessions } = options;
  return {
    async list() {
      const [all, pending] = await Promise.all([accounts.list(), accounts.pendingInvitations()]);
      return all.map((account) => ({ ...account, invitationExpiresAt: pending.get(account.id) ?? null }));
    },
    invite: (input, actorId) => accounts.invite(input, actorId),
    openInvitation: (token) => accounts.openInvitation(token),
    acceptInvitation: (token, password) => accounts.acceptInvitation(token, password),
    async setRoles(id, roles, actorId) {
      checkOwnChange(actorId, id, { kind: 'roles', roles });
      return accounts.setRoles(id, roles);
    },
    async setDisabled(id, disabled, actorId) {
      checkOwnChange(actorId, id, { kind: 'disabled', disabled });
      const account = await accounts.setDisabled(id, disabled);
      if (disabled) await endSessions(id);
      return account;
    },
  };
}
