/**
 * The Postgres session store on real PostgreSQL and on PGlite, with a clock moved by hand: round trip,
 * expiry by cookie and by TTL, destroy, the touch throttle, and pruning.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type DatabaseTarget,
  openTestDatabase,
  type TestDatabase,
  unavailableReason,
} from '../testing/testDatabase.ts';
import {
  createPostgresSessionStore,
  type PostgresSessionStoreOptions,
} from './createPostgresSessionStore.ts';
import type { LoadedSession, SessionStore } from './sessionStore.ts';

const T0 = new Date('2030-01-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

const get = (store: SessionStore, sid: string) =>
  new Promise<LoadedSession | null | undefined>((resolve, reject) =>
    store.get(sid, (error, session) => (error ? reject(error) : resolve(session))),
  );
const set = (store: SessionStore, sid: string, session: LoadedSession) =>
  new Promise<void>((resolve, reject) =>
    store.set(sid, session, (error) => (error ? reject(error) : resolve())),
  );
const destroy = (store: SessionStore, sid: string) =>
  new Promise<void>((resolve, reject) => store.destroy(sid, (error) => (error ? reject(error) : resolve())));

describe.each<DatabaseTarget>(['postgres', 'pglite'])('Postgres session store on %s', (target) => {
  const skip = unavailableReason(target);
  if (skip) console.warn(`[skip] session store on ${target}: ${skip}`);

  let db: TestDatabase;
  let now: Date;
  const open = (options: Partial<PostgresSessionStoreOptions> = {}) =>
    createPostgresSessionStore({ knex: db.knex, schema: db.schema, clock: () => now, ...options });
  const storedExpiry = async (sid: string) =>
    (await db.knex.withSchema(db.schema).table('http_sessions').where({ sid }).first())?.expires_at as
      | Date
      | undefined;

  beforeEach(async () => {
    if (skip) return;
    db = await openTestDatabase(target);
    now = T0;
  });
  afterEach(async () => {
    await db?.close();
  });

  it.skipIf(skip)(
    'given a stored session, when read back, then its fields and cookie come back',
    async () => {
      const store = open();
      const cookie = { expires: at(30 * MINUTE).toISOString(), originalMaxAge: 30 * MINUTE, httpOnly: true };
      await set(store, 'sid-1', { cookie, visitorId: 'v-1', staff: { id: 's-1', roles: ['admin'] } });
      expect(await get(store, 'sid-1')).toEqual({
        cookie,
        visitorId: 'v-1',
        staff: { id: 's-1', roles: ['admin'] },
      });
      expect(await get(store, 'unknown')).toBeNull();
    },
  );

  it.skipIf(skip)(
    'given a session whose cookie expires at 10:30, when read at 10:30, then it is gone',
    async () => {
      const store = open();
      await set(store, 'sid-1', { cookie: { expires: at(30 * MINUTE) }, visitorId: 'v-1' });
      now = at(30 * MINUTE - 1);
      expect(await get(store, 'sid-1')).toMatchObject({ visitorId: 'v-1' });
      now = at(30 * MINUTE);
      expect(await get(store, 'sid-1')).toBeNull();
    },
  );

  it.skipIf(skip)('given a cookie without expiry, then the session lives for the TTL', async () => {
    const store = open({ ttlMs: 5 * MINUTE });
    await set(store, 'sid-1', { cookie: { expires: null }, visitorId: 'v-1' });
    expect((await storedExpiry('sid-1'))?.toISOString()).toBe(at(5 * MINUTE).toISOString());
    now = at(5 * MINUTE);
    expect(await get(store, 'sid-1')).toBeNull();
  });

  it.skipIf(skip)(
    'given a session, when destroyed (twice), then it is gone and the second is no error',
    async () => {
      const store = open();
      await set(store, 'sid-1', { visitorId: 'v-1' });
      await destroy(store, 'sid-1');
      await destroy(store, 'sid-1');
      expect(await get(store, 'sid-1')).toBeNull();
    },
  );

  it.skipIf(skip)(
    'given an unchanged session saved again, then its expiry moves only past the touch threshold; changed data is always written',
    async () => {
      const store = open({ touchAfterMs: MINUTE });
      const saveAt = (ms: number, data: Record<string, unknown>) => {
        now = at(ms);
        return set(store, 'sid-1', { cookie: { expires: at(ms + 60 * MINUTE) }, ...data });
      };
      await saveAt(0, { visitorId: 'v-1' });
      await saveAt(30_000, { visitorId: 'v-1' });
      expect((await storedExpiry('sid-1'))?.toISOString()).toBe(at(60 * MINUTE).toISOString());
      await saveAt(90_000, { visitorId: 'v-1' });
      expect((await storedExpiry('sid-1'))?.toISOString()).toBe(at(60 * MINUTE + 90_000).toISOString());
      await saveAt(100_000, { visitorId: 'v-1', customerId: 'c-1' });
      expect(await get(store, 'sid-1')).toMatchObject({ customerId: 'c-1' });
      expect((await storedExpiry('sid-1'))?.toISOString()).toBe(at(60 * MINUTE + 100_000).toISOString());
    },
  );

  it.skipIf(skip)(
    'given a session this process read, when it is saved unchanged within the touch threshold, then no statement is sent; a change is',
    async () => {
      const store = open({ touchAfterMs: MINUTE });
      await set(store, 'sid-2', { cookie: { expires: at(60 * MINUTE) }, visitorId: 'v-2' });
      const sent: string[] = [];
      const count = (query: { sql: string }) => sent.push(query.sql);
      db.knex.on('query', count);
      try {
        const loaded = await get(store, 'sid-2');
        expect(sent).toHaveLength(1);
        now = at(30_000);
        await set(store, 'sid-2', { ...loaded!, cookie: { expires: at(60 * MINUTE + 30_000) } });
        expect(sent).toHaveLength(1);
        await set(store, 'sid-2', {
          ...loaded!,
          customerId: 'c-2',
          cookie: { expires: at(60 * MINUTE + 30_000) },
        });
        expect(sent).toHaveLength(2);
        expect(await get(store, 'sid-2')).toMatchObject({ customerId: 'c-2' });
      } finally {
        db.knex.off('query', count);
      }
    },
  );

  it.skipIf(skip)(
    'given expired and live sessions, when pruned, then only the expired ones are deleted',
    async () => {
      const store = open({ pruneBatchSize: 2 });
      for (let i = 0; i < 5; i++) await set(store, `old-${i}`, { cookie: { expires: at(MINUTE) } });
      await set(store, 'live', { cookie: { expires: at(60 * MINUTE) } });
      now = at(2 * MINUTE);
      expect(await store.pruneExpired()).toBe(5);
      expect(await store.pruneExpired()).toBe(0);
      const left = await db.knex.withSchema(db.schema).table('http_sessions').pluck('sid');
      expect(left).toEqual(['live']);
    },
  );
});
