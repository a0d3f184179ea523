/**
 * Sessions in PostgreSQL (or PGlite): the `http_sessions` table of migration 004, one row per session,
 * its data as jsonb. Expired rows are never returned and are deleted by `pruneExpired()`.
 *
 * @fastify/session saves an active session on every response (rolling expiry). To spare a write per
 * request, `set` is one conditional upsert that writes only when the data (cookie aside) changed or the
 * expiry moved by more than `touchAfterMs`; a skipped touch leaves the stored expiry at most that much
 * early. Two requests of one session saving at once: the last write wins (sessions hold principals and
 * small flags, not business state, which lives in events).
 *
 * This process also remembers what it last read or wrote of each session (data and expiry): a save that
 * would not write (same data, expiry within `touchAfterMs`) is then not even sent. Another process's
 * newer write is never overwritten by such a skip; it only leaves that expiry as the other one set it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { LoadedSession, SessionStore, StoredSession } from './sessionStore.ts';

export interface PostgresSessionStoreOptions {
  readonly knex: Knex;
  /** The schema holding `http_sessions` (default `public`; tests use their own). */
  readonly schema?: string;
  /** Lifetime of a session whose cookie has no expiry (a browser-session cookie); default one day. */
  readonly ttlMs?: number;
  /** Extend a stored expiry only when it moves by more than this (default one minute). */
  readonly touchAfterMs?: number;
  /** The clock (default: the system clock). */
  readonly clock?: () => Date;
  /** Rows deleted per statement by `pruneExpired` (default 5000), so a backlog never locks for long. */
  readonly pruneBatchSize?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createPostgresSessionStore(options: PostgresSessionStoreOptions): SessionStore {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".http_sessions`;
  const ttlMs = options.ttlMs ?? DAY_MS;
  const touchAfterMs = options.touchAfterMs ?? 60_000;
  const clock = options.clock ?? (() => new Date());
  const batch = options.pruneBatchSize ?? 5000;
  if (!(ttlMs > 0)) throw new RangeError('ttlMs must be > 0');
  if (!(touchAfterMs >= 0)) throw new RangeError('touchAfterMs must be ≥ 0');

  function expiresAt(session: StoredSession, now: Date): Date {
    const raw = session.cookie?.expires;
    const expires = raw ? new Date(raw) : undefined;
    return expires && !Number.isNaN(expires.getTime()) ? expires : new Date(now.getTime() + ttlMs);
  }

  /** What this process last read or wrote of a session: its data without the cookie, and its expiry. */
  const known = new LRUCache<string, { data: unknown; expiresMs: number }>({ max: 20_000 });
  const content = (json: string): unknown => {
    const { cookie: _cookie, ...rest } = JSON.parse(json) as Record<string, unknown>;
    return rest;
  };

  async function load(sid: string): Promise<LoadedSession | null> {
    const { rows } = await knex.raw<{ rows: { data: LoadedSession; expires_at: Date }[] }>(
      `SELECT data, expires_at FROM ${table} WHERE sid = ? AND expires_at > ?`,
      [sid, clock()],
    );
    const row = rows[0];
    if (!row) {
      known.delete(sid);
      return null;
    }
    known.set(sid, {
      data: content(JSON.stringify(row.data)),
      expiresMs: new Date(row.expires_at).getTime(),
    });
    return row.data;
  }

  async function save(sid: string, session: StoredSession): Promise<void> {
    // JSON.stringify applies the cookie's toJSON and drops the plugin's symbol-keyed internals.
    const data = JSON.stringify(session);
    const expires = expiresAt(session, clock());
    const before = known.get(sid);
    const fresh = content(data);
    if (
      before &&
      Math.abs(expires.getTime() - before.expiresMs) <= touchAfterMs &&
      isDeepStrictEqual(before.data, fresh)
    )
      return;
    const { rows } = await knex.raw<{ rows: { expires_at: Date }[] }>(
      `INSERT INTO ${table} AS s (sid, data, expires_at) VALUES (?, ?::jsonb, ?)
       ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at
       WHERE (s.data - 'cookie') IS DISTINCT FROM (excluded.data - 'cookie')
          OR abs(extract(epoch FROM excluded.expires_at - s.expires_at)) * 1000 > ?
       RETURNING expires_at`,
      [sid, data, expires, touchAfterMs],
    );
    // No row back: the stored session was kept as it was (what `before` says, if this process knew it).
    if (rows[0]) known.set(sid, { data: fresh, expiresMs: new Date(rows[0].expires_at).getTime() });
  }

  async function remove(sid: string): Promise<void> {
    known.delete(sid);
    await knex.raw(`DELETE FROM ${table} WHERE sid = ?`, [sid]);
  }

  return {
    get(sid, callback) {
      load(sid).then(
        (session) => callback(null, session),
        (error: unknown) => callback(error),
      );
    },
    set(sid, session, callback) {
      save(sid, session).then(() => callback(), callback);
    },
    destroy(sid, callback) {
      remove(sid).then(() => callback(), callback);
    },
    async pruneExpired() {
      const now = clock();
      let total = 0;
      for (;;) {
        const result = await knex.raw<{ rowCount: number }>(
          `DELETE FROM ${table} WHERE sid IN (SELECT sid FROM ${table} WHERE expires_at <= ? LIMIT ?)`,
          [now, batch],
        );
        total += result.rowCount;
        if (result.rowCount < batch) return total;
      }
    },
  };
}
