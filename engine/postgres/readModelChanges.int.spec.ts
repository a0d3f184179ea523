/** Two app instances on one PostgreSQL: what one announces, both hear (NOTIFY/LISTEN), after the commit. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { createReadModelChanges, type ReadModelChanges } from './readModelChanges.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('read model changes across instances (real PostgreSQL)', () => {
  let db: TestDatabase;
  const opened: ReadModelChanges[] = [];
  const channel = `read_model_changed_test_${randomUUID().slice(0, 8)}`;
  const heard = { a: [] as string[], b: [] as string[] };

  beforeAll(async () => {
    db = await openTestDatabase();
    for (const who of ['a', 'b'] as const) {
      opened.push(
        await createReadModelChanges({
          knex: db.knex,
          url: url!,
          channel,
          onChange: (name) => heard[who].push(name),
          onError: (error) => {
            throw error;
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const changes of opened) await changes.close();
    await db?.close();
  });

  it('given instance a announces two projections, then instances a and b both hear their names', async () => {
    await opened[0]!.announce(['translation_overrides', 'catalogue']);
    await vi.waitFor(() => {
      expect(heard.a).toEqual(['translation_overrides', 'catalogue']);
      expect(heard.b).toEqual(['translation_overrides', 'catalogue']);
    });
  });

  it('given an announcement inside a transaction, then nobody hears it before the commit', async () => {
    const trx = await db.knex.transaction();
    await trx.raw('SELECT pg_notify(?, ?)', [channel, 'content_items']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard.b).not.toContain('content_items');
    await trx.commit();
    await vi.waitFor(() => expect(heard.b).toContain('content_items'));
  });
});
