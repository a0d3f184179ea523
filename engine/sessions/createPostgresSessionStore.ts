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
 *
 * Sessions kept in memory (`keepForMs` > 0, as the app runs): a session this process read or wrote less
 * than `keepForMs` ago is answered without a read. Every statement that changes a session, here or
 * elsewhere (a staff member's sessions ended, a customer erased: sessionChanges.ts), NOTIFYs its key in
 * the same statement; each instance listens (`forget`) and reads such a session afresh. A notification
 * lost (the listening connection down) leaves a session as this process last saw it for `keepForMs` at
 * most; the staff guard checks the account on every request anyway.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { notifyingChange, sessionKey } from './sessionChanges.ts';
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
  /** Answer a session read or written this long ago from memory (default 0: always read it). */
  readonly keepForMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createPostgresSessionStore(options: PostgresSessionStoreOptions): SessionStore {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".http_sessions`;
  const ttlMs = options.ttlMs ?? DAY_MS;
  const touchAfterMs = options.touchAfterMs ?? 60_000;
  const clock = options.clock ?? (() => new Date());
  const batch = options.pruneBatchSize ?? 5000;
  const keepForMs = options.keepForMs ?? 0;
  if (!(ttlMs > 0)) throw new RangeError('ttlMs must be > 0');
  if (!(keepForMs >= 0)) throw new RangeError('keepForMs must be ≥ 0');
  if (!(touchAfterMs >= 0)) throw new RangeError('touchAfterMs must be ≥ 0');

  function expiresAt(session: StoredSession, now: Date): Date {
    const raw = session.cookie?.expires;
    const expires = raw ? new Date(raw) : undefined;
    return expires && !Number.isNaN(expires.getTime()) ? expires : new Date(now.getTime() + ttlMs);
  }

  /**
   * What this process last read or wrote of a session (by its key): its data without the cookie, its
   * expiry, and, while it may be answered from memory, the whole session as JSON and when it was seen.
   */
  const known = new LRUCache<
    string,
    { data: unknown; expiresMs: number; json?: string | undefined; seenMs?: number | undefined }
  >({ max: 20_000 });
  const content = (json: string): unknown => {
    const { cookie: _cookie, ...rest } = JSON.parse(json) as Record<string, unknown>;
    return rest;
  };

  async function load(sid: string): Promise<LoadedSession | null> {
    const key = sessionKey(sid);
    const nowMs = clock().getTime();
    const kept = known.get(key);
    if (kept?.json && kept.seenMs !== undefined && nowMs - kept.seenMs < keepForMs && kept.expiresMs > nowMs)
      return JSON.parse(kept.json) as LoadedSession;
    const { rows } = await knex.raw<{ rows: { data: LoadedSession; expires_at: Date }[] }>(
      `SELECT data, expires_at FROM ${table} WHERE sid = ? AND expires_at > ?`,
      [sid, clock()],
    );
    const row = rows[0];
    if (!row) {
      known.delete(key);
      return null;
    }
    const json = JSON.stringify(row.data);
    known.set(key, {
      data: content(json),
      expiresMs: new Date(row.expires_at).getTime(),
      ...(keepForMs > 0 ? { json, seenMs: nowMs } : {}),
    });
    return row.data;
  }

  async function save(sid: string, session: StoredSession): Promise<void> {
    // JSON.stringify applies the cookie's toJSON and drops the plugin's symbol-keyed internals.
    const data = JSON.stringify(session);
    const now = clock();
    const expires = expiresAt(session, now);
    const key = sessionKey(sid);
    const before = known.get(key);
    const fresh = content(data);
    if (
      before &&
      Math.abs(expires.getTime() - before.expiresMs) <= touchAfterMs &&
      isDeepStrictEqual(before.data, fresh)
    )
      return;
    // Its data changed: other instances keeping it read it again (a touch of its expiry tells no one).
    const changed = !before || !isDeepStrictEqual(before.data, fresh);
    const upsert = `INSERT INTO ${table} AS s (sid, data, expires_at) VALUES (?, ?::jsonb, ?)
       ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at
       WHERE (s.data - 'cookie') IS DISTINCT FROM (excluded.data - 'cookie')
          OR abs(extract(epoch FROM excluded.expires_at - s.expires_at)) * 1000 > ?
       RETURNING sid, expires_at`;
    const { rows } = await knex.raw<{ rows: { expires_at?: Date | null; saved?: Date | null }[] }>(
      changed && keepForMs > 0
        ? `WITH saved AS (${upsert})
           SELECT (SELECT expires_at FROM saved) AS saved, n.notified
           FROM (${notifyingChange('SELECT sid FROM saved')}) n`
        : upsert,
      [sid, data, expires, touchAfterMs],
    );
    const savedExpiry = rows[0]?.expires_at ?? rows[0]?.saved;
    // No row back: the stored session was kept as it was (what `before` says, if this process knew it).
    if (savedExpiry)
      known.set(key, {
        data: fresh,
        expiresMs: new Date(savedExpiry).getTime(),
        ...(keepForMs > 0 ? { json: data, seenMs: now.getTime() } : {}),
      });
    else if (before) known.set(key, { ...before, json: undefined, seenMs: undefined });
  }

  async function remove(sid: string): Promise<void> {
    known.delete(sessionKey(sid));
    if (keepForMs > 0)
      await knex.raw(notifyingChange(`DELETE FROM ${table} WHERE sid = ? RETURNING sid`), [sid]);
    else await knex.raw(`DELETE FROM ${table} WHERE sid = ?`, [sid]);
  }

  /** Sessions changed elsewhere: read again before they are answered (what was saved is kept). */
  function forget(keys: readonly string[] | 'all'): void {
    const stale = keys === 'all' ? [...known.keys()] : keys;
    for (const key of stale) {
      const entry = known.get(key);
      if (entry?.json) known.set(key, { ...entry, json: undefined, seenMs: undefined });
    }
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
    forget,
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
