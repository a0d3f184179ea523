/**
 * What analysts see holds no personal data: a customer signs up (an event with their id) and changes
 * their phone (the vault only); the events of `$all` as the explorer and its download give them, and
 * the `events` view, carry the customer's id and nothing of their name, email or phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerAccounts } from '../../engine/customers/accounts/createCustomerAccounts.ts';
import { createPostgresCustomerVault } from '../../engine/customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { analyticsSchemaOf } from '../projectionTables.ts';
import { eventExplorer } from './eventExplorer.ts';

const PERSON = {
  email: 'Zofia.Kowalska@Example.test',
  password: 'correct horse battery',
  firstName: 'Zofia',
  lastName: 'Kowalska',
  consents: { terms: true, marketing: true },
} as const;
const PHONE = '+48 601 234 567';

describe('what analysts see of a customer', () => {
  let db: TestDatabase;
  let store: EventStore;
  let customerId: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
    const vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 9),
    });
    const accounts = createCustomerAccounts({
      knex: db.knex,
      schema: db.schema,
      vault,
      store,
      hashCost: { memoryCost: 4096, timeCost: 1 },
    });
    customerId = (await accounts.signUp(PERSON)).profile.customerId;
    await accounts.updateProfile(customerId, { phone: PHONE });
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });

  const personal = [/zofia/i, /kowalska/i, /example\.test/i, /601 ?234/];

  it('the explorer and its download name the customer by id only', async () => {
    const explorer = eventExplorer({ store });
    const lines: string[] = [];
    for await (const event of explorer.all({})) lines.push(JSON.stringify(event));
    expect(lines.length).toBeGreaterThan(0);
    const text = lines.join('\n');
    expect(text).toContain(customerId);
    for (const pattern of personal) expect(text).not.toMatch(pattern);
  });

  it('the events view names the customer by id only', async () => {
    const { rows } = await db.knex.raw(`SELECT * FROM "${analyticsSchemaOf(db.schema)}".events`);
    const text = JSON.stringify(rows);
    expect(text).toContain(customerId);
    for (const pattern of personal) expect(text).not.toMatch(pattern);
  });
});
