/**
 * The report test kit: given events (stream, type, data, when recorded) → the report's rows and views,
 * through the real path (an in-memory event store, the projection runner's generation and batches, the
 * report's tables on a real PostgreSQL: DATABASE_URL, or the embedded PGlite). projections/reports/README.md.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../engine/eventStore.ts';
import { createInMemoryEventStore } from '../../../engine/memory/createInMemoryEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../../engine/testing/testDatabase.ts';
import type { Report, Row } from '../defineReport.ts';
import { reportQueries } from '../reportQueries.ts';
import { reportRuns } from '../reportRuns.ts';

export interface GivenEvent {
  readonly stream: string;
  readonly type: string;
  readonly data: JsonObject;
  /** When the event was recorded (ISO 8601). */
  readonly at: string;
}

export function event(stream: string, type: string, data: JsonObject, at: string): GivenEvent {
  return { stream, type, data, at };
}

export interface ReportResult {
  /** A table's rows, ordered by its key. */
  table(name: string): Promise<Row[]>;
  /** A view's rows, with equality filters. */
  view(name: string, filters?: Record<string, string>): Promise<Row[]>;
}

export interface ReportKit {
  /** Folds these events (in this order) into the report from zero; a fold that throws rejects. */
  given(events: readonly GivenEvent[]): Promise<ReportResult>;
  readonly db: TestDatabase;
  close(): Promise<void>;
}

export async function openReportKit(report: Report): Promise<ReportKit> {
  const db = await openTestDatabase();
  const queries = reportQueries(db.knex, db.schema);
  return {
    db,
    async given(events) {
      let now = new Date(0);
      const store = createInMemoryEventStore({ now: () => now });
      for (const e of events) {
        now = new Date(e.at);
        if (Number.isNaN(now.getTime())) throw new TypeError(`event ${e.type}: at ${e.at} is not a time`);
        await store.appendToStream(e.stream, [{ id: randomUUID(), type: e.type, data: e.data }]);
      }
      const runs = reportRuns({ knex: db.knex, store, schema: db.schema });
      const { done } = await runs.start(report, { by: 'kit', fresh: true, countTotal: false });
      const run = await done;
      await store.close();
      if (run.status !== 'done')
        throw new Error(`report ${report.name} ${run.status}: ${run.error} at ${run.errorEvent}`);
      return {
        table: (name) => queries.table(report, name),
        view: (name, filters) => queries.view(report, name, filters ?? {}),
      };
    },
    close: () => db.close(),
  };
}
