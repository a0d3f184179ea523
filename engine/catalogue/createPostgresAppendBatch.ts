/**
 * The Postgres `AppendBatch`: appends to many streams in ONE statement, calling the adapter's own
 * `append_events` function (migrations/001, the same checks and locks as `appendToStream`) once per
 * stream, then, after the commit, one NOTIFY for the batch, as the adapter sends for its appends
 * (engine/README.md, "Waking other instances"). One round trip and one commit for a whole chunk of an
 * import instead of one per car; the statement is atomic, so any failing append (a wrong expected
 * revision, an event id stored already) fails the whole chunk with nothing written, and the import then
 * appends its cars one by one through the port.
 *
 * Plans: `append_events` checks a new stream's event ids with a join that PostgreSQL plans as a hash
 * join over a sequential scan of `events` while the table is small, and the session keeps that cached
 * plan as the table grows, so each new stream costs a scan of every event (quadratic: 100,000 new cars
 * took 950 s). Each batch starts with `DISCARD PLANS`, so the function's statements are planned again
 * for the table as it is now, which picks the index once the table is large (a few plans per 500 cars;
 * planning every call, `force_custom_plan`, cost twice as much). The lasting fix is in the function
 * itself (see the stock import's report); the discard stays cheap after it.
 */
import type { Knex } from 'knex';
import type { ExpectedRevision } from '../eventStore.ts';
import { notifyAppends } from '../postgres/appendNotifier.ts';
import { appendPayload } from '../postgres/createPostgresEventStore.ts';
import { validateExpectedRevision, validateStreamName } from '../validateAppend.ts';
import type { AppendBatch } from './importStock.ts';

export function createPostgresAppendBatch(options: { knex: Knex; schema?: string }): AppendBatch {
  const schema = options.schema ?? 'public';
  const s = `"${schema.replaceAll('"', '""')}"`;
  const expectedText = (e: ExpectedRevision) => (typeof e === 'bigint' ? e.toString() : e);
  return async (appends) => {
    if (appends.length === 0) return;
    for (const a of appends) {
      validateStreamName(a.stream);
      validateExpectedRevision(a.expectedRevision);
    }
    const bindings = [
      appends.map((a) => a.stream),
      appends.map((a) => expectedText(a.expectedRevision)),
      appends.map((a) => appendPayload(a.events)),
    ];
    await options.knex.transaction(async (trx) => {
      await trx.raw('DISCARD PLANS'); // same connection as the append: the transaction pins it
      await trx.raw(
        `SELECT count(*) FROM unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS a(stream, expected, events, ord)
         CROSS JOIN LATERAL ${s}.append_events(a.stream, a.expected, a.events::jsonb)`,
        bindings,
      );
    });
    // Committed: a lost NOTIFY only delays other instances until their next poll, so it fails nothing.
    await notifyAppends(options.knex, schema).catch(() => {});
  };
}
