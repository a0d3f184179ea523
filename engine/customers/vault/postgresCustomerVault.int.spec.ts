/**
 * The customer vault on a real database (DATABASE_URL, or the embedded PGlite): what is stored is
 * ciphertext; store, read, update, lookups, conflicts, erasure (crypto-shredding) and key rotation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/testDatabase.ts';
import { createPostgresCustomerVault, type PostgresCustomerVault } from './createPostgresCustomerVault.ts';
import { CustomerErasedError, EmailTakenError } from './customerVault.ts';
import { createKeyRing, type KeyRing, UnknownMasterKeyError, VaultIntegrityError } from './envelope.ts';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const K1 = { id: 'k1', key: Buffer.alloc(32, 1) };
const K2 = { id: 'k2', key: Buffer.alloc(32, 2) };
const LOOKUP = Buffer.alloc(32, 9);
const ANNA = {
  email: 'Anna.Berg@Example.test',
  firstName: 'Anna',
  lastName: 'Berg',
  phone: '+33 6 12 34 56 78',
  address: { lines: ['12 rue des Lilas'], postcode: '75011', city: 'Paris', country: 'FR' },
  birthDate: '1990-02-28',
};

describe('customer vault on PostgreSQL', () => {
  let db: TestDatabase;
  let now: Date;
  let vault: PostgresCustomerVault;
  const open = (keyRing: KeyRing = createKeyRing([K1])) =>
    createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing,
      lookupKey: LOOKUP,
      clock: () => now,
    });
  const row = async (customerId: string) =>
    db.knex.withSchema(db.schema).table('customer_vault').where({ customer_id: customerId }).first();

  beforeEach(async () => {
    db = await openTestDatabase();
    now = T0;
    vault = open();
  });
  afterEach(async () => {
    await db.close();
  });

  it('given a customer stored, then it reads back normalised, and the row holds no personal data in clear', async () => {
    const created = await vault.create('cus_anna', ANNA);
    expect(created).toMatchObject({
      customerId: 'cus_anna',
      version: 1,
      data: { email: 'anna.berg@example.test' },
    });
    const read = await vault.read('cus_anna');
    expect(read.data).toEqual({ ...ANNA, email: 'anna.berg@example.test' });
    expect(read.createdAt.toISOString()).toBe(T0.toISOString());

    const stored = await row('cus_anna');
    expect(stored.key_id).toBe('k1');
    const everything = Buffer.concat([stored.sealed_data, stored.wrapped_key, stored.email_lookup]).toString(
      'latin1',
    );
    for (const secret of ['anna', 'Anna', 'Berg', 'Lilas', '75011', '1990', '12 34'])
      expect(everything).not.toContain(secret);
  });

  it('given an email in any case, then findByEmail answers the id; unknown emails answer undefined', async () => {
    await vault.create('cus_anna', ANNA);
    expect(await vault.findByEmail(' ANNA.berg@example.TEST ')).toBe('cus_anna');
    expect(await vault.findByEmail('nobody@example.test')).toBeUndefined();
  });

  it('given an email in use, when another customer takes it, then EmailTakenError and nothing written; the same id twice is a conflict too', async () => {
    await vault.create('cus_anna', ANNA);
    await expect(
      vault.create('cus_other', { ...ANNA, email: 'anna.berg@EXAMPLE.test' }),
    ).rejects.toBeInstanceOf(EmailTakenError);
    expect(await row('cus_other')).toBeUndefined();
    const sameId = await vault
      .create('cus_anna', { ...ANNA, email: 'x@example.test' })
      .catch((e: unknown) => e);
    expect(sameId).toBeInstanceOf(ConflictError);
    expect((sameId as ConflictError).details).toMatchObject({ reason: 'id_taken' });
  });

  it('given bad data or a bad id, then ValidationError per field', async () => {
    const error = await vault
      .create('cus_anna', { ...ANNA, email: 'nope', lastName: '', birthDate: '1990-13-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'birthDate',
      'email',
      'lastName',
    ]);
    await expect(vault.read("x' OR '1'='1")).rejects.toBeInstanceOf(ValidationError);
  });

  it('given an update, then the fields change, the version and time move, the email lookup follows', async () => {
    await vault.create('cus_anna', ANNA);
    now = new Date(T0.getTime() + 60_000);
    const updated = await vault.update('cus_anna', {
      email: 'anna@new.test',
      phone: null,
      lastName: 'Dupont',
    });
    expect(updated.version).toBe(2);
    expect(updated.data).toEqual({
      email: 'anna@new.test',
      firstName: 'Anna',
      lastName: 'Dupont',
      address: ANNA.address,
      birthDate: ANNA.birthDate,
    });
    expect((await vault.read('cus_anna')).updatedAt.toISOString()).toBe(now.toISOString());
    expect(await vault.findByEmail('anna.berg@example.test')).toBeUndefined();
    expect(await vault.findByEmail('anna@new.test')).toBe('cus_anna');
    // A patch that changes nothing writes nothing.
    expect((await vault.update('cus_anna', { firstName: ' Anna ', phone: null })).version).toBe(2);
  });

  it('given an update to an email in use, a stale expected version or an unknown id, then refused and nothing changed', async () => {
    await vault.create('cus_anna', ANNA);
    await vault.create('cus_ben', { ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    await expect(vault.update('cus_ben', { email: 'ANNA.BERG@example.test' })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    await vault.update('cus_ben', { firstName: 'Benjamin' }, { expectedVersion: 1 });
    const stale = await vault
      .update('cus_ben', { firstName: 'Benno' }, { expectedVersion: 1 })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).details).toMatchObject({ version: 2, expectedVersion: 1 });
    expect((await vault.read('cus_ben')).data.firstName).toBe('Benjamin');
    await expect(vault.update('cus_nobody', { firstName: 'X' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('given concurrent updates of different fields, then all land (each over the version it read, no lost update)', async () => {
    await vault.create('cus_anna', ANNA);
    await Promise.all([
      vault.update('cus_anna', { firstName: 'Annabel' }),
      vault.update('cus_anna', { lastName: 'Dupont' }),
      vault.update('cus_anna', { phone: '+32 470 12 34 56' }),
    ]);
    const read = await vault.read('cus_anna');
    expect(read.version).toBe(4);
    expect(read.data).toMatchObject({ firstName: 'Annabel', lastName: 'Dupont', phone: '+32 470 12 34 56' });
  });

  it('given ten updates of one customer at once, then every one is written, none refused', async () => {
    await vault.create('cus_many', { ...ANNA, email: 'many@example.test' });
    const phones = Array.from({ length: 10 }, (_, i) => `+32 470 12 34 ${String(10 + i)}`);
    await Promise.all(phones.map((phone) => vault.update('cus_many', { phone })));
    const read = await vault.read('cus_many');
    expect(read.version).toBe(11);
    expect(phones).toContain(read.data.phone);
  });

  it('given an erased customer, then reading is CustomerErasedError (a NotFoundError), the lookup and the key are gone, the email is free, erasing again is fine', async () => {
    await vault.create('cus_anna', ANNA);
    now = new Date(T0.getTime() + 3_600_000);
    const erased = await vault.erase('cus_anna');
    expect(erased).toEqual({ customerId: 'cus_anna', erasedAt: now });

    const error = await vault.read('cus_anna').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CustomerErasedError);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).details).toMatchObject({ erased: true });
    expect(await vault.findByEmail(ANNA.email)).toBeUndefined();
    const stored = await row('cus_anna');
    expect(stored).toMatchObject({ key_id: null, wrapped_key: null, sealed_data: null, email_lookup: null });
    await expect(vault.update('cus_anna', { firstName: 'X' })).rejects.toBeInstanceOf(CustomerErasedError);

    now = new Date(T0.getTime() + 7_200_000);
    expect(await vault.erase('cus_anna')).toEqual(erased);
    await expect(vault.erase('cus_nobody')).rejects.toBeInstanceOf(NotFoundError);
    await vault.create('cus_anna_again', ANNA);
    expect(await vault.findByEmail(ANNA.email)).toBe('cus_anna_again');
  });

  it('given several ids, then readMany answers the present, the erased, and leaves out the unknown', async () => {
    await vault.create('cus_anna', ANNA);
    await vault.create('cus_ben', { ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    await vault.erase('cus_ben');
    const found = await vault.readMany(['cus_anna', 'cus_ben', 'cus_nobody', 'bad id!']);
    expect([...found.keys()].sort()).toEqual(['cus_anna', 'cus_ben']);
    expect(found.get('cus_anna')).toMatchObject({ data: { firstName: 'Anna' } });
    expect(found.get('cus_ben')).toEqual({ customerId: 'cus_ben', erasedAt: T0 });
    expect((await vault.readMany([])).size).toBe(0);
  });

  it('given a tampered row, then reading refuses instead of answering wrong data', async () => {
    await vault.create('cus_anna', ANNA);
    await vault.create('cus_ben', { ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    const ben = await row('cus_ben');
    // Ben's sealed data pasted onto Anna's row: bound to Ben's id, it does not open as Anna's.
    await db.knex.withSchema(db.schema).table('customer_vault').where({ customer_id: 'cus_anna' }).update({
      sealed_data: ben.sealed_data,
    });
    await expect(vault.read('cus_anna')).rejects.toBeInstanceOf(VaultIntegrityError);
  });

  it('given a rotated master key, then old customers still read, rewrapKeys moves them to the new key, and then the old key can go', async () => {
    await vault.create('cus_anna', ANNA);
    await vault.create('cus_ben', { ...ANNA, email: 'ben@example.test', firstName: 'Ben' });
    const rotated = open(createKeyRing([K2, K1]));
    await rotated.create('cus_carl', { ...ANNA, email: 'carl@example.test', firstName: 'Carl' });
    expect((await rotated.read('cus_anna')).data.firstName).toBe('Anna');
    expect((await row('cus_carl')).key_id).toBe('k2');

    expect(await rotated.rewrapKeys({ batchSize: 1 })).toBe(2);
    expect(await rotated.rewrapKeys()).toBe(0);
    expect((await row('cus_anna')).key_id).toBe('k2');
    const newOnly = open(createKeyRing([K2]));
    expect((await newOnly.read('cus_ben')).data.firstName).toBe('Ben');
    await expect(open(createKeyRing([K1])).read('cus_ben')).rejects.toBeInstanceOf(UnknownMasterKeyError);
  });

  it('given a transaction that rolls back, then a customer created through withKnex is not there', async () => {
    await db.knex
      .transaction(async (trx) => {
        await vault.withKnex(trx).create('cus_anna', ANNA);
        throw new Error('roll back');
      })
      .catch(() => {});
    await expect(vault.read('cus_anna')).rejects.toBeInstanceOf(NotFoundError);
    expect(await vault.findByEmail(ANNA.email)).toBeUndefined();
  });
});
