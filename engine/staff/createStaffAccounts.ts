/**
 * Staff accounts in the `staff_accounts` table (migration 004), passwords hashed with argon2id
 * (@node-rs/argon2; default cost: OWASP's 19 MiB, 2 passes, 1 lane). A hash made with other
 * parameters is upgraded at the next successful sign-in.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { isStaffRole, STAFF_ROLES } from '../../domain/staff/staffRoles.ts';
import { validate } from '../../domain/validate.ts';
import { argon2Hasher, type HashOptions, type PasswordHasher } from '../passwordHasher.ts';
import type { StaffAccount, StaffAccounts } from './staffAccounts.ts';

export interface StaffAccountsOptions {
  readonly knex: Knex;
  /** The schema holding `staff_accounts` (default `public`). */
  readonly schema?: string;
  readonly clock?: () => Date;
  /** argon2id cost; lower it only in tests. */
  readonly hashCost?: Pick<HashOptions, 'memoryCost' | 'timeCost' | 'parallelism'>;
  /** argon2id by default; tests wrap it to see which hashes a sign-in checks. */
  readonly passwordHasher?: PasswordHasher;
}

export const MIN_PASSWORD_LENGTH = 12;
/** argon2 takes any length; the cap keeps a request from making us hash megabytes. */
const MAX_PASSWORD_LENGTH = 256;
const ARGON2ID = 2;

const emailSchema = z.string().trim().toLowerCase().pipe(z.email('is not an email').max(254));
const newAccountSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, 'is required').max(100),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `needs at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH),
  roles: z.array(z.enum(STAFF_ROLES)).min(1, 'needs at least one role'),
});

interface StaffRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  roles: string[];
  disabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const toAccount = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.display_name,
  roles: row.roles.filter(isStaffRole),
  disabled: row.disabled,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
});

export function createStaffAccounts(options: StaffAccountsOptions): StaffAccounts {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".staff_accounts`;
  const clock = options.clock ?? (() => new Date());
  const { hash, verify: verifyHash } = options.passwordHasher ?? argon2Hasher;
  const cost = {
    algorithm: ARGON2ID,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
    ...options.hashCost,
  } as HashOptions & { memoryCost: number; timeCost: number; parallelism: number };
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

  async function rows(sql: string, bindings: readonly unknown[]): Promise<StaffRow[]> {
    return (await knex.raw<{ rows: StaffRow[] }>(sql, bindings as Knex.RawBinding[])).rows;
  }

  return {
    async create(input) {
      const account = validate(newAccountSchema, input, 'staff account');
      const [row] = await rows(
        `INSERT INTO ${table} (id, email, display_name, password_hash, roles, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *`,
        [
          randomUUID(),
          account.email,
          account.name,
          await hash(account.password, cost),
          [...new Set(account.roles)],
          clock(),
        ],
      );
      if (!row)
        throw new ConflictError(`a staff account for ${account.email} exists`, { email: account.email });
      return toAccount(row);
    },

    async verify(email, password) {
      const parsed = emailSchema.safeParse(email);
      const [row] = parsed.success ? await rows(`SELECT * FROM ${table} WHERE email = ?`, [parsed.data]) : [];
      const usable = typeof password === 'string' && password.length <= MAX_PASSWORD_LENGTH;
      if (!row || !usable) {
        dummyHash ??= hash(randomBytes(24).toString('base64'), cost);
        await verifyHash(await dummyHash, usable ? password : 'x').catch(() => false);
        return undefined;
      }
      const ok = await verifyHash(row.password_hash, password).catch(() => false);
      if (!ok || row.disabled) return undefined;
      const upgraded = outdated(row.password_hash) ? await hash(password, cost) : null;
      const [updated] = await rows(
        `UPDATE ${table} SET last_sign_in_at = ?, password_hash = COALESCE(?, password_hash)
         WHERE id = ? AND NOT disabled RETURNING *`,
        [clock(), upgraded, row.id],
      );
      return updated ? toAccount(updated) : undefined;
    },

    async find(id) {
      if (!z.uuid().safeParse(id).success) return undefined;
      const [row] = await rows(`SELECT * FROM ${table} WHERE id = ?`, [id]);
      return row ? toAccount(row) : undefined;
    },

    async disable(email) {
      const address = validate(emailSchema, email, 'email');
      const [row] = await rows(`UPDATE ${table} SET disabled = true WHERE email = ? RETURNING *`, [address]);
      if (!row) throw new NotFoundError(`no staff account for ${address}`, { email: address });
      return toAccount(row);
    },

    async list() {
      return (await rows(`SELECT * FROM ${table} ORDER BY email`, [])).map(toAccount);
    },

    async count() {
      const { rows: counted } = await knex.raw<{ rows: { n: string }[] }>(
        `SELECT count(*) AS n FROM ${table}`,
      );
      return Number(counted[0]?.n ?? 0);
    },
  };
}
