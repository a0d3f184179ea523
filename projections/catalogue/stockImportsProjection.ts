/**
 * The import log (SPEC back office `import list (yearMonth)`): one row per stock import, from its
 * `StockImportCompleted` record, filed under the month (UTC) it ran in.
 */
import type { Knex } from 'knex';
import {
  STOCK_IMPORT_EVENT_TYPES,
  type StockImportEvent,
  type StockImportReport,
  yearMonthOf,
} from '../../domain/catalogue/feed/stockImportEvents.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';

export const stockImportsProjection = defineProjection({
  name: 'stock_imports',
  // 2: who imported (`by`).
  version: 2,
  eventTypes: [...STOCK_IMPORT_EVENT_TYPES],
  tables: {
    stock_imports: (t) => {
      t.text('import_id').primary();
      t.text('year_month').notNullable();
      t.timestamp('at', { useTz: true }).notNullable();
      t.text('file_name').notNullable();
      t.jsonb('by');
      t.text('format').notNullable();
      t.specificType('dealers', 'text[]').notNullable();
      t.jsonb('counts').notNullable();
      t.jsonb('rejections').notNullable();
      t.boolean('rejections_truncated').notNullable();
      t.index(['year_month', 'at']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as StockImportEvent;
      switch (event.type) {
        case 'StockImportCompleted':
          await insert(trx, table('stock_imports'), event.data);
          break;
        default: {
          const unexpected: never = event.type;
          throw new Error(`stock imports projection: unexpected event ${String(unexpected)}`);
        }
      }
    }
  },
});

async function insert(trx: Knex.Transaction, table: string, r: StockImportReport) {
  await trx.raw(
    `INSERT INTO ${table} (import_id, year_month, at, file_name, by, format, dealers, counts, rejections, rejections_truncated)
     VALUES (?, ?, ?, ?, ?::jsonb, ?, ?::text[], ?::jsonb, ?::jsonb, ?) ON CONFLICT (import_id) DO NOTHING`,
    [
      r.importId,
      yearMonthOf(r.at),
      r.at,
      r.fileName,
      r.by ? JSON.stringify(r.by) : null,
      r.format,
      [...r.dealers],
      JSON.stringify(r.counts),
      JSON.stringify(r.rejections),
      r.rejectionsTruncated,
    ],
  );
}
