/**
 * The customer vault port: the only place a customer's personal data (domain/customers/personalData.ts)
 * is kept. Everything else (events, read models, sessions, logs) refers to a customer by their opaque id
 * (`cus_…`). Each customer's data is encrypted under a data key of their own; erasing the customer
 * destroys that key and the email lookup, so the events that name the id stay replayable while the
 * person is gone (crypto-shredding). See engine/customers/README.md.
 */

import type { PersonalData, PersonalDataPatch } from '../../../domain/customers/personalData.ts';
import { ConflictError, NotFoundError } from '../../../domain/errors.ts';

/** A customer's decrypted data and its bookkeeping. */
export interface VaultRecord {
  readonly customerId: string;
  readonly data: PersonalData;
  /** 1 when stored, +1 per update: pass it back as `expectedVersion` to refuse a lost update. */
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The id of an erased customer: the id is kept (events name it), the data is gone for good. */
export interface ErasedRecord {
  readonly customerId: string;
  readonly erasedAt: Date;
}

/** Reading an erased customer: a 404 to HTTP (`details.erased`), so callers treat them as absent. */
export class CustomerErasedError extends NotFoundError {
  override name = 'CustomerErasedError';
  constructor(customerId: string, erasedAt: Date) {
    super(`customer ${customerId} was erased`, {
      customerId,
      erased: true,
      erasedAt: erasedAt.toISOString(),
    });
  }
}

/** The email belongs to another (not erased) customer. */
export class EmailTakenError extends ConflictError {
  override name = 'EmailTakenError';
  constructor() {
    super('this email belongs to another customer', { fields: { email: ['is already registered'] } });
  }
}

export interface CustomerVault {
  /**
   * Stores a new customer's data under a new data key. Bad data → ValidationError (per field); the
   * email already used by a customer who is not erased → EmailTakenError; the id already used → a
   * ConflictError (`details.reason: 'id_taken'`). Nothing is written on any error.
   */
  create(customerId: string, data: PersonalData): Promise<VaultRecord>;
  /** The customer's data. Unknown id → NotFoundError; erased → CustomerErasedError (a NotFoundError). */
  read(customerId: string): Promise<VaultRecord>;
  /** Several customers at once (lists): erased ones as ErasedRecord, unknown ids left out. */
  readMany(customerIds: readonly string[]): Promise<Map<string, VaultRecord | ErasedRecord>>;
  /**
   * Changes the given fields (`null` clears an optional one) and re-seals the data with a fresh IV
   * under the same data key; a new email moves the lookup (taken → EmailTakenError). With
   * `expectedVersion`, a record changed meanwhile → ConflictError (`details.version`): read, merge, retry.
   * Concurrent updates without it are applied one after the other (each writes only over the version it
   * read; one that lost to another reads again under the row's lock); the last one wins field by field. A patch
   * that changes nothing writes nothing (same version).
   */
  update(
    customerId: string,
    patch: PersonalDataPatch,
    options?: { readonly expectedVersion?: number },
  ): Promise<VaultRecord>;
  /** The id of the (not erased) customer with this email, in any case; undefined otherwise. */
  findByEmail(email: string): Promise<string | undefined>;
  /**
   * Erases the customer: the wrapped data key, the sealed data and the email lookup are deleted; the id
   * stays with its erasure time. Idempotent (erasing again answers the first erasure). Unknown id →
   * NotFoundError. The email can then be registered again, as a new customer.
   */
  erase(customerId: string): Promise<ErasedRecord>;
  /**
   * Master key rotation: rewraps every data key not wrapped by the ring's current key, a batch per
   * transaction (rows locked, so a concurrent update waits). Resolves to how many were rewrapped; once
   * a call answers 0, every key is under the current master key and older ones can be retired.
   */
  rewrapKeys(options?: { readonly batchSize?: number }): Promise<number>;
}
