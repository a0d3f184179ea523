/**
 * Customer accounts port: sign-up, sign-in, the email check and the profile of the buyers who sign in
 * on the storefront (SPEC §7 `check-email`, `login/{type}`; the purchase's account and my-infos steps).
 * Personal data lives in the vault (../vault); the account adds the argon2id password hash and the
 * consents, keyed by the same customer id. See engine/customers/README.md.
 */
import type { PersonalData, PersonalDataPatch } from '../../../domain/customers/personalData.ts';
import type { ConsentName, SignUpInput } from '../../../domain/customers/signUp.ts';
import type { ErasedRecord } from '../vault/customerVault.ts';

/** A consent's latest answer and when it was given (ISO time). */
export interface ConsentState {
  readonly given: boolean;
  readonly at: string;
}

export type Consents = Readonly<Partial<Record<ConsentName, ConsentState>>>;

export interface CustomerProfile {
  readonly customerId: string;
  /** From the vault, decrypted. */
  readonly personal: PersonalData;
  readonly consents: Consents;
  /** The vault record's version: pass it to `updateProfile` as `expectedVersion` to refuse lost updates. */
  readonly version: number;
  readonly createdAt: Date;
  readonly lastSignInAt: Date | null;
}

export interface SignUpResult {
  readonly profile: CustomerProfile;
  /** false: the email already had an account with this very password (a retried sign-up): signed in. */
  readonly created: boolean;
}

export interface CustomerAccounts {
  /**
   * Creates the customer (vault entry and account, in one transaction) and records the sign-in. Bad
   * input → ValidationError per field (the password policy included: domain/customers/signUp.ts).
   * The email already registered → ConflictError with `fields.email` and `allowed: ['sign-in']`,
   * except when the password is that account's: a retried sign-up (double click, lost answer) then
   * answers the account it made (`created: false`), as a sign-in would. Nothing is half-written.
   */
  signUp(input: SignUpInput): Promise<SignUpResult>;
  /**
   * The profile when the password is right, recording the sign-in (and upgrading an outdated hash);
   * otherwise undefined, whatever the reason, after the same argon2 work, so timing tells little.
   */
  signIn(email: string, password: string): Promise<CustomerProfile | undefined>;
  /**
   * Whether an account exists for this email. This tells anyone whether a person is a customer: the
   * funnels' contact step needs it (sign in or sign up); the HTTP call is rate-limited per client.
   * A malformed email → ValidationError.
   */
  checkEmail(email: string): Promise<{ readonly known: boolean }>;
  /** The profile. Unknown → NotFoundError; erased → CustomerErasedError (a NotFoundError). */
  profile(customerId: string): Promise<CustomerProfile>;
  /**
   * Changes personal data (the purchase's my-infos step, the account page): only the fields given;
   * `null` clears an optional one. Field errors → ValidationError; an email in use → EmailTakenError
   * (409, `fields.email`); with `expectedVersion`, a profile changed meanwhile → ConflictError.
   */
  updateProfile(
    customerId: string,
    infos: PersonalDataPatch,
    options?: { readonly expectedVersion?: number },
  ): Promise<CustomerProfile>;
  /** Records a consent's answer now (SPEC §7 `add-consent`); the terms cannot be withdrawn here. */
  setConsent(customerId: string, consent: ConsentName, given: boolean): Promise<CustomerProfile>;
  /**
   * Erases the customer: the account (hash, consents) is deleted and the vault entry shredded, in one
   * transaction. Idempotent; unknown id → NotFoundError. Their sessions stop at the next request.
   */
  erase(customerId: string): Promise<ErasedRecord>;
  /**
   * Records `CustomerSignedUp` for the accounts made before sign-ups were events (listed once by a
   * migration), a batch at a time, and takes them off the list; how many were recorded. Safe to run
   * again or concurrently: each event has a stable id. Without an event store, nothing.
   */
  recordPendingSignUps(): Promise<number>;
}
