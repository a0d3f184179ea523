/**
 * Events per day, stream category and event type: the first read model, for the back-office dashboard
 * and for analysts checking what the funnels record. The category is the stream name up to its first
 * hyphen (`car-123` → `car`), as in EventStoreDB's `$by_category`.
 */
import type { RecordedEvent } from '../engine/eventStore.ts';
import { defineProjection } from './defineProjection.ts';

export function streamCategory(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

export const eventTypeStats = defineProjection({
  name: 'event_type_stats',
  version: 1,
  eventTypes: [],
  tables: {
    event_type_stats: (t) => {
      t.date('day').notNullable();
      t.text('category').notNullable();
      t.text('event_type').notNullable();
      t.bigInteger('events').notNullable();
      t.primary(['day', 'category', 'event_type']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const counts = new Map<string, { day: string; category: string; type: string; n: number }>();
    for (const e of events) {
      const day = e.created.toISOString().slice(0, 10);
      const category = streamCategory(e.streamName);
      const key = `${day}\u0000${category}\u0000${e.type}`;
      const entry = counts.get(key) ?? { day, category, type: e.type, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
    const rows = [...counts.values()];
    await trx.raw(
      `INSERT INTO ${table('event_type_stats')} (day, category, event_type, events)
       SELECT * FROM unnest(?::date[], ?::text[], ?::text[], ?::bigint[])
       ON CONFLICT (day, category, event_type) DO UPDATE SET events = ${table('event_type_stats')}.events + EXCLUDED.events`,
      [rows.map((r) => r.day), rows.map((r) => r.category), rows.map((r) => r.type), rows.map((r) => r.n)],
    );
  },
});
