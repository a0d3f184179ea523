/**
 * Staff accounts on a real database (DATABASE_URL, or the embedded PGlite): argon2id hashes, verify's
 * answers (right, wrong, unknown, disabled), email case, conflicts, validation, hash upgrades.
 */
import { parseOptions } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { recordingHasher } from '../testing/recordingHasher.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { createStaffAccounts, type StaffAccountsOptions } from './createStaffAccounts.ts';
import type { StaffAccounts } from './staffAccounts.ts';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const PASSWORD = 'correct horse battery';

describe('staff accounts', () => {
  let db: TestDatabase;
  let now: Date;
  let accounts: StaffAccounts;
  const open = (options: Partial<StaffAccountsOptions> = {}) =>
    createStaffAccounts({ knex: db.knex, schema: db.schema, clock: () => now, ...options });
  const storedHash = async (email: string) =>
    (await db.knex.withSchema(db.schema).table('staff_accounts').where({ email }).first())
      .password_hash as string;

  beforeEach(async () => {
    db = await openTestDatabase();
    now = T0;
    accounts = open();
  });
  afterEach(async () => {
    await db.close();
  });

  it('given a new account, then the email is lower-cased and the password stored as an argon2id hash', async () => {
    const created = await accounts.create({
      email: '  Anna.Berg@Example.TEST ',
      name: 'Anna Berg',
      password: PASSWORD,
      roles: ['sales', 'sales', 'analyst'],
    });
    expect(created).toMatchObject({
      email: 'anna.berg@example.test',
      name: 'Anna Berg',
      roles: ['sales', 'analyst'],
      disabled: false,
      lastSignInAt: null,
    });
    const stored = await storedHash('anna.berg@example.test');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(PASSWORD);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('given an account, when verified with the right password in any email case, then it is returned and the sign-in recorded', async () => {
    await accounts.create({ email: 'anna@example.test', name: 'Anna', password: PASSWORD, roles: ['admin'] });
    now = new Date(T0.getTime() + 60_000);
    const signedIn = await accounts.verify('ANNA@example.test', PASSWORD);
    expect(signedIn).toMatchObject({ email: 'anna@example.test', roles: ['admin'] });
    expect(signedIn?.lastSignInAt?.toISOString()).toBe(now.toISOString());
  });

  it('given a wrong password, an unknown email, a malformed email or a huge password, then undefined', async () => {
    await accounts.create({ email: 'anna@example.test', name: 'Anna', password: PASSWORD, roles: ['admin'] });
    expect(await accounts.verify('anna@example.test', 'correct horse battery!')).toBeUndefined();
    expect(await accounts.verify('nobody@example.test', PASSWORD)).toBeUndefined();
    expect(await accounts.verify('not an email', PASSWORD)).toBeUndefined();
    expect(await accounts.verify('anna@example.test', 'x'.repeat(10_000))).toBeUndefined();
    expect((await accounts.list())[0]?.lastSignInAt).toBeNull();
  });

  it('given an unknown email, then verifying checks one hash of the same cost as a wrong password does', async () => {
    const hasher = recordingHasher();
    const recorded = open({ passwordHasher: hasher });
    await recorded.create({ email: 'anna@example.test', name: 'Anna', password: PASSWORD, roles: ['admin'] });
    expect(await recorded.verify('anna@example.test', 'wrong password here')).toBeUndefined();
    expect(await recorded.verify('nobody@example.test', 'wrong password here')).toBeUndefined();
    expect(await recorded.verify('nobody@example.test', '')).toBeUndefined();
    const [wrong, ...unknown] = hasher.verified;
    expect(unknown).toEqual([wrong, wrong]);
    expect(wrong).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('given a disabled account, then the right password no longer verifies; disabling twice is fine', async () => {
    await accounts.create({ email: 'anna@example.test', name: 'Anna', password: PASSWORD, roles: ['admin'] });
    expect((await accounts.disable('Anna@example.test')).disabled).toBe(true);
    expect((await accounts.disable('anna@example.test')).disabled).toBe(true);
    expect(await accounts.verify('anna@example.test', PASSWORD)).toBeUndefined();
    await expect(accounts.disable('nobody@example.test')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given an email in use (in another case), when created again, then a conflict and nothing changes', async () => {
    const first = await accounts.create({
      email: 'anna@example.test',
      name: 'Anna',
      password: PASSWORD,
      roles: ['admin'],
    });
    await expect(
      accounts.create({
        email: 'ANNA@example.test',
        name: 'Other',
        password: 'another long password',
        roles: ['sales'],
      }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await accounts.list()).toEqual([first]);
    expect(await accounts.count()).toBe(1);
  });

  it('given bad input, then a validation error naming each field', async () => {
    const error = await accounts
      .create({ email: 'nope', name: ' ', password: 'short', roles: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'email',
      'name',
      'password',
      'roles',
    ]);
    await expect(
      accounts.create({ email: 'a@example.test', name: 'A', password: PASSWORD, roles: ['root' as 'admin'] }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('given a hash made with a lower cost, when its owner signs in, then it is upgraded to the current cost', async () => {
    const cheap = open({ hashCost: { memoryCost: 8192, timeCost: 1 } });
    const created = await cheap.create({
      email: 'anna@example.test',
      name: 'Anna',
      password: PASSWORD,
      roles: ['admin'],
    });
    expect(parseOptions(await storedHash('anna@example.test')).memoryCost).toBe(8192);
    expect(await accounts.verify('anna@example.test', PASSWORD)).toMatchObject({ id: created.id });
    expect(parseOptions(await storedHash('anna@example.test'))).toMatchObject({
      memoryCost: 19_456,
      timeCost: 2,
    });
    expect(await accounts.verify('anna@example.test', PASSWORD)).toMatchObject({ id: created.id });
  });

  it('given ids, then find answers accounts, disabled ones too, and undefined for unknown or malformed ids', async () => {
    const created = await accounts.create({
      email: 'anna@example.test',
      name: 'Anna',
      password: PASSWORD,
      roles: ['content'],
    });
    expect(await accounts.find(created.id)).toEqual(created);
    await accounts.disable('anna@example.test');
    expect(await accounts.find(created.id)).toMatchObject({ disabled: true });
    expect(await accounts.find('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await accounts.find("1' OR '1'='1")).toBeUndefined();
  });

  it('given an invited account without a password, then no password verifies, after the same work as an unknown email', async () => {
    const hasher = recordingHasher();
    const recorded = open({ passwordHasher: hasher });
    const invitation = await recorded.invite(
      { email: 'Iris@example.test', name: 'Iris', roles: ['content'], locale: 'pl' },
      null,
    );
    expect(invitation.account).toMatchObject({ email: 'iris@example.test', invited: true });
    expect(await storedHash('iris@example.test')).toBeNull();
    expect(await recorded.verify('iris@example.test', '')).toBeUndefined();
    expect(await recorded.verify('nobody@example.test', 'some password here')).toBeUndefined();
    const [invited, unknown] = hasher.verified;
    expect(invited).toEqual(unknown);
    await expect(
      recorded.create({ email: 'iris@example.test', name: 'Iris', password: PASSWORD, roles: ['admin'] }),
    ).rejects.toBeInstanceOf(ConflictError);
    const accepted = await recorded.acceptInvitation(invitation.token, PASSWORD);
    expect(accepted).toMatchObject({ invited: false, lastSignInAt: T0 });
    expect(await recorded.verify('iris@example.test', PASSWORD)).toMatchObject({ id: accepted.id });
  });
});
