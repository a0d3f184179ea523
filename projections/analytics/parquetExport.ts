/**
 * The event log's Parquet export (`npm run analytics -- export-parquet <dir>`): `$all` (raw bytes from
 * a PostgreSQL server, through the event store port otherwise), incremental from a checkpoint, partitioned
 * by recorded day and event type, encoded in worker threads (eventParts.ts). Layout, columns and the crash rule:
 * projections/analytics/README.md "Parquet export".
 */

import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { comparePositions, type EventStore, type Position, START } from '../../engine/eventStore.ts';
import { readAllRawOf } from '../../engine/postgres/createPostgresEventStore.ts';
import { RawEventCursor, type RawEventPage, rawEventsOf } from '../../engine/rawEvents.ts';
import { PartBuffer } from './eventParts.ts';
import { ParquetEncoders } from './parquetEncoders.ts';

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

/** A page of `$all` after a position: PostgreSQL's bytes as received, the port's events written as such otherwise. */
type ReadPage = (after: Position, maxCount: number) => Promise<RawEventPage>;

function pageReader(store: EventStore): ReadPage {
  const readRaw = readAllRawOf(store);
  if (readRaw) return (after, maxCount) => readRaw({ fromPosition: after, maxCount });
  return async (after, maxCount) => rawEventsOf(await store.readAll({ fromPosition: after, maxCount }));
}

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
    let last: Position = from;
    const position = () => last;
    let saved = from;
    /** The latest recorded UTC day seen, in days since the epoch. */
    let latestDay = Number.NEGATIVE_INFINITY;
    const dayTexts = new Map<number, string>();
    /** A day since the epoch as `YYYY-MM-DD`. */
    const dayText = (day: number) => {
      let text = dayTexts.get(day);
      if (text === undefined) {
        text = new Date(day * 86_400_000).toISOString().slice(0, 10);
        dayTexts.set(day, text);
      }
      return text;
    };

    /**
     * Parts encoding, waiting for a thread or to be put in place: at most three per encoder thread, so
     * that reading goes on while a part is written (measured: bench/RESULTS.md "events").
     */
    const inFlight: Promise<void>[] = [];
    const flush = async (buffer: PartBuffer) => {
      buffers.delete(`${buffer.day}\u0000${buffer.type}`);
      buffered -= buffer.size;
      while (inFlight.length >= encoders.size * 3) await inFlight.shift();
      const folder = join(`day=${buffer.day}`, `type=${partitionValue(buffer.type)}`);
      const file = join(folder, partFileName(buffer.first));
      const bytes = encoders.encode(buffer.packed());
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
      const full = page.count === readSize;
      // The next page is read while this one is encoded and written.
      if (full) reading = read(page.last!);
      const row = new RawEventCursor(page.bytes);
      while (row.next()) {
        const dayNumber = Math.floor(row.createdMs / 86_400_000);
        if (dayNumber > latestDay) {
          // The log reached a later day. A day stays open through the next one (transactions open
          // across midnight, events recorded out of order); older days' buffers will hardly grow
          // again, so they are written now (a straggler makes a small part of its own).
          latestDay = dayNumber;
          const dayBefore = dayText(dayNumber - 1);
          for (const buffer of [...buffers.values()]) if (buffer.day < dayBefore) await flush(buffer);
        }
        const day = dayText(dayNumber);
        const type = row.text('eventType');
        const key = `${day}\u0000${type}`;
        let buffer = buffers.get(key);
        if (!buffer) {
          buffer = new PartBuffer(day, type, { commit: row.commit, prepare: row.prepare });
          buffers.set(key, buffer);
        }
        buffer.add(row);
        buffered++;
        events++;
        last = { commit: row.commit, prepare: row.prepare };
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
