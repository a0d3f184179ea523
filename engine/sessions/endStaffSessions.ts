/**
 * Signs a staff member out of every browser at once: removes the staff principal (`staff`, written by
 * http/routes/adminAuthApi.ts) from each of their sessions in `http_sessions`; a buyer signed in in the
 * same browser stays signed in. The staff guard refuses a disabled account anyway, even for a request
 * already under way that writes its session back.
 */
import type { Knex } from 'knex';
import { changeSessions } from './sessionChanges.ts';
import type { SessionStore } from './sessionStore.ts';

export interface EndStaffSessionsOptions {
  readonly knex: Knex;
  /** The schema holding `http_sessions` (default `public`). */
  readonly schema?: string;
  /** This process's sessions kept in memory: those changed are read again (sessionChanges.ts). */
  readonly sessions?: Pick<SessionStore, 'forget'>;
}

/** A function ending the staff member's sessions; it answers how many it ended. */
export function createEndStaffSessions(
  options: EndStaffSessionsOptions,
): (staffId: string) => Promise<number> {
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".http_sessions`;
  return async (staffId) => {
    const ended = await changeSessions(
      options.knex,
      `UPDATE ${table} SET data = data - 'staff' WHERE data -> 'staff' ->> 'id' = ? RETURNING sid`,
      [staffId],
    );
    options.sessions?.forget(ended);
    return ended.length;
  };
}
