/**
 * The event log's Parquet export (`npm run analytics -- export-parquet <dir>`): `$all` (as JSON text from
 * PostgreSQL, through the event store port otherwise), incremental from a checkpoint, partitioned by
 * recorded day and event type, encoded in worker threads. Layout, columns and the crash rule:
 * projections/analytics/README.md "Parquet export".
 */

import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { schemaFromColumnData } from 'hyparquet-writer';
import {
  comparePositions,
  type EventStore,
  type JsonObject,
  type Position,
  type RecordedEvent,
  START,
} from '../../engine/eventStore.ts';
import { readAllTextOf } from '../../engine/postgres/createPostgresEventStore.ts';
import type { EventTextRow } from '../../engine/postgres/rows.ts';
import { type EncodeTask, PackedText, ParquetEncoders } from './parquetEncoders.ts';

export const CHECKPOINT_FILE = '_checkpoint.json';
const LOCK_FILE = '_export.lock';
const PART = /^part-(\d{20})-(\d{20})\.parquet$/;

/** The directory cannot be exported to: its message says why, for the command line. */
export class ExportDirectoryError extends Error {
  override readonly name = 'ExportDirectoryError';
}

export interface ParquetExportOptions {
  readonly store: EventStore;
  readonly dir: string;
  /** A (day, type) buffer is written as a part when it holds this many rows (default 100,000). */
  readonly rowsPerFile?: number;
  /** Events per read of `$all` (default 10,000). */
  readonly readSize?: number;
  /** When all buffers together hold this many rows, all are written and the checkpoint moves (default 200,000). */
  readonly maxBufferedRows?: number;
  /** Parts encoded at once, each in a worker thread (default the cores, at most 4). */
  readonly encoders?: number;
  readonly onProgress?: (progress: { readonly events: number; readonly position: Position }) => void;
  /** Called once a part is in place (tests simulate a crash here). */
  readonly afterPart?: (file: string) => Promise<void> | void;
}

export interface ParquetExportResult {
  /** The checkpoint the run started from (exclusive). */
  readonly from: Position;
  /** The checkpoint it ended on: the last event exported, `from` when there was nothing new. */
  readonly to: Position;
  readonly events: number;
  /** The parts written, relative to the directory. */
  readonly files: readonly string[];
  /** Parts of an unfinished earlier run (after its checkpoint), removed before this run. */
  readonly removed: readonly string[];
}

export interface ExportCheckpoint {
  readonly commit: string;
  readonly prepare: string;
  readonly exportedAt: string;
  /** Events exported by every run so far. */
  readonly events: number;
}

/** A partition value as a directory name: Hive's escaping (`%XX` for anything but letters, digits, `._-`). */
export function partitionValue(value: string): string {
  const escaped = Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9._-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  if (escaped.length <= 200) return escaped;
  // A file system's name limit (255 bytes): long types keep a prefix and a digest (the column is exact).
  return `${escaped.slice(0, 180)}~${createHash('sha1').update(value).digest('hex').slice(0, 16)}`;
}

export const partFileName = (first: Position) =>
  `part-${first.commit.toString().padStart(20, '0')}-${first.prepare.toString().padStart(20, '0')}.parquet`;

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

function timeOrNull(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const objectOr = (value: unknown): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};

/** As the analytics `events` view reads the actor: its kind, its id of whichever kind, its role. */
function actorOf(metadata: JsonObject) {
  const actor = objectOr(metadata.actor);
  return {
    kind: str(actor.kind),
    id: str(actor.staffId) ?? str(actor.customerId) ?? str(actor.visitorId) ?? str(actor.name),
    role: str(actor.role),
  };
}

function machineOf(metadata: JsonObject): { id: string | null; version: number | null } {
  const machine = objectOr(metadata.machine);
  const version = machine.version;
  return {
    id: str(machine.id),
    version: typeof version === 'number' && Number.isInteger(version) ? version : null,
  };
}

/**
 * The parts' schema. `data` and `metadata` are the event's JSON text with the JSON logical type: given
 * the writer's `JSON` type, a string would be encoded again as a JSON string.
 */
const jsonText = (name: string) =>
  ({ name, type: 'BYTE_ARRAY', logical_type: { type: 'JSON' }, repetition_type: 'REQUIRED' }) as const;
const SCHEMA = schemaFromColumnData({
  columnData: [
    ...(
      [
        ['position', 'STRING'],
        ['commit_position', 'INT64'],
        ['prepare_position', 'INT64'],
        ['event_id', 'STRING'],
        ['event_type', 'STRING'],
        ['stream_name', 'STRING'],
        ['stream_category', 'STRING'],
        ['revision', 'INT64'],
        ['recorded_at', 'TIMESTAMP'],
      ] as const
    ).map(([name, type]) => ({ name, type, data: [], nullable: false })),
    ...(
      [
        ['occurred_at', 'TIMESTAMP'],
        ['actor_kind', 'STRING'],
        ['actor_id', 'STRING'],
        ['actor_role', 'STRING'],
        ['machine_id', 'STRING'],
        ['machine_version', 'INT32'],
        ['correlation_id', 'STRING'],
        ['causation_id', 'STRING'],
        ['idempotency_key', 'STRING'],
        ['reason', 'STRING'],
      ] as const
    ).map(([name, type]) => ({ name, type, data: [] })),
    { name: 'data', data: [] },
    { name: 'metadata', data: [] },
  ],
  schemaOverrides: { data: jsonText('data'), metadata: jsonText('metadata') },
});

/** One (day, type) buffer: the columns of its rows, as the part file will hold them. */
class PartBuffer {
  readonly position = new PackedText();
  readonly commit: bigint[] = [];
  readonly prepare: bigint[] = [];
  readonly eventId = new PackedText();
  readonly eventType: string[] = [];
  readonly streamName: string[] = [];
  readonly streamCategory: string[] = [];
  readonly revision: bigint[] = [];
  /** Milliseconds since the epoch. */
  readonly recordedAt: number[] = [];
  readonly occurredAt: (Date | null)[] = [];
  readonly actorKind: (string | null)[] = [];
  readonly actorId: (string | null)[] = [];
  readonly actorRole: (string | null)[] = [];
  readonly machineId: (string | null)[] = [];
  readonly machineVersion: (number | null)[] = [];
  readonly correlationId: (string | null)[] = [];
  readonly causationId: (string | null)[] = [];
  readonly idempotencyKey: (string | null)[] = [];
  readonly reason: (string | null)[] = [];
  readonly data = new PackedText();
  readonly metadata = new PackedText();

  constructor(
    readonly day: string,
    readonly type: string,
    readonly first: Position,
  ) {}

  get size() {
    return this.commit.length;
  }

  add(row: EventTextRow) {
    const metadata = objectOr(JSON.parse(row.metadata));
    const actor = actorOf(metadata);
    const machine = machineOf(metadata);
    this.position.push(`${row.commit_position}/${row.global_position}`);
    this.commit.push(BigInt(row.commit_position));
    this.prepare.push(BigInt(row.global_position));
    this.eventId.push(row.event_id);
    this.eventType.push(row.event_type);
    this.streamName.push(row.stream_name);
    const dash = row.stream_name.indexOf('-');
    this.streamCategory.push(dash < 0 ? row.stream_name : row.stream_name.slice(0, dash));
    this.revision.push(BigInt(row.revision));
    this.recordedAt.push(row.created_ms);
    this.occurredAt.push(timeOrNull(metadata.at));
    this.actorKind.push(actor.kind);
    this.actorId.push(actor.id);
    this.actorRole.push(actor.role);
    this.machineId.push(machine.id);
    this.machineVersion.push(machine.version);
    this.correlationId.push(str(metadata.correlationId));
    this.causationId.push(str(metadata.causationId));
    this.idempotencyKey.push(str(metadata.idempotencyKey));
    this.reason.push(str(metadata.reason));
    this.data.push(row.data);
    this.metadata.push(row.metadata);
  }

  /** What the Parquet file holds: the columns of the analytics `events` view, typed (`SCHEMA`). */
  task(): EncodeTask {
    // Values unique to their row: no dictionary (it never pays) and no min/max (no query prunes on them).
    const unique = { encoding: 'PLAIN', statistics: false } as const;
    return {
      schema: SCHEMA,
      columnData: [
        this.position.column({ name: 'position', ...unique }),
        { name: 'commit_position', data: this.commit },
        { name: 'prepare_position', data: this.prepare },
        this.eventId.column({ name: 'event_id', ...unique }),
        { name: 'event_type', data: this.eventType },
        { name: 'stream_name', data: this.streamName },
        { name: 'stream_category', data: this.streamCategory },
        { name: 'revision', data: this.revision },
        { name: 'recorded_at', data: this.recordedAt },
        { name: 'occurred_at', data: this.occurredAt },
        { name: 'actor_kind', data: this.actorKind },
        { name: 'actor_id', data: this.actorId },
        { name: 'actor_role', data: this.actorRole },
        { name: 'machine_id', data: this.machineId },
        { name: 'machine_version', data: this.machineVersion },
        { name: 'correlation_id', data: this.correlationId },
        { name: 'causation_id', data: this.causationId, ...unique },
        { name: 'idempotency_key', data: this.idempotencyKey, ...unique },
        { name: 'reason', data: this.reason },
        this.data.column({ name: 'data', ...unique }),
        this.metadata.column({ name: 'metadata', ...unique }),
      ],
      rowGroupSize: 100_000,
      createdBy: 'car-retail-platform event export',
    };
  }
}

/** A page of `$all` after a position: JSON text straight from PostgreSQL, the port's events otherwise. */
type ReadPage = (after: Position, maxCount: number) => Promise<EventTextRow[]>;

function pageReader(store: EventStore): ReadPage {
  const readText = readAllTextOf(store);
  if (readText) return (after, maxCount) => readText({ fromPosition: after, maxCount });
  return async (after, maxCount) =>
    (await store.readAll({ fromPosition: after, maxCount })).map(
      (event: RecordedEvent): EventTextRow => ({
        commit_position: event.position.commit.toString(),
        global_position: event.position.prepare.toString(),
        stream_name: event.streamName,
        revision: event.revision.toString(),
        event_id: event.id,
        event_type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        created_ms: event.created.getTime(),
      }),
    );
}

const positionOf = (row: EventTextRow): Position => ({
  commit: BigInt(row.commit_position),
  prepare: BigInt(row.global_position),
});

/** Writes bytes durably under a temporary name, then renames: a reader never sees half a file. */
async function writeFileAtomically(path: string, bytes: Uint8Array) {
  const temp = `${path}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

export async function readCheckpoint(dir: string): Promise<ExportCheckpoint | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, CHECKPOINT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ExportDirectoryError(`cannot read ${join(dir, CHECKPOINT_FILE)}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ExportDirectoryError(`${join(dir, CHECKPOINT_FILE)} is not JSON: fix or remove it`);
  }
  const c = parsed as Partial<ExportCheckpoint> | null;
  if (
    !c ||
    typeof c.commit !== 'string' ||
    !/^\d+$/.test(c.commit) ||
    typeof c.prepare !== 'string' ||
    !/^\d+$/.test(c.prepare) ||
    typeof c.events !== 'number'
  ) {
    throw new ExportDirectoryError(
      `${join(dir, CHECKPOINT_FILE)} is not an export checkpoint ({"commit","prepare","events"}): fix or remove it`,
    );
  }
  return c as ExportCheckpoint;
}

/** Checks the directory (made when missing) and answers where the last run ended. */
async function prepareDirectory(dir: string): Promise<ExportCheckpoint | undefined> {
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new ExportDirectoryError(`cannot read ${dir}: ${error.message}`);
  });
  if (found && !found.isDirectory()) throw new ExportDirectoryError(`${dir} is not a directory`);
  if (!found) {
    await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw new ExportDirectoryError(`cannot make ${dir}: ${error.message}`);
    });
  }
  const checkpoint = await readCheckpoint(dir);
  if (!checkpoint) {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      throw new ExportDirectoryError(`cannot read ${dir}: ${error.message}`);
    });
    const ours = (name: string) =>
      name.startsWith('day=') || name === LOCK_FILE || name === `${CHECKPOINT_FILE}.tmp`;
    const strangers = names.filter((name) => !ours(name));
    if (strangers.length > 0) {
      throw new ExportDirectoryError(
        `${dir} holds other files (${strangers.slice(0, 3).join(', ')}) and no ${CHECKPOINT_FILE}: export into an empty or new directory, or one a previous export made`,
      );
    }
  }
  return checkpoint;
}

/** The lock files this process holds. */
const lockedHere = new Set<string>();

/** One export at a time per directory: a lock file naming the process, taken over when that process is gone. */
async function lockDirectory(dir: string): Promise<() => Promise<void>> {
  const path = resolve(dir, LOCK_FILE);
  if (lockedHere.has(path)) throw new ExportDirectoryError(`another export is writing into ${dir}`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      lockedHere.add(path);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(path, { force: true });
        lockedHere.delete(path);
      };
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code === 'EACCES' ||
        (error as NodeJS.ErrnoException).code === 'EROFS'
      )
        throw new ExportDirectoryError(`cannot write into ${dir}: ${(error as Error).message}`);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new ExportDirectoryError(`another export (process ${pid}) is writing into ${dir}`);
      }
      await rm(path, { force: true });
    }
  }
  throw new ExportDirectoryError(`cannot take ${path}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what an unfinished run left: temporary files and every part that starts after the checkpoint
 * (a finished run's parts all start at or before it). Answers the parts removed.
 */
async function removeUnfinished(dir: string, checkpoint: Position): Promise<string[]> {
  const removed: string[] = [];
  await rm(join(dir, `${CHECKPOINT_FILE}.tmp`), { force: true });
  for (const day of await readdir(dir)) {
    if (!day.startsWith('day=')) continue;
    for (const type of await readdir(join(dir, day)).catch(() => [])) {
      const folder = join(dir, day, type);
      for (const name of await readdir(folder).catch(() => [])) {
        const part = PART.exec(name);
        const first = part ? { commit: BigInt(part[1]!), prepare: BigInt(part[2]!) } : undefined;
        if (name.endsWith('.tmp') || (first && comparePositions(first, checkpoint) > 0)) {
          await rm(join(folder, name), { force: true });
          if (first) removed.push(join(day, type, name));
        }
      }
    }
  }
  return removed;
}

/** Exports the events after the directory's checkpoint (all of `$all` the first time). */
export async function exportEventsToParquet(options: ParquetExportOptions): Promise<ParquetExportResult> {
  const { store, dir } = options;
  const rowsPerFile = options.rowsPerFile ?? 100_000;
  const readSize = options.readSize ?? 10_000;
  const maxBufferedRows = options.maxBufferedRows ?? 200_000;
  const encoders = new ParquetEncoders(options.encoders ?? Math.min(availableParallelism(), 4));
  const readPage = pageReader(store);
  const checkpoint = await prepareDirectory(dir);
  const unlock = await lockDirectory(dir);
  /** Parts put in place one after the other, in the order they were flushed; the first failure stops the rest. */
  let placing: Promise<void> = Promise.resolve();
  try {
    const from: Position = checkpoint
      ? { commit: BigInt(checkpoint.commit), prepare: BigInt(checkpoint.prepare) }
      : START;
    const removed = await removeUnfinished(dir, from);
    const files: string[] = [];
    const buffers = new Map<string, PartBuffer>();
    let buffered = 0;
    let events = 0;
    /** The last event buffered: where the checkpoint moves. */
    let last: EventTextRow | undefined;
    const position = () => (last ? positionOf(last) : from);
    let saved = from;
    let currentDay = '';
    /** The UTC day of a time in milliseconds, `YYYY-MM-DD` (the last one kept: rows come day after day). */
    let dayNumber = Number.NaN;
    let dayText = '';
    const dayOf = (ms: number) => {
      const n = Math.floor(ms / 86_400_000);
      if (n !== dayNumber) {
        dayNumber = n;
        dayText = new Date(n * 86_400_000).toISOString().slice(0, 10);
      }
      return dayText;
    };

    /** Parts encoding or waiting to be put in place: at most one per encoder thread. */
    const inFlight: Promise<void>[] = [];
    const flush = async (buffer: PartBuffer) => {
      buffers.delete(`${buffer.day}\u0000${buffer.type}`);
      buffered -= buffer.size;
      while (inFlight.length >= encoders.size) await inFlight.shift();
      const folder = join(`day=${buffer.day}`, `type=${partitionValue(buffer.type)}`);
      const file = join(folder, partFileName(buffer.first));
      const bytes = encoders.encode(buffer.task());
      bytes.catch(() => {}); // awaited in `placing`
      placing = placing.then(async () => {
        await mkdir(join(dir, folder), { recursive: true });
        await writeFileAtomically(join(dir, file), await bytes);
        files.push(file);
        await options.afterPart?.(file);
      });
      placing.catch(() => {}); // awaited through `inFlight` or at the checkpoint
      inFlight.push(placing);
    };
    /** Every buffer written, then the checkpoint: it covers only parts that are complete. */
    const commit = async () => {
      for (const buffer of [...buffers.values()]) await flush(buffer);
      inFlight.length = 0;
      await placing;
      const at = position();
      if (comparePositions(at, saved) === 0) return;
      const next: ExportCheckpoint = {
        commit: at.commit.toString(),
        prepare: at.prepare.toString(),
        exportedAt: new Date().toISOString(),
        events: (checkpoint?.events ?? 0) + events,
      };
      await writeFileAtomically(
        join(dir, CHECKPOINT_FILE),
        new TextEncoder().encode(`${JSON.stringify(next)}\n`),
      );
      saved = at;
    };

    const read = (after: Position) => {
      const reading = readPage(after, readSize);
      reading.catch(() => {}); // awaited below; not an unhandled rejection if a flush fails first
      return reading;
    };
    let reading = read(from);
    for (;;) {
      const page = await reading;
      const full = page.length === readSize;
      // The next page is read while this one is encoded and written.
      if (full) reading = read(positionOf(page.at(-1)!));
      for (const row of page) {
        const day = dayOf(row.created_ms);
        if (day !== currentDay) {
          // The log moved to another day: earlier days' buffers will hardly grow again (a transaction
          // open across midnight may still add a small part), so they are written now.
          for (const buffer of [...buffers.values()]) if (buffer.day < day) await flush(buffer);
          currentDay = day;
        }
        const key = `${day}\u0000${row.event_type}`;
        let buffer = buffers.get(key);
        if (!buffer) {
          buffer = new PartBuffer(day, row.event_type, positionOf(row));
          buffers.set(key, buffer);
        }
        buffer.add(row);
        buffered++;
        events++;
        last = row;
        if (buffer.size >= rowsPerFile) await flush(buffer);
        if (buffered >= maxBufferedRows) await commit();
      }
      options.onProgress?.({ events, position: position() });
      if (!full) break;
    }
    await commit();
    return { from, to: position(), events, files, removed };
  } finally {
    // Nothing is put in place after the run ends, even when it failed.
    await placing.catch(() => {});
    await encoders.close();
    await unlock();
  }
}
