/**
 * Staff accounts in the `staff_accounts` table (migration 004), passwords hashed with argon2id
 * (@node-rs/argon2; default cost: OWASP's 19 MiB, 2 passes, 1 lane). A hash made with other
 * parameters is upgraded at the next successful sign-in. Invitations in `staff_invitations` (migration
 * 015): 32 random bytes as the token, its SHA-256 stored; an invited account has no hash yet.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { parseOptions } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { isLocale, type Locale } from '../../domain/markets.ts';
import { INVITATION_TTL_MS, invitationRefusal, invitationRefused } from '../../domain/staff/staffAccess.ts';
import { isStaffRole } from '../../domain/staff/staffRoles.ts';
import {
  MAX_PASSWORD_LENGTH,
  staffEmailSchema,
  staffInvitationSchema,
  staffNameSchema,
  staffPasswordSchema,
  staffRolesSchema,
} from '../../domain/staff/staffSchemas.ts';
import { validate } from '../../domain/validate.ts';
import { argon2Hasher, type HashOptions, type PasswordHasher } from '../passwordHasher.ts';
import type { OpenInvitation, StaffAccount, StaffAccounts } from './staffAccounts.ts';

export interface StaffAccountsOptions {
  readonly knex: Knex;
  /** The schema holding `staff_accounts` (default `public`). */
  readonly schema?: string;
  readonly clock?: () => Date;
  /** argon2id cost; lower it only in tests. */
  readonly hashCost?: Pick<HashOptions, 'memoryCost' | 'timeCost' | 'parallelism'>;
  /** argon2id by default; tests wrap it to see which hashes a sign-in checks. */
  readonly passwordHasher?: PasswordHasher;
  /** Called inside the invitation's transaction (the mail outbox adds the invitee's mail there). */
  readonly onInvited?: (
    trx: Knex.Transaction,
    invitation: {
      readonly staffId: string;
      readonly token: string;
      readonly locale: Locale;
      readonly expiresAt: Date;
      readonly now: Date;
    },
  ) => Promise<void>;
}

const ARGON2ID = 2;

const newAccountSchema = z.object({
  email: staffEmailSchema,
  name: staffNameSchema,
  password: staffPasswordSchema,
  roles: staffRolesSchema,
});
/** A token as made below: 32 bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

interface StaffRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
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
  invited: row.password_hash === null,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
});

interface InvitationRow extends StaffRow {
  locale: string;
  expires_at: Date;
  accepted_at: Date | null;
}

export function createStaffAccounts(options: StaffAccountsOptions): StaffAccounts {
  const { knex } = options;
  const schema = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const table = `${schema}.staff_accounts`;
  const invitations = `${schema}.staff_invitations`;
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

  async function rows<Row = StaffRow>(
    sql: string,
    bindings: readonly unknown[],
    on: Knex | Knex.Transaction = knex,
  ): Promise<Row[]> {
    return (await on.raw<{ rows: Row[] }>(sql, bindings as Knex.RawBinding[])).rows;
  }

  /** The invitation of `token` with its account (locked in `trx`), or the refusal thrown. */
  async function invitationOf(token: string, on: Knex | Knex.Transaction, lock = '') {
    const [row] = TOKEN.test(token)
      ? await rows<InvitationRow>(
          `SELECT a.*, i.locale, i.expires_at, i.accepted_at FROM ${invitations} i
           JOIN ${table} a ON a.id = i.staff_id WHERE i.token_hash = ? ${lock}`,
          [tokenHash(token)],
          on,
        )
      : [];
    const refusal = invitationRefusal(
      row && { expiresAt: row.expires_at, acceptedAt: row.accepted_at, accountDisabled: row.disabled },
      clock(),
    );
    if (refusal || !row) throw invitationRefused(refusal ?? 'unknown');
    return row;
  }

  const openOf = (row: InvitationRow): OpenInvitation => ({
    account: toAccount(row),
    locale: isLocale(row.locale) ? row.locale : 'fr',
    expiresAt: row.expires_at,
  });

  async function updated(sql: string, bindings: readonly unknown[], id: string): Promise<StaffAccount> {
    const [row] = z.uuid().safeParse(id).success ? await rows(sql, [...bindings, id]) : [];
    if (!row) throw new NotFoundError(`no staff account ${id}`, { id });
    return toAccount(row);
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
      const parsed = staffEmailSchema.safeParse(email);
      const [row] = parsed.success ? await rows(`SELECT * FROM ${table} WHERE email = ?`, [parsed.data]) : [];
      const usable = typeof password === 'string' && password.length <= MAX_PASSWORD_LENGTH;
      if (!row || !usable) {
        dummyHash ??= hash(randomBytes(24).toString('base64'), cost);
        await verifyHash(await dummyHash, usable ? password : 'x').catch(() => false);
        return undefined;
      }
      if (row.password_hash === null) {
        // Invited, no password yet: the same work and answer as an unknown email.
        dummyHash ??= hash(randomBytes(24).toString('base64'), cost);
        await verifyHash(await dummyHash, password).catch(() => false);
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
      const address = validate(staffEmailSchema, email, 'email');
      const [row] = await rows(`UPDATE ${table} SET disabled = true WHERE email = ? RETURNING *`, [address]);
      if (!row) throw new NotFoundError(`no staff account for ${address}`, { email: address });
      return toAccount(row);
    },

    async list() {
      return (await rows(`SELECT * FROM ${table} ORDER BY email`, [])).map(toAccount);
    },

    async pendingInvitations() {
      const pending = await rows<{ staff_id: string; expires_at: Date }>(
        `SELECT i.staff_id, i.expires_at FROM ${invitations} i JOIN ${table} a ON a.id = i.staff_id
         WHERE i.accepted_at IS NULL AND a.password_hash IS NULL`,
        [],
      );
      return new Map(pending.map((row) => [row.staff_id, row.expires_at]));
    },

    async invite(input, invitedBy) {
      const invitation = validate(staffInvitationSchema, input, 'invitation');
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      const roles = [...new Set(invitation.roles)];
      return knex.transaction(async (trx) => {
        const [created] = await rows(
          `INSERT INTO ${table} (id, email, display_name, password_hash, roles, created_at)
           VALUES (?, ?, ?, NULL, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *`,
          [randomUUID(), invitation.email, invitation.name, roles, now],
          trx,
        );
        let row = created;
        if (!row) {
          const [existing] = await rows(
            `SELECT * FROM ${table} WHERE email = ? FOR UPDATE`,
            [invitation.email],
            trx,
          );
          if (!existing) throw new ConflictError('the account changed meanwhile: try again');
          if (existing.password_hash !== null || existing.disabled) {
            const state = existing.disabled ? 'disabled' : 'active';
            throw new ConflictError(
              existing.disabled
                ? `the account of ${invitation.email} is disabled: enable it instead`
                : `${invitation.email} already has an account: change its roles instead`,
              { email: invitation.email, accountId: existing.id, state },
            );
          }
          [row] = await rows(
            `UPDATE ${table} SET display_name = ?, roles = ? WHERE id = ? RETURNING *`,
            [invitation.name, roles, existing.id],
            trx,
          );
        }
        if (!row) throw new ConflictError('the account changed meanwhile: try again');
        const [previous] = await rows<{ n: string }>(
          `SELECT count(*) AS n FROM ${invitations} WHERE staff_id = ?`,
          [row.id],
          trx,
        );
        await trx.raw(
          `INSERT INTO ${invitations} (staff_id, token_hash, locale, invited_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (staff_id) DO UPDATE SET token_hash = excluded.token_hash, locale = excluded.locale,
             invited_by = excluded.invited_by, created_at = excluded.created_at,
             expires_at = excluded.expires_at, accepted_at = NULL`,
          [row.id, tokenHash(token), invitation.locale, invitedBy, now, expiresAt],
        );
        await options.onInvited?.(trx, { staffId: row.id, token, locale: invitation.locale, expiresAt, now });
        return {
          account: toAccount(row),
          token,
          locale: invitation.locale,
          expiresAt,
          replaced: Number(previous?.n ?? 0) > 0,
        };
      });
    },

    async openInvitation(token) {
      return openOf(await invitationOf(token, knex));
    },

    async acceptInvitation(token, password) {
      // The link is checked before the password, so an expired link says so whatever was typed.
      await invitationOf(token, knex);
      const { password: chosen } = validate(
        z.object({ password: staffPasswordSchema }),
        { password },
        'password',
      );
      const passwordHash = await hash(chosen, cost);
      return knex.transaction(async (trx) => {
        const row = await invitationOf(token, trx, 'FOR UPDATE OF i, a');
        const now = clock();
        await trx.raw(`UPDATE ${invitations} SET accepted_at = ? WHERE staff_id = ?`, [now, row.id]);
        const [account] = await rows(
          `UPDATE ${table} SET password_hash = ?, last_sign_in_at = ? WHERE id = ? RETURNING *`,
          [passwordHash, now, row.id],
          trx,
        );
        if (!account) throw invitationRefused('unknown');
        return toAccount(account);
      });
    },

    async setRoles(id, roles) {
      const valid = validate(z.object({ roles: staffRolesSchema }), { roles }, 'roles').roles;
      return updated(`UPDATE ${table} SET roles = ? WHERE id = ? RETURNING *`, [[...new Set(valid)]], id);
    },

    async setDisabled(id, disabled) {
      return updated(`UPDATE ${table} SET disabled = ? WHERE id = ? RETURNING *`, [disabled], id);
    },

    async count() {
      const { rows: counted } = await knex.raw<{ rows: { n: string }[] }>(
        `SELECT count(*) AS n FROM ${table}`,
      );
      return Number(counted[0]?.n ?? 0);
    },
  };
}
