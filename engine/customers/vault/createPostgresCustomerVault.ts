/**
 * The customer vault on PostgreSQL (or PGlite): `customer_vault` of migration 006, sealed with
 * envelope.ts. The database sees ciphertext, wrapped keys and email HMACs only; the master keys and
 * the lookup key stay in this process (from the configuration).
 *
 * `withKnex(trx)` gives the same vault bound to a transaction, so a caller (the accounts) can store a
 * customer and their credentials atomically.
 */
import type { Knex } from 'knex';
import {
  applyPersonalDataPatch,
  type PersonalData,
  personalDataPatchSchema,
  personalDataSchema,
} from '../../../domain/customers/personalData.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { validate } from '../../../domain/validate.ts';
import {
  CustomerErasedError,
  type CustomerVault,
  EmailTakenError,
  type ErasedRecord,
  type VaultRecord,
} from './customerVault.ts';
import {
  emailLookup,
  type KeyRing,
  newDataKey,
  openData,
  sealData,
  unwrapDataKey,
  wrapDataKey,
} from './envelope.ts';

export interface PostgresCustomerVaultOptions {
  readonly knex: Knex;
  /** The schema holding `customer_vault` (default `public`). */
  readonly schema?: string;
  /** Master keys (the first wraps new data keys). */
  readonly keyRing: KeyRing;
  /** HMAC key of the email lookups (≥ 32 bytes); changing it makes every stored lookup miss. */
  readonly lookupKey: Buffer;
  readonly clock?: () => Date;
}

export interface PostgresCustomerVault extends CustomerVault {
  /** The same vault working inside `db` (a transaction). */
  withKnex(db: Knex): CustomerVault;
  /**
   * Stores the contact details of one appointment (`apc_` + 32 hex digits; migration 020) sealed like a
   * customer's, without an email lookup: it is no account and never blocks a sign-up. Read and erased
   * as a customer is; the same id again answers the record already stored (a retried booking).
   */
  createContact(contactId: string, data: PersonalData): Promise<VaultRecord>;
  /**
   * The appointment contacts typed with this email, not erased (by `contact_lookup`, migration 026).
   * Contacts stored before that migration get their lookup here first, once.
   */
  contactsWithEmail(email: string): Promise<string[]>;
}

/** Ids: letters, digits, `_` and `-` (the table checks the same). */
export const CUSTOMER_ID = /^[A-Za-z0-9_-]{1,80}$/;

interface VaultRow {
  customer_id: string;
  key_id: string | null;
  wrapped_key: Buffer | null;
  sealed_data: Buffer | null;
  version: number;
  created_at: Date;
  updated_at: Date;
  erased_at: Date | null;
}

const UNIQUE_VIOLATION = '23505';

export function createPostgresCustomerVault(options: PostgresCustomerVaultOptions): PostgresCustomerVault {
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".customer_vault`;
  const { keyRing, lookupKey } = options;
  const clock = options.clock ?? (() => new Date());
  if (lookupKey.length < 32) throw new Error('the vault lookup key must be at least 32 bytes');

  const checkedId = (customerId: string) => {
    if (typeof customerId !== 'string' || !CUSTOMER_ID.test(customerId))
      throw ValidationError.field('customerId', `must match ${CUSTOMER_ID}`);
    return customerId;
  };

  const decrypt = (row: VaultRow): VaultRecord => {
    const dataKey = unwrapDataKey(keyRing, row.customer_id, {
      keyId: row.key_id!,
      wrapped: row.wrapped_key!,
    });
    const data = openData(dataKey, row.customer_id, row.sealed_data!) as PersonalData;
    dataKey.fill(0);
    return {
      customerId: row.customer_id,
      data,
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  };
  const erased = (row: VaultRow): ErasedRecord => ({ customerId: row.customer_id, erasedAt: row.erased_at! });
  const present = (row: VaultRow | undefined, customerId: string): VaultRow => {
    if (!row) throw new NotFoundError(`customer ${customerId} not found`, { customerId });
    if (row.erased_at) throw new CustomerErasedError(customerId, row.erased_at);
    return row;
  };

  function bind(db: Knex): CustomerVault {
    const rows = async (sql: string, bindings: readonly unknown[]) =>
      (await db.raw<{ rows: VaultRow[] }>(sql, bindings as Knex.RawBinding[])).rows;
    const inTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work);

    return {
      async create(customerId, input) {
        checkedId(customerId);
        const data = validate(personalDataSchema, input, 'personal data');
        const dataKey = newDataKey();
        const { keyId, wrapped } = wrapDataKey(keyRing, customerId, dataKey);
        const sealed = sealData(dataKey, customerId, data);
        dataKey.fill(0);
        const now = clock();
        try {
          const [row] = await rows(
            `INSERT INTO ${table}
               (customer_id, email_lookup, key_id, wrapped_key, sealed_data, version, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (customer_id) DO NOTHING RETURNING *`,
            [customerId, emailLookup(lookupKey, data.email), keyId, wrapped, sealed, now, now],
          );
          if (!row)
            throw new ConflictError(`customer id ${customerId} is taken`, { customerId, reason: 'id_taken' });
          return { customerId, data, version: 1, createdAt: row.created_at, updatedAt: row.updated_at };
        } catch (error) {
          if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
          throw error;
        }
      },

      async read(customerId) {
        checkedId(customerId);
        const [row] = await rows(`SELECT * FROM ${table} WHERE customer_id = ?`, [customerId]);
        return decrypt(present(row, customerId));
      },

      async readMany(customerIds) {
        const ids = [...new Set(customerIds)].filter((id) => CUSTOMER_ID.test(id));
        const found = new Map<string, VaultRecord | ErasedRecord>();
        if (ids.length === 0) return found;
        const list = ids.map(() => '?').join(', ');
        for (const row of await rows(`SELECT * FROM ${table} WHERE customer_id IN (${list})`, ids))
          found.set(row.customer_id, row.erased_at ? erased(row) : decrypt(row));
        return found;
      },

      async update(customerId, input, updateOptions = {}) {
        checkedId(customerId);
        const patch = validate(personalDataPatchSchema, input, 'personal data');
        /**
         * The patch applied to the row `read` answers, written only over the version read (undefined:
         * the row moved meanwhile). Nothing is written when nothing changes.
         */
        const writeOver = async (run: typeof rows, lock: string) => {
          const row = present(
            (await run(`SELECT * FROM ${table} WHERE customer_id = ?${lock}`, [customerId]))[0],
            customerId,
          );
          const { expectedVersion } = updateOptions;
          if (expectedVersion !== undefined && expectedVersion !== row.version) {
            throw new ConflictError(`customer ${customerId} changed meanwhile: read it again`, {
              customerId,
              version: row.version,
              expectedVersion,
            });
          }
          const current = decrypt(row);
          const data = validate(
            personalDataSchema,
            applyPersonalDataPatch(current.data, patch),
            'personal data',
          );
          // Both went through the schema, so equal data serialises equally: nothing to write.
          if (JSON.stringify(data) === JSON.stringify(current.data)) return current;
          const dataKey = unwrapDataKey(keyRing, customerId, {
            keyId: row.key_id!,
            wrapped: row.wrapped_key!,
          });
          const sealed = sealData(dataKey, customerId, data);
          dataKey.fill(0);
          const [updated] = await run(
            `UPDATE ${table} SET sealed_data = ?, email_lookup = ?, version = version + 1, updated_at = ?
             WHERE customer_id = ? AND version = ? AND erased_at IS NULL RETURNING *`,
            [sealed, emailLookup(lookupKey, data.email), clock(), customerId, row.version],
          );
          if (!updated) return undefined;
          const record: VaultRecord = {
            customerId,
            data,
            version: updated.version,
            createdAt: updated.created_at,
            updatedAt: updated.updated_at,
          };
          return record;
        };
        try {
          // First without a lock (a read, and a write over the version read); when another write came
          // between, again under the row's lock, which makes concurrent updates wait their turn.
          return (
            (await writeOver(rows, '')) ??
            (await inTransaction(async (trx) => {
              const locked = async (sql: string, bindings: readonly unknown[]) =>
                (await trx.raw<{ rows: VaultRow[] }>(sql, bindings as Knex.RawBinding[])).rows;
              return (await writeOver(locked, ' FOR UPDATE'))!;
            }))
          );
        } catch (error) {
          if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError();
          throw error;
        }
      },

      async findByEmail(email) {
        if (typeof email !== 'string') return undefined;
        const { rows: found } = await db.raw<{ rows: { customer_id: string }[] }>(
          `SELECT customer_id FROM ${table} WHERE email_lookup = ?`,
          [emailLookup(lookupKey, email)],
        );
        return found[0]?.customer_id;
      },

      async erase(customerId) {
        checkedId(customerId);
        const now = clock();
        const [row] = await rows(
          `UPDATE ${table}
           SET email_lookup = NULL, contact_lookup = NULL, key_id = NULL, wrapped_key = NULL,
               sealed_data = NULL, erased_at = ?, updated_at = ?, version = version + 1
           WHERE customer_id = ? AND erased_at IS NULL RETURNING *`,
          [now, now, customerId],
        );
        if (row) return erased(row);
        // Erased before (or meanwhile): answer that erasure; a fresh statement sees it committed.
        const [before] = await rows(`SELECT * FROM ${table} WHERE customer_id = ?`, [customerId]);
        if (!before?.erased_at) throw new NotFoundError(`customer ${customerId} not found`, { customerId });
        return erased(before);
      },

      async rewrapKeys(rewrapOptions = {}) {
        const batchSize = rewrapOptions.batchSize ?? 500;
        const currentId = keyRing.current.id;
        let total = 0;
        for (;;) {
          const done = await inTransaction(async (trx) => {
            const { rows: stale } = await trx.raw<{ rows: VaultRow[] }>(
              `SELECT * FROM ${table} WHERE key_id IS NOT NULL AND key_id <> ?
               ORDER BY customer_id LIMIT ? FOR UPDATE`,
              [currentId, batchSize],
            );
            for (const row of stale) {
              const dataKey = unwrapDataKey(keyRing, row.customer_id, {
                keyId: row.key_id!,
                wrapped: row.wrapped_key!,
              });
              const { keyId, wrapped } = wrapDataKey(keyRing, row.customer_id, dataKey);
              dataKey.fill(0);
              await trx.raw(`UPDATE ${table} SET key_id = ?, wrapped_key = ? WHERE customer_id = ?`, [
                keyId,
                wrapped,
                row.customer_id,
              ]);
            }
            return stale.length;
          });
          total += done;
          if (done < batchSize) return total;
        }
      },
    };
  }

  const bound = bind(options.knex);
  return {
    ...bound,
    withKnex: bind,
    async createContact(contactId, input) {
      if (!/^apc_[a-f0-9]{32}$/.test(contactId))
        throw ValidationError.field('contactId', 'must be apc_ and 32 hex digits');
      const data = validate(personalDataSchema, input, 'contact');
      const dataKey = newDataKey();
      const { keyId, wrapped } = wrapDataKey(keyRing, contactId, dataKey);
      const sealed = sealData(dataKey, contactId, data);
      dataKey.fill(0);
      const now = clock();
      const { rows } = await options.knex.raw<{ rows: VaultRow[] }>(
        `INSERT INTO ${table} (customer_id, email_lookup, contact_lookup, key_id, wrapped_key, sealed_data,
           version, created_at, updated_at)
         VALUES (?, NULL, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (customer_id) DO NOTHING RETURNING *`,
        [contactId, emailLookup(lookupKey, data.email), keyId, wrapped, sealed, now, now],
      );
      if (rows[0]) return { customerId: contactId, data, version: 1, createdAt: now, updatedAt: now };
      return bound.read(contactId);
    },
    async contactsWithEmail(email) {
      const db = options.knex;
      // Contacts from before migration 026: their lookup from their sealed email, a batch at a time.
      for (;;) {
        const { rows: missing } = await db.raw<{ rows: VaultRow[] }>(
          `SELECT * FROM ${table} WHERE customer_id LIKE 'apc\\_%' AND contact_lookup IS NULL
             AND erased_at IS NULL ORDER BY customer_id LIMIT 500`,
        );
        for (const row of missing) {
          await db.raw(`UPDATE ${table} SET contact_lookup = ? WHERE customer_id = ? AND erased_at IS NULL`, [
            emailLookup(lookupKey, decrypt(row).data.email),
            row.customer_id,
          ]);
        }
        if (missing.length < 500) break;
      }
      const { rows: found } = await db.raw<{ rows: { customer_id: string }[] }>(
        `SELECT customer_id FROM ${table} WHERE contact_lookup = ? AND erased_at IS NULL ORDER BY customer_id`,
        [emailLookup(lookupKey, email)],
      );
      return found.map((row) => row.customer_id);
    },
  };
}
