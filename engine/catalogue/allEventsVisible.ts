/**
 * Waits until every event of the Postgres store in `schema` is visible to gap-safe readers. On a shared
 * server another session's open transaction holds `pg_snapshot_xmin` back, and until it ends `$all`
 * readers (and so the projection runner's `caughtUp()`) do not see newer commits yet: call this before
 * `caughtUp()` when "caught up" must include what was just written (the import CLI, tests, benches).
 */
import type { Knex } from 'knex';

export async function allEventsVisible(knex: Knex, schema: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { rows } = await knex.raw(
      `SELECT NOT EXISTS (SELECT 1 FROM "${schema}".events
         WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) AS visible`,
    );
    if (rows[0].visible) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`events of ${schema} still invisible after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
