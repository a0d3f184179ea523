/**
 * Projections that take every purchase event, for `npm run bench -- funnels --more-projections n`: each
 * counts the purchase events per type and day in a table of its own, one upsert per batch, as a small
 * report would. What a command costs as such projections are added shows whether a read's commit grows
 * with them (projections/README.md "One commit for all").
 */
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import { defineProjection, type Projection } from '../../projections/defineProjection.ts';

export function purchaseTallies(count: number): Projection[] {
  return Array.from({ length: count }, (_, i) => {
    const name = `bench_purchase_tally_${i}`;
    return defineProjection({
      name,
      version: 1,
      eventTypes: [...PURCHASE_EVENT_TYPES],
      tables: {
        [name]: (t) => {
          t.text('event_type').notNullable();
          t.date('day').notNullable();
          t.bigInteger('events').notNullable();
          t.primary(['event_type', 'day']);
        },
      },
      async handle(events, { trx, table }) {
        const counts = new Map<string, number>();
        for (const e of events) {
          const key = `${e.type}|${e.created.toISOString().slice(0, 10)}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const keys = [...counts.keys()];
        await trx.raw(
          `INSERT INTO ${table(name)} (event_type, day, events)
           SELECT * FROM unnest(?::text[], ?::date[], ?::bigint[])
           ON CONFLICT (event_type, day) DO UPDATE SET events = ${table(name)}.events + EXCLUDED.events`,
          [keys.map((k) => k.split('|')[0]!), keys.map((k) => k.split('|')[1]!), [...counts.values()]],
        );
      },
    });
  });
}
