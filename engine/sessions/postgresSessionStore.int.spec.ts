/**
 * The Postgres session store on real PostgreSQL and on PGlite, with a clock moved by hand: round trip,
 * expiry by cookie and by TTL, destroy, the touch throttle, and pruning.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForAppends } from '../postgres/listenForAppends.ts';
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
import { createEndStaffSessions } from './endStaffSessions.ts';
import { changedKeys, SESSION_CHANGES_CHANNEL, sessionKey } from './sessionChanges.ts';
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

  describe('given sessions kept in memory', () => {
    const SECOND = 1000;
    const statements = async (run: () => Promise<void>) => {
      const sent: string[] = [];
      const count = (query: { sql: string }) => sent.push(query.sql);
      db.knex.on('query', count);
      try {
        await run();
      } finally {
        db.knex.off('query', count);
      }
      return sent;
    };
    const changeRow = (sid: string, data: object) =>
      db.knex
        .withSchema(db.schema)
        .table('http_sessions')
        .where({ sid })
        .update({ data: JSON.stringify(data) });

    it.skipIf(skip)(
      'when read again within keepForMs, then memory answers; after it, the database',
      async () => {
        const store = open({ keepForMs: 10 * SECOND });
        await set(store, 'sid-k', { cookie: { expires: at(60 * MINUTE) }, visitorId: 'v-1' });
        await changeRow('sid-k', { visitorId: 'v-2' });
        const kept = await statements(async () => {
          expect(await get(store, 'sid-k')).toMatchObject({ visitorId: 'v-1' });
        });
        expect(kept).toEqual([]);
        now = at(10 * SECOND);
        expect(await get(store, 'sid-k')).toMatchObject({ visitorId: 'v-2' });
      },
    );

    it.skipIf(skip)(
      'when a caller changes what it was answered, then the kept session is not changed',
      async () => {
        const store = open({ keepForMs: 10 * SECOND });
        await set(store, 'sid-m', { cookie: { expires: at(60 * MINUTE) }, visitorId: 'v-1' });
        const answered = (await get(store, 'sid-m'))!;
        answered.visitorId = 'changed in the request';
        expect(await get(store, 'sid-m')).toMatchObject({ visitorId: 'v-1' });
      },
    );

    it.skipIf(skip)(
      'when its key is forgotten, then it is read again, and a save of what was read writes nothing over another’s',
      async () => {
        const store = open({ keepForMs: 10 * SECOND });
        await set(store, 'sid-f', { cookie: { expires: at(60 * MINUTE) }, visitorId: 'v-1' });
        const read = (await get(store, 'sid-f'))!;
        await changeRow('sid-f', { visitorId: 'v-2' });
        store.forget([sessionKey('sid-f')]);
        // The request that read v-1 saves it back unchanged: skipped, the other instance's change stays.
        await set(store, 'sid-f', read);
        expect(await get(store, 'sid-f')).toMatchObject({ visitorId: 'v-2' });
        store.forget('all');
        await changeRow('sid-f', { visitorId: 'v-3' });
        store.forget('all');
        expect(await get(store, 'sid-f')).toMatchObject({ visitorId: 'v-3' });
      },
    );

    it.skipIf(skip)('when an expired one is read, then it is gone, even within keepForMs', async () => {
      const store = open({ keepForMs: 10 * MINUTE });
      await set(store, 'sid-e', { cookie: { expires: at(MINUTE) }, visitorId: 'v-1' });
      now = at(MINUTE);
      expect(await get(store, 'sid-e')).toBeNull();
    });

    it.skipIf(skip || target !== 'postgres')(
      'when sessions change (saved with new data, destroyed, a staff member’s ended), then every instance hears their keys',
      async () => {
        const heard: (readonly string[] | 'all')[] = [];
        const listening = await listenForAppends(
          db.url,
          SESSION_CHANGES_CHANNEL,
          (payload) => heard.push(changedKeys(payload)),
          () => {},
        );
        try {
          const here = open({ keepForMs: 10 * SECOND });
          const there = open({ keepForMs: 10 * SECOND });
          const staff = { id: 'staff-1', roles: ['admin'] };
          await set(here, 'sid-a', { cookie: { expires: at(60 * MINUTE) }, visitorId: 'v-1' });
          expect(await get(there, 'sid-a')).toMatchObject({ visitorId: 'v-1' });
          // A touch of the expiry alone tells no one.
          now = at(2 * MINUTE);
          await set(here, 'sid-a', { cookie: { expires: at(62 * MINUTE) }, visitorId: 'v-1' });
          await set(here, 'sid-a', { cookie: { expires: at(62 * MINUTE) }, visitorId: 'v-1', staff });
          await set(here, 'sid-b', { cookie: { expires: at(62 * MINUTE) }, staff });
          await destroy(here, 'sid-b');
          const ended = await createEndStaffSessions({ knex: db.knex, schema: db.schema, sessions: there })(
            'staff-1',
          );
          expect(ended).toBe(1);
          await vi.waitFor(() => expect(heard).toHaveLength(5));
          const a = sessionKey('sid-a');
          const b = sessionKey('sid-b');
          expect(heard).toEqual([[a], [a], [b], [b], [a]]);
          // `there` forgot sid-a when it ended the staff member's sessions: it reads the change.
          expect(await get(there, 'sid-a')).not.toHaveProperty('staff');
        } finally {
          await listening.close();
        }
      },
    );
  });
});
