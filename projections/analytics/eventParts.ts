/**
 * One Parquet part of the event log's export (projections/analytics/README.md "Parquet export"): the main
 * thread collects a (day, type)'s rows as they come from `$all`, packed in a few buffers that move to a
 * worker thread without a copy; the thread derives the metadata's columns and encodes the file.
 */
import { parquetWriteBuffer, schemaFromColumnData } from 'hyparquet-writer';
import { compressSync } from 'snappy';
import type { JsonObject, Position } from '../../engine/eventStore.ts';
import type { RawEventCursor } from '../../engine/rawEvents.ts';

/** Strings (none null) as UTF-8 in one buffer, each followed by `separator` but the last. */
interface PackedTextData {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly ends: Uint32Array<ArrayBuffer>;
  readonly separator: number;
}

/** A part's rows as they move to a thread: typed arrays and packed text only (`count` rows of each). */
export interface PackedPart {
  readonly type: string;
  readonly count: number;
  readonly commit: BigInt64Array<ArrayBuffer>;
  readonly prepare: BigInt64Array<ArrayBuffer>;
  readonly revision: BigInt64Array<ArrayBuffer>;
  /** Milliseconds since the epoch. */
  readonly recordedMs: Float64Array<ArrayBuffer>;
  /** `commit/prepare`, as the app writes positions. */
  readonly position: PackedTextData;
  readonly eventId: PackedTextData;
  readonly streamName: PackedTextData;
  readonly data: PackedTextData;
  /** Separated by commas: the whole column is one JSON array once bracketed. */
  readonly metadata: PackedTextData;
}

/** The buffers a `PackedPart` moves to its thread with. */
export const transferList = (part: PackedPart): ArrayBuffer[] => [
  part.commit.buffer,
  part.prepare.buffer,
  part.revision.buffer,
  part.recordedMs.buffer,
  ...[part.position, part.eventId, part.streamName, part.data, part.metadata].flatMap((t) => [
    t.bytes.buffer,
    t.ends.buffer,
  ]),
];

class PackedText {
  // Its own memory (never the pool's), so that it can move to the thread.
  #bytes = Buffer.allocUnsafeSlow(1 << 14);
  #ends = new Uint32Array(1 << 8);
  #count = 0;
  #size = 0;

  constructor(readonly separator = 0) {}

  /** Adds a value: bytes `start` to `end` of `from` (UTF-8). */
  push(from: Buffer, start: number, end: number) {
    const room = end - start + 1;
    if (this.#bytes.length - this.#size < room) {
      const bytes = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#size + room));
      this.#bytes.copy(bytes, 0, 0, this.#size);
      this.#bytes = bytes;
    }
    if (this.#count === this.#ends.length) {
      const ends = new Uint32Array(this.#ends.length * 2);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    if (this.separator && this.#count > 0) this.#bytes[this.#size++] = this.separator;
    this.#size += from.copy(this.#bytes, this.#size, start, end);
    this.#ends[this.#count++] = this.#size;
  }

  packed(): PackedTextData {
    return { bytes: this.#bytes, ends: this.#ends, separator: this.separator };
  }
}

/** A growing column of numbers, in a typed array of its own (it moves to the thread). */
class Numbers<A extends BigInt64Array<ArrayBuffer> | Float64Array<ArrayBuffer>> {
  count = 0;
  values: A;

  constructor(readonly make: (length: number) => A) {
    this.values = make(1 << 8);
  }

  push(value: A[number]) {
    if (this.count === this.values.length) {
      const values = this.make(this.count * 2);
      values.set(this.values as never);
      this.values = values;
    }
    (this.values as { [i: number]: A[number] })[this.count++] = value;
  }
}

const int64s = () => new Numbers((length) => new BigInt64Array(length));

/** One (day, type)'s rows, in `$all` order, until they are written as a part. */
export class PartBuffer {
  readonly #commit = int64s();
  readonly #prepare = int64s();
  readonly #revision = int64s();
  readonly #recordedMs = new Numbers((length) => new Float64Array(length));
  readonly #position = new PackedText();
  readonly #eventId = new PackedText();
  readonly #streamName = new PackedText();
  readonly #data = new PackedText();
  readonly #metadata = new PackedText(0x2c);

  constructor(
    readonly day: string,
    readonly type: string,
    readonly first: Position,
  ) {}

  get size() {
    return this.#commit.count;
  }

  /** Adds the cursor's current row. */
  add(row: RawEventCursor) {
    const b = row.bytes;
    this.#commit.push(row.commit);
    this.#prepare.push(row.prepare);
    this.#revision.push(row.revision);
    this.#recordedMs.push(row.createdMs);
    this.#position.push(b, row.start('position'), row.end('position'));
    this.#eventId.push(b, row.start('eventId'), row.end('eventId'));
    this.#streamName.push(b, row.start('streamName'), row.end('streamName'));
    this.#data.push(b, row.start('data'), row.end('data'));
    this.#metadata.push(b, row.start('metadata'), row.end('metadata'));
  }

  /** The rows to encode (their buffers move to the thread: add nothing after). */
  packed(): PackedPart {
    return {
      type: this.type,
      count: this.size,
      commit: this.#commit.values,
      prepare: this.#prepare.values,
      revision: this.#revision.values,
      recordedMs: this.#recordedMs.values,
      position: this.#position.packed(),
      eventId: this.#eventId.packed(),
      streamName: this.#streamName.packed(),
      data: this.#data.packed(),
      metadata: this.#metadata.packed(),
    };
  }
}

/**
 * The parts' schema: the columns of the analytics `events` view, typed. `data` and `metadata` are the
 * event's JSON text with the JSON logical type: given the writer's `JSON` type, a string would be encoded
 * again as a JSON string.
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

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;

/** The metadata's `at` in milliseconds, null when absent or not a time (as the analytics view reads it). */
function timeOrNull(value: unknown): number | null {
  if (typeof value !== 'string' || !ISO_TIME.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

const objectOr = (value: unknown): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};

/** A packed column's values: views of its buffer. */
function views({ bytes, ends, separator }: PackedTextData, count: number): Uint8Array[] {
  const values = new Array<Uint8Array>(count);
  const gap = separator ? 1 : 0;
  let start = 0;
  for (let i = 0; i < count; i++) {
    values[i] = bytes.subarray(start, ends[i]);
    start = ends[i]! + gap;
  }
  return values;
}

/** Strings (or nulls) as UTF-8 views of one buffer: no array allocated per value by the writer. */
function utf8(values: readonly (string | null)[]): (Uint8Array | null)[] {
  let room = 0;
  for (const value of values) if (value !== null) room += value.length * 3;
  const bytes = Buffer.allocUnsafe(room);
  let size = 0;
  return values.map((value) => {
    if (value === null) return null;
    const start = size;
    size += bytes.write(value, size, 'utf8');
    return bytes.subarray(start, size);
  });
}

function snappy(bytes: Uint8Array): Uint8Array {
  const out = compressSync(bytes);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The part's Parquet file: its rows, and the columns read from each event's metadata. */
export function encodePart(part: PackedPart): ArrayBuffer {
  const n = part.count;
  const metadataText = Buffer.from(part.metadata.bytes.buffer, 0, n ? part.metadata.ends[n - 1] : 0);
  const metadata = JSON.parse(`[${metadataText.toString('utf8')}]`) as unknown[];
  const streamNames = views(part.streamName, n);
  const streamCategory = new Array<Uint8Array>(n);
  const occurredAt = new Array<number | null>(n);
  const actorKind = new Array<string | null>(n);
  const actorId = new Array<string | null>(n);
  const actorRole = new Array<string | null>(n);
  const machineId = new Array<string | null>(n);
  const machineVersion = new Array<number | null>(n);
  const correlationId = new Array<string | null>(n);
  const causationId = new Array<string | null>(n);
  const idempotencyKey = new Array<string | null>(n);
  const reason = new Array<string | null>(n);
  for (let i = 0; i < n; i++) {
    const name = streamNames[i]!;
    const dash = name.indexOf(0x2d);
    streamCategory[i] = dash < 0 ? name : name.subarray(0, dash);
    const meta = objectOr(metadata[i]);
    occurredAt[i] = timeOrNull(meta.at);
    // As the analytics `events` view reads the actor: its kind, its id of whichever kind, its role.
    const actor = objectOr(meta.actor);
    actorKind[i] = str(actor.kind);
    actorId[i] = str(actor.staffId) ?? str(actor.customerId) ?? str(actor.visitorId) ?? str(actor.name);
    actorRole[i] = str(actor.role);
    const machine = objectOr(meta.machine);
    machineId[i] = str(machine.id);
    machineVersion[i] =
      typeof machine.version === 'number' && Number.isInteger(machine.version) ? machine.version : null;
    correlationId[i] = str(meta.correlationId);
    causationId[i] = str(meta.causationId);
    idempotencyKey[i] = str(meta.idempotencyKey);
    reason[i] = str(meta.reason);
  }
  // Values (nearly) unique to their row: no dictionary (it never pays) and no min/max (no query prunes
  // on them); ids of many rows keep the writer's choice of dictionary but no min/max either.
  const unique = { encoding: 'PLAIN', statistics: false } as const;
  const noStatistics = { statistics: false } as const;
  return parquetWriteBuffer({
    schema: SCHEMA,
    columnData: [
      { name: 'position', data: views(part.position, n), ...unique },
      { name: 'commit_position', data: part.commit.subarray(0, n) },
      { name: 'prepare_position', data: part.prepare.subarray(0, n) },
      { name: 'event_id', data: views(part.eventId, n), ...unique },
      { name: 'event_type', data: new Array<string>(n).fill(part.type) },
      { name: 'stream_name', data: streamNames, ...noStatistics },
      { name: 'stream_category', data: streamCategory },
      { name: 'revision', data: part.revision.subarray(0, n) },
      { name: 'recorded_at', data: part.recordedMs.subarray(0, n) },
      { name: 'occurred_at', data: occurredAt },
      { name: 'actor_kind', data: actorKind },
      { name: 'actor_id', data: utf8(actorId), ...noStatistics },
      { name: 'actor_role', data: actorRole },
      { name: 'machine_id', data: machineId },
      { name: 'machine_version', data: machineVersion },
      { name: 'correlation_id', data: utf8(correlationId), ...noStatistics },
      { name: 'causation_id', data: utf8(causationId), ...unique },
      { name: 'idempotency_key', data: utf8(idempotencyKey), ...unique },
      { name: 'reason', data: reason },
      { name: 'data', data: views(part.data, n), ...unique },
      { name: 'metadata', data: views(part.metadata, n), ...unique },
    ],
    rowGroupSize: 100_000,
    compressors: { SNAPPY: snappy },
    createdBy: 'car-retail-platform event export',
  });
}
