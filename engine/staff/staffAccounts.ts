/**
 * Staff accounts port: the people who sign in to the back office, their argon2id password hashes and
 * their roles (domain/staff/staffRoles.ts). Staff data, not customers' personal data.
 */
import type { StaffRole } from '../../domain/staff/staffRoles.ts';

export interface StaffAccount {
  readonly id: string;
  /** Lower-cased. */
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  readonly disabled: boolean;
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
}

export interface NewStaffAccount {
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly roles: readonly StaffRole[];
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
  /** How many accounts exist (enabled or not). */
  count(): Promise<number>;
}
