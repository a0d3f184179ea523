/**
 * Sessions changed or ended outside a request, told to every instance that keeps sessions in memory
 * (createPostgresSessionStore.ts): each statement that changes `http_sessions`
 * sends, in the same statement, a NOTIFY naming the sessions by their key (a hash: a session id is a
 * bearer secret and never leaves in a notification).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export const SESSION_CHANGES_CHANNEL = 'http_session_changed';

/** More sessions than this in one change: the notification says "all" (`*`), within NOTIFY's 8 kB. */
const MOST_NAMED = 200;

/** A session's key in notifications and in memory: the first 128 bits of its id's SHA-256, in hex. */
export const sessionKey = (sid: string): string =>
  createHash('sha256').update(sid).digest('hex').slice(0, 32);

/** The same key computed by PostgreSQL, for the sid column of `source`. */
const keyInSql = (source: string) => `left(encode(sha256(convert_to(${source}.sid, 'UTF8')), 'hex'), 32)`;

/**
 * Wraps `change` (an UPDATE or DELETE of `http_sessions` … RETURNING sid) so the statement also NOTIFYs
 * the keys of the sessions it changed and answers them.
 */
export function notifyingChange(change: string): string {
  return `WITH changed AS (${change}),
    keys AS (SELECT ${keyInSql('changed')} AS key FROM changed)
    SELECT coalesce(array_agg(key), '{}') AS keys,
      CASE WHEN count(*) > 0 THEN pg_notify('${SESSION_CHANGES_CHANNEL}',
        CASE WHEN count(*) > ${MOST_NAMED} THEN '*' ELSE string_agg(key, ',') END) END AS notified
    FROM keys`;
}

/** Runs a change made by `notifyingChange` and answers the keys of the sessions it changed. */
export async function changeSessions(
  knex: Knex,
  change: string,
  bindings: readonly Knex.RawBinding[],
): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { keys: string[] }[] }>(notifyingChange(change), bindings);
  return rows[0]?.keys ?? [];
}

/** A notification's payload as the keys it names, or `all`. */
export function changedKeys(payload: string | undefined): readonly string[] | 'all' {
  if (payload === '*') return 'all';
  return (payload ?? '').split(',').filter((key) => key.length > 0);
}
