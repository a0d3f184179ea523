/**
 * Staff accounts port: the people who sign in to the back office, their argon2id password hashes, their
 * roles (domain/staff/staffRoles.ts) and their invitations. Staff data, not customers' personal data.
 */
import type { Locale } from '../../domain/markets.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';

export interface StaffAccount {
  readonly id: string;
  /** Lower-cased. */
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  readonly disabled: boolean;
  /** Invited and no password set yet: cannot sign in until the invitation is accepted. */
  readonly invited: boolean;
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
}

export interface NewStaffAccount {
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly roles: readonly StaffRole[];
}

export interface NewStaffInvitation {
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  /** The invitee's language: their invitation link opens the back office in it. */
  readonly locale: Locale;
}

/** An invitation just made: the token in clear exists only in this answer (the table keeps its hash). */
export interface StaffInvitation {
  readonly account: StaffAccount;
  readonly token: string;
  readonly locale: Locale;
  readonly expiresAt: Date;
  /** Whether an earlier invitation of the same account was replaced (a retry, or a new link). */
  readonly replaced: boolean;
}

/** What an invitation link opens on: who is invited, until when. */
export interface OpenInvitation {
  readonly account: StaffAccount;
  readonly locale: Locale;
  readonly expiresAt: Date;
}

export interface StaffAccounts {
  /**
   * Creates an account. Bad input → ValidationError (per field); the email already used (in any case) →
   * ConflictError, so a retried `create` reports the conflict and changes nothing.
   */
  create(input: NewStaffAccount): Promise<StaffAccount>;
  /**
   * The account when `password` is right and the account enabled, recording the sign-in time; otherwise
   * undefined, whatever the reason (unknown email, wrong password, disabled), after the same argon2
   * work, so the answer and its timing do not tell which emails exist.
   */
  verify(email: string, password: string): Promise<StaffAccount | undefined>;
  /** The account by id, enabled or not (the guard checks `disabled` on every request). */
  find(id: string): Promise<StaffAccount | undefined>;
  /** Disables the account (idempotent); unknown email → NotFoundError. Its sessions stop at their next request. */
  disable(email: string): Promise<StaffAccount>;
  /** Every account, by email. */
  list(): Promise<StaffAccount[]>;
  /** The end of each invitation not yet accepted, by account id. */
  pendingInvitations(): Promise<ReadonlyMap<string, Date>>;
  /**
   * Invites a person: a new account without a password and a single-use token valid
   * INVITATION_TTL_MS. The email of an invited account not yet accepted: its name, roles and locale
   * are replaced and a new token replaces the old one (the same account). Bad input → ValidationError;
   * the email of an account with a password, or of a disabled one → ConflictError.
   */
  invite(input: NewStaffInvitation, invitedBy: string | null): Promise<StaffInvitation>;
  /** The invitation of `token`; unknown, replaced, used, expired or disabled → a 400 with the reason. */
  openInvitation(token: string): Promise<OpenInvitation>;
  /**
   * Sets the invited account's password (the rules of `create`) and spends the token, recording the
   * sign-in; the refusals of `openInvitation`, a bad password → ValidationError (`password`).
   */
  acceptInvitation(token: string, password: string): Promise<StaffAccount>;
  /** Replaces the roles (at least one) → the account; unknown id → NotFoundError. */
  setRoles(id: string, roles: readonly StaffRole[]): Promise<StaffAccount>;
  /** Disables or enables the account (idempotent); unknown id → NotFoundError. */
  setDisabled(id: string, disabled: boolean): Promise<StaffAccount>;
  /** How many accounts exist (enabled or not). */
  count(): Promise<number>;
}
