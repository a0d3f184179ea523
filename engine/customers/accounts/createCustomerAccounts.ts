/**
 * Customer accounts on PostgreSQL: `customer_accounts` (migration 006) beside the vault. Passwords are
 * argon2id hashes (@node-rs/argon2, OWASP's 19 MiB / 2 passes / 1 lane, as for staff); a hash made with
 * other parameters is upgraded at the next successful sign-in.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { emailSchema } from '../../../domain/customers/personalData.ts';
import { checkEmailSchema, signUpSchema } from '../../../domain/customers/signUp.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { validate } from '../../../domain/validate.ts';
import type { EventStore } from '../../eventStore.ts';
import { argon2Hasher, type HashOptions, type PasswordHasher } from '../../passwordHasher.ts';
import { appendCustomerEvent, customerNumbers } from '../customerNumbers.ts';
import type { PostgresCustomerVault } from '../vault/createPostgresCustomerVault.ts';
import { EmailTakenError, type VaultRecord } from '../vault/customerVault.ts';
import type { Consents, CustomerAccounts, CustomerProfile } from './customerAccounts.ts';

export interface CustomerAccountsOptions {
  readonly knex: Knex;
  /** The schema holding `customer_accounts` (default `public`); the vault's must be the same. */
  readonly schema?: string;
  readonly vault: PostgresCustomerVault;
  /** New customer ids (default `newCustomerId`); a collision is retried with another. */
  readonly newCustomerId?: () => string;
  readonly clock?: () => Date;
  /** argon2id cost; lower it only in tests. */
  readonly hashCost?: Pick<HashOptions, 'memoryCost' | 'timeCost' | 'parallelism'>;
  /** argon2id by default; tests wrap it to see which hashes a sign-in checks. */
  readonly passwordHasher?: PasswordHasher;
  /**
   * Where `CustomerSignedUp` is recorded (the customer's stream, domain/customers/customerEvents.ts), for
   * the customers' read model. Appended after the account's transaction with a stable event id, and again
   * by a retried sign-up, so an append lost to a crash is made by the retry and never twice.
   */
  readonly store?: EventStore;
}

/** `cus_` and 32 hex digits (a random UUID's 122 bits): opaque, safe in URLs, events and logs. */
export function newCustomerId(): string {
  return `cus_${randomUUID().replaceAll('-', '')}`;
}

const ARGON2ID = 2;
const ID_ATTEMPTS = 3;
/** argon2 takes any length; the cap keeps a request from making us hash megabytes (signInSchema's too). */
const MAX_PASSWORD_UNITS = 1024;

interface AccountRow {
  customer_id: string;
  password_hash: string;
  consents: Consents;
  created_at: Date;
  last_sign_in_at: Date | null;
}

export function createCustomerAccounts(options: CustomerAccountsOptions): CustomerAccounts {
  const { knex, vault } = options;
  const schema = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const table = `${schema}.customer_accounts`;
  const backfill = `${schema}.customer_signup_backfill`;
  const clock = options.clock ?? (() => new Date());
  const nextId = options.newCustomerId ?? newCustomerId;
  const { hash, verify: verifyHash } = options.passwordHasher ?? argon2Hasher;
  const cost = {
    algorithm: ARGON2ID,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
    ...options.hashCost,
  } as HashOptions & { memoryCost: number; timeCost: number; parallelism: number };
  const numbers = customerNumbers({ knex, ...(options.schema ? { schema: options.schema } : {}) });
  const recordSignUp = async (customerId: string, at: Date, db: Knex = knex) => {
    if (!options.store) return;
    const number = await numbers.numberOf(customerId, db);
    if (number === undefined) return;
    await appendCustomerEvent(
      options.store,
      { type: 'CustomerSignedUp', data: { customerId, number } },
      { at: at.toISOString() },
    );
  };
  // Checked against when the email is unknown, so that answer costs what a wrong password costs.
  let dummyHash: Promise<string> | undefined;

  const outdated = (passwordHash: string) => {
    const used = parseOptions(passwordHash);
    return (
      used.algorithm !== ARGON2ID ||
      used.memoryCost !== cost.memoryCost ||
      used.timeCost !== cost.timeCost ||
      used.parallelism !== cost.parallelism
    );
  };

  async function accountRow(customerId: string, db: Knex = knex): Promise<AccountRow | undefined> {
    const { rows } = await db.raw<{ rows: AccountRow[] }>(`SELECT * FROM ${table} WHERE customer_id = ?`, [
      customerId,
    ]);
    return rows[0];
  }

  const toProfile = (record: VaultRecord, row: AccountRow): CustomerProfile => ({
    customerId: record.customerId,
    personal: record.data,
    consents: row.consents,
    version: record.version,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  });

  async function profile(customerId: string): Promise<CustomerProfile> {
    const record = await vault.read(customerId);
    const row = await accountRow(customerId);
    if (!row) throw new NotFoundError(`customer ${customerId} has no account`, { customerId });
    return toProfile(record, row);
  }

  /** The account of the email when `password` is its password, recording the sign-in. */
  async function verified(email: string, password: unknown): Promise<CustomerProfile | undefined> {
    const parsed = emailSchema.safeParse(email);
    const customerId = parsed.success ? await vault.findByEmail(parsed.data) : undefined;
    const row = customerId ? await accountRow(customerId) : undefined;
    const usable =
      typeof password === 'string' && password.length > 0 && password.length <= MAX_PASSWORD_UNITS;
    if (!row || !usable) {
      dummyHash ??= hash(randomBytes(24).toString('base64'), cost);
      await verifyHash(await dummyHash, usable ? password : 'x').catch(() => false);
      return undefined;
    }
    if (!(await verifyHash(row.password_hash, password).catch(() => false))) return undefined;
    const upgraded = outdated(row.password_hash) ? await hash(password, cost) : null;
    const { rows } = await knex.raw<{ rows: AccountRow[] }>(
      `UPDATE ${table} SET last_sign_in_at = ?, password_hash = COALESCE(?, password_hash)
       WHERE customer_id = ? RETURNING *`,
      [clock(), upgraded, row.customer_id],
    );
    if (!rows[0]) return undefined; // erased meanwhile
    return toProfile(await vault.read(row.customer_id), rows[0]);
  }

  return {
    async signUp(input) {
      const signUp = validate(signUpSchema, input, 'sign-up');
      const passwordHash = await hash(signUp.password, cost);
      const now = clock();
      const at = now.toISOString();
      const consents: Consents = {
        terms: { given: true, at },
        marketing: { given: signUp.consents.marketing, at },
      };
      const personal = {
        email: signUp.email,
        firstName: signUp.firstName,
        lastName: signUp.lastName,
        ...(signUp.phone ? { phone: signUp.phone } : {}),
      };
      for (let attempt = 1; ; attempt++) {
        const customerId = nextId();
        try {
          const made = await knex.transaction(async (trx) => {
            const record = await vault.withKnex(trx).create(customerId, personal);
            const { rows } = await trx.raw<{ rows: AccountRow[] }>(
              `INSERT INTO ${table} (customer_id, password_hash, consents, created_at, last_sign_in_at)
               VALUES (?, ?, ?::jsonb, ?, ?) RETURNING *`,
              [customerId, passwordHash, JSON.stringify(consents), now, now],
            );
            return { profile: toProfile(record, rows[0]!), created: true };
          });
          await recordSignUp(customerId, now);
          return made;
        } catch (error) {
          if (error instanceof EmailTakenError) break;
          const idTaken = error instanceof ConflictError && error.details?.reason === 'id_taken';
          if (!idTaken || attempt >= ID_ATTEMPTS) throw error;
        }
      }
      // The email is registered: the same password is a retry of this sign-up; otherwise a conflict.
      const existing = await verified(signUp.email, signUp.password);
      if (existing) {
        await recordSignUp(existing.customerId, existing.createdAt);
        return { profile: existing, created: false };
      }
      throw new ConflictError('an account with this email exists: sign in', {
        fields: { email: ['is already registered: sign in instead'] },
        allowed: ['sign-in'],
      });
    },

    signIn: (email, password) => verified(email, password),

    async checkEmail(email) {
      const address = validate(checkEmailSchema, { email }, 'email').email;
      const customerId = await vault.findByEmail(address);
      return { known: customerId !== undefined && (await accountRow(customerId)) !== undefined };
    },

    profile,

    async updateProfile(customerId, infos, updateOptions) {
      const row = await accountRow(customerId);
      if (!row) throw new NotFoundError(`customer ${customerId} has no account`, { customerId });
      // The vault answers the record as updated: the profile needs no second read.
      return toProfile(await vault.update(customerId, infos, updateOptions), row);
    },

    async setConsent(customerId, consent, given) {
      if (consent !== 'terms' && consent !== 'marketing')
        throw ValidationError.field('consent', 'is terms or marketing');
      if (typeof given !== 'boolean') throw ValidationError.field('given', 'is true or false');
      if (consent === 'terms' && !given)
        throw new IllegalStateError('the terms cannot be withdrawn from an account: erase it instead', {
          allowed: ['marketing'],
        });
      const state = JSON.stringify({ given, at: clock().toISOString() });
      const { rows } = await knex.raw<{ rows: AccountRow[] }>(
        `UPDATE ${table} SET consents = jsonb_set(consents, ?::text[], ?::jsonb) WHERE customer_id = ? RETURNING *`,
        [`{${consent}}`, state, customerId],
      );
      if (!rows[0]) throw new NotFoundError(`customer ${customerId} has no account`, { customerId });
      return toProfile(await vault.read(customerId), rows[0]);
    },

    async erase(customerId) {
      return knex.transaction(async (trx) => {
        await trx.raw(`DELETE FROM ${table} WHERE customer_id = ?`, [customerId]);
        return vault.withKnex(trx).erase(customerId);
      });
    },

    async recordPendingSignUps() {
      if (!options.store) return 0;
      let recorded = 0;
      for (;;) {
        // An erased customer's row is gone from the accounts: no sign-up to record, only the list's line.
        const { rows } = await knex.raw<{ rows: { customer_id: string; created_at: Date | null }[] }>(
          `SELECT b.customer_id, a.created_at FROM ${backfill} b
             LEFT JOIN ${table} a ON a.customer_id = b.customer_id
            ORDER BY b.customer_id LIMIT 200`,
        );
        if (rows.length === 0) return recorded;
        for (const row of rows) {
          if (row.created_at === null) continue;
          await recordSignUp(row.customer_id, row.created_at);
          recorded += 1;
        }
        await knex.raw(`DELETE FROM ${backfill} WHERE customer_id = ANY(?::text[])`, [
          rows.map((row) => row.customer_id),
        ]);
      }
    },
  };
}
