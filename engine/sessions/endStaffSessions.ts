/**
 * Signs a staff member out of every browser at once: removes the staff principal (`staff`, written by
 * http/routes/adminAuthApi.ts) from each of their sessions in `http_sessions`; a buyer signed in in the
 * same browser stays signed in. The staff guard refuses a disabled account anyway, even for a request
 * already under way that writes its session back.
 */
import type { Knex } from 'knex';

export interface EndStaffSessionsOptions {
  readonly knex: Knex;
  /** The schema holding `http_sessions` (default `public`). */
  readonly schema?: string;
}

/** A function ending the staff member's sessions; it answers how many it ended. */
export function createEndStaffSessions(
  options: EndStaffSessionsOptions,
): (staffId: string) => Promise<number> {
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".http_sessions`;
  return async (staffId) => {
    const result = await options.knex.raw<{ rowCount: number }>(
      `UPDATE ${table} SET data = data - 'staff' WHERE data -> 'staff' ->> 'id' = ?`,
      [staffId],
    );
    return result.rowCount;
  };
}
