/**
 * The Parquet export on real PostgreSQL and on the embedded PGlite: events of several types over two recorded days read back with
 * hyparquet equal `$all` (order, data, the analytics view's columns); a second run writes only the new
 * events; a run that dies after a part and before its checkpoint is redone without duplicates.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventData,
  type EventStore,
  formatPosition,
  type RecordedEvent,
} from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase, unavailableReason } from '../../engine/testing/testDatabase.ts';
import { analyticsSchemaOf } from '../projectionTables.ts';
import {
  CHECKPOINT_FILE,
  ExportDirectoryError,
  exportEventsToParquet,
  partitionValue,
} from './parquetExport.ts';

type Row = Record<string, unknown>;

async function partFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.parquet')).sort();
}

/** Every row of every part, with its partition folders, in `$all` order. */
async function readBack(dir: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const file of await partFiles(dir)) {
    const [day, type] = file.split('/');
    const objects = (await parquetReadObjects({ file: await asyncBufferFromFile(join(dir, file)) })) as Row[];
    for (const row of objects) rows.push({ ...row, _day: day, _type: type });
  }
  const position = (row: Row) => ({
    commit: row.commit_position as bigint,
    prepare: row.prepare_position as bigint,
  });
  return rows.sort((a, b) => comparePositions(position(a), position(b)));
}

function expectRowsToBe(rows: Row[], events: RecordedEvent[]) {
  expect(rows.map((r) => r.position)).toEqual(events.map((e) => formatPosition(e.position)));
  rows.forEach((row, i) => {
    const event = events[i]!;
    expect(row).toMatchObject({
      commit_position: event.position.commit,
      prepare_position: event.position.prepare,
      event_id: event.id,
      event_type: event.type,
      stream_name: event.streamName,
      revision: event.revision,
      _day: `day=${event.created.toISOString().slice(0, 10)}`,
      _type: `type=${partitionValue(event.type)}`,
    });
    expect((row.recorded_at as Date).getTime()).toBe(event.created.getTime());
    // The event's JSON text, once (not a JSON string holding it).
    expect(JSON.parse(row.data as string)).toEqual(event.data);
    expect(JSON.parse(row.metadata as string)).toEqual(event.metadata);
  });
}

const TYPES = ['CarListed', 'PriceChanged', 'InfosSubmitted', 'Odd type/with:signs'];

describe.each(['postgres', 'pglite'] as const)('Parquet export of the event log (%s)', (target) => {
  if (unavailableReason(target)) return void it.skip(unavailableReason(target)!, () => {});
  let db: TestDatabase;
  let store: EventStore;
  let dir: string;
  let counter = 0;

  const append = async (count: number) => {
    for (let i = 0; i < count; i++) {
      counter++;
      const events: EventData[] = [
        {
          id: randomUUID(),
          type: TYPES[counter % TYPES.length]!,
          data: { n: counter, price: counter * 100.5, tags: ['a', counter % 2 === 0], nested: { ok: null } },
          metadata: {
            actor: { kind: 'staff', staffId: `st_${counter % 3}`, role: 'sales' },
            machine: { id: 'purchase', version: 2 },
            correlationId: `purchase-${counter % 5}`,
            causationId: `cmd-${counter}`,
            at: '2031-05-04T10:11:12.000Z',
          },
        },
      ];
      await store.appendToStream(`purchase-${counter % 5}`, events);
    }
    await untilVisible();
  };
  /**
   * `$all` shows an event once every older transaction of the cluster has ended (gap safety): waits
   * for what was appended to be visible, so another test's open transaction cannot hide it.
   */
  const untilVisible = async () => {
    const committed = await store.committedPosition();
    const deadline = Date.now() + 60_000;
    while (comparePositions(await store.headPosition(), committed) < 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const allEvents = async () => store.readAll({ maxCount: 100_000 });

  beforeAll(async () => {
    db = await openTestDatabase(target);
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema });
  });
  afterAll(async () => {
    await store?.close();
    await db?.close();
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parquet-export-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes `$all` by recorded day and type, read back equal; a second run adds only the new events', async () => {
    await db.knex.raw(`TRUNCATE "${db.schema}".events, "${db.schema}".streams`);
    await append(40);
    // The store records the database's clock; the first 25 events are moved to the day before.
    await db.knex.raw(
      `UPDATE "${db.schema}".events SET created = created - interval '1 day'
       WHERE global_position IN (SELECT global_position FROM "${db.schema}".events ORDER BY global_position LIMIT 25)`,
    );
    const first = await exportEventsToParquet({ store, dir, rowsPerFile: 7, readSize: 9 });
    const events = await allEvents();
    expect(first.events).toBe(40);
    expect(comparePositions(first.to, events.at(-1)!.position)).toBe(0);
    const days = new Set((await partFiles(dir)).map((f) => f.split('/')[0]));
    expect(days.size).toBe(2);
    expect(await readdir(dir)).toContain(CHECKPOINT_FILE);
    expect((await partFiles(dir)).some((f) => f.includes('type=Odd%20type%2Fwith%3Asigns/'))).toBe(true);
    expectRowsToBe(await readBack(dir), events);

    const nothing = await exportEventsToParquet({ store, dir, rowsPerFile: 7 });
    expect(nothing).toMatchObject({ events: 0, files: [] });

    await append(15);
    const second = await exportEventsToParquet({ store, dir, rowsPerFile: 7 });
    expect(second.events).toBe(15);
    const all = await allEvents();
    expect(all).toHaveLength(55);
    expectRowsToBe(await readBack(dir), all);
    const checkpoint = JSON.parse(await readFile(join(dir, CHECKPOINT_FILE), 'utf8'));
    expect(checkpoint).toMatchObject({
      commit: all.at(-1)!.position.commit.toString(),
      prepare: all.at(-1)!.position.prepare.toString(),
      events: 55,
    });
  });

  it('keeps a day open through the next: days alternating in `$all` make one part per day and type', async () => {
    await db.knex.raw(`TRUNCATE "${db.schema}".events, "${db.schema}".streams`);
    await append(24);
    // Every other event recorded the day before (as transactions open across midnight would be), and
    // the last four two days later: the days before that one are written then, the rest at the end.
    await db.knex.raw(
      `UPDATE "${db.schema}".events SET created = created - interval '1 day' WHERE global_position % 2 = 0`,
    );
    await db.knex.raw(
      `UPDATE "${db.schema}".events SET created = created + interval '2 days'
       WHERE global_position IN (SELECT global_position FROM "${db.schema}".events ORDER BY global_position DESC LIMIT 4)`,
    );
    const result = await exportEventsToParquet({ store, dir, readSize: 5 });
    const events = await allEvents();
    const partitions = new Set(events.map((e) => `${e.created.toISOString().slice(0, 10)} ${e.type}`));
    expect(result.files).toHaveLength(partitions.size);
    expectRowsToBe(await readBack(dir), events);
  });

  it('writes the same rows through the port alone (any other adapter) as through the raw read', async () => {
    await db.knex.raw(`TRUNCATE "${db.schema}".events, "${db.schema}".streams`);
    await append(12);
    const portOnly: EventStore = { ...store }; // not the adapter's own object: no raw read
    const viaPort = await exportEventsToParquet({ store: portOnly, dir, rowsPerFile: 5, encoders: 1 });
    const rawDir = await mkdtemp(join(tmpdir(), 'parquet-export-'));
    try {
      const viaRaw = await exportEventsToParquet({ store, dir: rawDir, rowsPerFile: 5 });
      expect(viaRaw.files).toEqual(viaPort.files);
      const events = await allEvents();
      expectRowsToBe(await readBack(dir), events);
      expectRowsToBe(await readBack(rawDir), events);
    } finally {
      await rm(rawDir, { recursive: true, force: true });
    }
  });

  it('holds the analytics view’s columns, typed', async () => {
    await db.knex.raw(`TRUNCATE "${db.schema}".events, "${db.schema}".streams`);
    await append(3);
    await store.appendToStream('lead-1', [
      { id: randomUUID(), type: 'Noted', data: {}, metadata: { at: 'not a time', actor: 'nobody' } },
    ]);
    await untilVisible();
    await exportEventsToParquet({ store, dir });
    const rows = await readBack(dir);
    const { rows: view } = await db.knex.raw(
      `SELECT * FROM "${analyticsSchemaOf(db.schema)}".events ORDER BY commit_position, prepare_position`,
    );
    expect(rows).toHaveLength(view.length);
    rows.forEach((row, i) => {
      const v = view[i];
      for (const column of [
        'position',
        'event_id',
        'event_type',
        'stream_name',
        'stream_category',
        'actor_kind',
        'actor_id',
        'actor_role',
        'machine_id',
        'machine_version',
        'correlation_id',
        'causation_id',
        'idempotency_key',
        'reason',
      ]) {
        expect([column, row[column] ?? null]).toEqual([column, v[column]]);
      }
      expect(row.revision).toBe(BigInt(v.revision));
      expect((row.occurred_at as Date | null)?.getTime() ?? null).toBe(v.occurred_at?.getTime() ?? null);
    });
    expect(rows[0]).toMatchObject({ actor_kind: 'staff', machine_version: 2, stream_category: 'purchase' });
    const [first] = await partFiles(dir);
    const { schema } = await parquetMetadataAsync(await asyncBufferFromFile(join(dir, first!)));
    const element = (name: string) => schema.find((e) => e.name === name);
    expect(element('data')).toMatchObject({ type: 'BYTE_ARRAY', logical_type: { type: 'JSON' } });
    expect(element('commit_position')).toMatchObject({ type: 'INT64', repetition_type: 'REQUIRED' });
    expect(element('recorded_at')).toMatchObject({ type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' });
    expect(element('actor_id')).toMatchObject({ converted_type: 'UTF8', repetition_type: 'OPTIONAL' });
    expect(rows.at(-1)).toMatchObject({ actor_kind: null, occurred_at: null, stream_category: 'lead' });
  });

  it('redoes a run that died after a part and before its checkpoint, without duplicates', async () => {
    await db.knex.raw(`TRUNCATE "${db.schema}".events, "${db.schema}".streams`);
    await append(10);
    await exportEventsToParquet({ store, dir, rowsPerFile: 3 });
    await append(20);
    const crash = new Error('killed');
    let written = 0;
    await expect(
      exportEventsToParquet({
        store,
        dir,
        rowsPerFile: 3,
        afterPart: () => {
          written++;
          if (written === 2) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    // Two parts of the dead run are in place, past the checkpoint; a half-written one is left too.
    const [aPart] = await partFiles(dir);
    await writeFile(join(dir, `${aPart!}.tmp`), 'half');
    await append(5);
    // A different size of parts: the dead run's parts are not simply overwritten by the same names.
    const rerun = await exportEventsToParquet({ store, dir, rowsPerFile: 4 });
    expect(rerun.removed).toHaveLength(2);
    expect(rerun.events).toBe(25);
    const all = await allEvents();
    expectRowsToBe(await readBack(dir), all);
    const leftovers = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('runs one export at a time per directory; a lock left by a dead process is taken over', async () => {
    await writeFile(join(dir, '_export.lock'), String(process.ppid));
    await expect(exportEventsToParquet({ store, dir })).rejects.toThrow(
      new ExportDirectoryError(`another export (process ${process.ppid}) is writing into ${dir}`),
    );
    await rm(join(dir, '_export.lock'));
    let second: Promise<unknown> | undefined;
    await exportEventsToParquet({
      store,
      dir,
      afterPart: () => {
        second ??= exportEventsToParquet({ store, dir });
        return second.then(
          () => {},
          () => {},
        );
      },
    });
    await expect(second).rejects.toThrow(`another export is writing into ${dir}`);
    // A crash in the first checkpoint's writing leaves its temporary file: not someone else's.
    await rm(dir, { recursive: true });
    await mkdir(dir);
    await writeFile(join(dir, '_checkpoint.json.tmp'), '{');
    await writeFile(join(dir, '_export.lock'), '2147483646');
    const run = await exportEventsToParquet({ store, dir });
    expect(run.files.length).toBeGreaterThan(0);
    expect(await readdir(dir)).not.toContain('_export.lock');
  });

  it('refuses a directory that is a file, someone else’s, or has a broken checkpoint, with a reason', async () => {
    const file = join(dir, 'notes.txt');
    await writeFile(file, 'x');
    await expect(exportEventsToParquet({ store, dir: file })).rejects.toThrow(
      new ExportDirectoryError(`${file} is not a directory`),
    );
    await expect(exportEventsToParquet({ store, dir })).rejects.toThrow(/holds other files \(notes\.txt\)/);
    await rm(file);
    await writeFile(join(dir, CHECKPOINT_FILE), '{"commit": 1}');
    await expect(exportEventsToParquet({ store, dir })).rejects.toThrow(/is not an export checkpoint/);
    const made = await exportEventsToParquet({ store, dir: join(dir, 'new', 'deeper') });
    expect(made.files.length).toBeGreaterThan(0);
  });
});
