/**
 * Customer accounts on a real database (DATABASE_URL, or the embedded PGlite): sign-up (and its
 * retry), duplicates, sign-in answers and timing, the email check, profile updates, consents, erasure,
 * and the sign-ups recorded later for accounts from before sign-ups were events.
 */
import { parseOptions } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerStream } from '../../../domain/customers/customerEvents.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { createPostgresEventStore } from '../../postgres/createPostgresEventStore.ts';
import { recordingHasher } from '../../testing/recordingHasher.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { createPostgresCustomerVault } from '../vault/createPostgresCustomerVault.ts';
import { CustomerErasedError, EmailTakenError } from '../vault/customerVault.ts';
import { createKeyRing } from '../vault/envelope.ts';
import { type CustomerAccountsOptions, createCustomerAccounts } from './createCustomerAccounts.ts';
import type { CustomerAccounts } from './customerAccounts.ts';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const PASSWORD = 'correct horse battery';
const ANNA = {
  email: 'Anna.Berg@Example.test',
  password: PASSWORD,
  firstName: 'Anna',
  lastName: 'Berg',
  consents: { terms: true, marketing: true },
} as const;

describe('customer accounts', () => {
  let db: TestDatabase;
  let now: Date;
  let ids: number;
  let accounts: CustomerAccounts;
  const open = (options: Partial<CustomerAccountsOptions> = {}) => {
    const vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 9),
      clock: () => now,
    });
    return createCustomerAccounts({
      knex: db.knex,
      schema: db.schema,
      vault,
      clock: () => now,
      newCustomerId: () => `cus_${++ids}`,
      ...options,
    });
  };
  const accountRow = (customerId: string) =>
    db.knex.withSchema(db.schema).table('customer_accounts').where({ customer_id: customerId }).first();

  beforeEach(async () => {
    db = await openTestDatabase();
    now = T0;
    ids = 0;
    accounts = open();
  });
  afterEach(async () => {
    await db.close();
  });

  it('given a sign-up, then the customer exists with an id, their data in the vault, an argon2id hash and the consents', async () => {
    const { profile, created } = await accounts.signUp(ANNA);
    expect(created).toBe(true);
    expect(profile).toMatchObject({
      customerId: 'cus_1',
      personal: { email: 'anna.berg@example.test', firstName: 'Anna', lastName: 'Berg' },
      consents: {
        terms: { given: true, at: T0.toISOString() },
        marketing: { given: true, at: T0.toISOString() },
      },
      version: 1,
      lastSignInAt: T0,
    });
    const row = await accountRow('cus_1');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(parseOptions(row.password_hash)).toMatchObject({
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(JSON.stringify(row)).not.toContain('anna');
  });

  it('given bad input, then a ValidationError per field and nothing written', async () => {
    const error = await accounts
      .signUp({ ...ANNA, email: 'nope', password: 'short', consents: { terms: false as true } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'consents.terms',
      'email',
      'password',
    ]);
    expect(await db.knex.withSchema(db.schema).table('customer_vault').count()).toEqual([{ count: '0' }]);
  });

  it('given an email registered, when signing up with another password, then a conflict naming sign-in; with the same password (a retry), then the same account', async () => {
    const first = await accounts.signUp(ANNA);
    const conflict = await accounts
      .signUp({ ...ANNA, email: 'ANNA.BERG@example.test', password: 'another long password' })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as ConflictError).details).toMatchObject({
      allowed: ['sign-in'],
      fields: { email: ['is already registered: sign in instead'] },
    });
    now = new Date(T0.getTime() + 5_000);
    const retried = await accounts.signUp(ANNA);
    expect(retried.created).toBe(false);
    expect(retried.profile.customerId).toBe(first.profile.customerId);
    expect(retried.profile.lastSignInAt).toEqual(now);
    expect(await db.knex.withSchema(db.schema).table('customer_accounts').count()).toEqual([{ count: '1' }]);
  });

  it('given two sign-ups of one email at once, then one account', async () => {
    const results = await Promise.allSettled([accounts.signUp(ANNA), accounts.signUp(ANNA)]);
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ok).toHaveLength(2);
    expect(new Set(ok.map((r) => r.profile.customerId)).size).toBe(1);
    expect(ok.map((r) => r.created).sort()).toEqual([false, true]);
  });

  it('given a generated id already taken, then sign-up retries with another', async () => {
    await accounts.signUp(ANNA);
    ids = 0; // the generator repeats cus_1 once
    const { profile } = await accounts.signUp({ ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    expect(profile.customerId).toBe('cus_2');
  });

  it('given an account, then sign-in with the right password answers the profile and records the time; wrong, unknown, malformed or huge all answer undefined', async () => {
    await accounts.signUp(ANNA);
    now = new Date(T0.getTime() + 60_000);
    const signedIn = await accounts.signIn(' anna.berg@EXAMPLE.test', PASSWORD);
    expect(signedIn).toMatchObject({
      customerId: 'cus_1',
      lastSignInAt: now,
      personal: { firstName: 'Anna' },
    });
    expect(await accounts.signIn('anna.berg@example.test', `${PASSWORD}!`)).toBeUndefined();
    expect(await accounts.signIn('nobody@example.test', PASSWORD)).toBeUndefined();
    expect(await accounts.signIn('not an email', PASSWORD)).toBeUndefined();
    expect(await accounts.signIn('anna.berg@example.test', 'x'.repeat(5000))).toBeUndefined();
    expect(await accounts.signIn('anna.berg@example.test', '')).toBeUndefined();
  });

  it('given an unknown email, then signing in verifies one hash of the same cost as a wrong password does', async () => {
    const hasher = recordingHasher();
    const recorded = open({ passwordHasher: hasher });
    await recorded.signUp(ANNA);
    expect(await recorded.signIn('anna.berg@example.test', 'wrong password here')).toBeUndefined();
    expect(await recorded.signIn('nobody@example.test', 'wrong password here')).toBeUndefined();
    expect(await recorded.signIn('nobody@example.test', '')).toBeUndefined();
    const [wrong, ...unknown] = hasher.verified;
    expect(unknown).toEqual([wrong, wrong]);
    expect(wrong).toMatchObject({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('given a hash made with a lower cost, when its owner signs in, then it is upgraded', async () => {
    await open({ hashCost: { memoryCost: 8192, timeCost: 1 } }).signUp(ANNA);
    expect(parseOptions((await accountRow('cus_1')).password_hash).memoryCost).toBe(8192);
    expect(await accounts.signIn(ANNA.email, PASSWORD)).toBeDefined();
    expect(parseOptions((await accountRow('cus_1')).password_hash).memoryCost).toBe(19_456);
  });

  it('given emails, then check-email says which have an account; a malformed one is a ValidationError', async () => {
    await accounts.signUp(ANNA);
    expect(await accounts.checkEmail('ANNA.berg@example.test ')).toEqual({ known: true });
    expect(await accounts.checkEmail('nobody@example.test')).toEqual({ known: false });
    await expect(accounts.checkEmail('nope')).rejects.toBeInstanceOf(ValidationError);
  });

  it('given a profile update (my-infos), then the vault changes and the profile shows it; a stale version and a taken email are refused', async () => {
    await accounts.signUp(ANNA);
    await accounts.signUp({ ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    const updated = await accounts.updateProfile(
      'cus_1',
      {
        phone: '+33 6 12 34 56 78',
        address: { lines: ['12 rue des Lilas'], postcode: '75011', city: 'Paris', country: 'fr' },
        birthDate: '1990-02-28',
      },
      { expectedVersion: 1 },
    );
    expect(updated.version).toBe(2);
    expect(updated.personal).toMatchObject({ phone: '+33 6 12 34 56 78', address: { country: 'FR' } });
    expect((await accounts.profile('cus_1')).personal.birthDate).toBe('1990-02-28');
    await expect(
      accounts.updateProfile('cus_1', { lastName: 'X' }, { expectedVersion: 1 }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(accounts.updateProfile('cus_1', { email: 'BEN@example.test' })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    await expect(accounts.updateProfile('cus_1', { postcode: 'x' } as never)).resolves.toMatchObject({
      version: 2,
    });
    await expect(accounts.updateProfile('cus_9', { lastName: 'X' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given consents, then marketing can be given and withdrawn with its time; the terms cannot be withdrawn', async () => {
    await accounts.signUp({ ...ANNA, consents: { terms: true } });
    now = new Date(T0.getTime() + 1000);
    const given = await accounts.setConsent('cus_1', 'marketing', true);
    expect(given.consents).toEqual({
      terms: { given: true, at: T0.toISOString() },
      marketing: { given: true, at: now.toISOString() },
    });
    await expect(accounts.setConsent('cus_1', 'terms', false)).rejects.toBeInstanceOf(IllegalStateError);
    await expect(accounts.setConsent('cus_9', 'marketing', true)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given an erased customer, then no sign-in, no profile, the email is unknown and free for a new account', async () => {
    await accounts.signUp(ANNA);
    await accounts.erase('cus_1');
    expect(await accountRow('cus_1')).toBeUndefined();
    expect(await accounts.signIn(ANNA.email, PASSWORD)).toBeUndefined();
    await expect(accounts.profile('cus_1')).rejects.toBeInstanceOf(CustomerErasedError);
    expect(await accounts.checkEmail(ANNA.email)).toEqual({ known: false });
    expect((await accounts.erase('cus_1')).customerId).toBe('cus_1');
    const again = await accounts.signUp(ANNA);
    expect(again).toMatchObject({ created: true, profile: { customerId: 'cus_2' } });
  });
});

describe('customer accounts from before sign-ups were events', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
  });

  it('given accounts listed by the migration, then their sign-ups are recorded once, with their time', async () => {
    let ids = 0;
    const vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 9),
      clock: () => T0,
    });
    const base = {
      knex: db.knex,
      schema: db.schema,
      vault,
      clock: () => T0,
      newCustomerId: () => `cus_${++ids}`,
    };
    // Made without an event store, as before; one of them erased since.
    const before = createCustomerAccounts(base);
    await before.signUp(ANNA);
    await before.signUp({ ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    await before.signUp({ ...ANNA, email: 'cleo@example.test', firstName: 'Cleo' });
    await before.erase('cus_3');
    const listed = db.knex.withSchema(db.schema).table('customer_signup_backfill');
    await listed
      .clone()
      .insert([{ customer_id: 'cus_1' }, { customer_id: 'cus_2' }, { customer_id: 'cus_3' }]);

    const store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
    const now = createCustomerAccounts({ ...base, store });
    expect(await now.recordPendingSignUps()).toBe(2);
    expect(await listed.clone().count({ n: '*' })).toEqual([{ n: '0' }]);
    const signedUp = await store.readStream(customerStream('cus_1'));
    expect(signedUp).toHaveLength(1);
    expect(signedUp[0]).toMatchObject({
      type: 'CustomerSignedUp',
      data: { customerId: 'cus_1', number: expect.any(Number) },
      metadata: { at: T0.toISOString() },
    });
    // Run again (another start, or the list filled anew): nothing more, no event twice.
    await listed.clone().insert([{ customer_id: 'cus_1' }]);
    expect(await now.recordPendingSignUps()).toBe(1);
    expect(await store.readStream(customerStream('cus_1'))).toHaveLength(1);
    expect(await now.recordPendingSignUps()).toBe(0);
  });
});
