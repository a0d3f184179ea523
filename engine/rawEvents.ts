/**
 * Pages of `$all` as raw bytes for bulk readers (the Parquet export): PostgreSQL's binary COPY layout, which
 * the PostgreSQL adapter receives as is (`readAllRawOf`) and any other store's events are written into
 * (`rawEventsOf`). Nothing is parsed into objects: a cursor reads each row's numbers and the byte ranges of
 * its text (engine/README.md).
 */
import type { Position, RecordedEvent } from './eventStore.ts';

/**
 * The columns, in order: commit (xid8), prepare (int8), revision (int8), created (timestamptz), then text:
 * position (`commit/prepare`), event id, stream name, event type, data and metadata (JSON text).
 */
export const RAW_EVENT_FIELDS = 10;
const TEXT_FIELDS = ['position', 'eventId', 'streamName', 'eventType', 'data', 'metadata'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** PostgreSQL's epoch (2000-01-01) in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;

/** A page's rows, the binary COPY layout's rows (its header and trailer included). */
export interface RawEventPage {
  readonly bytes: Buffer;
  readonly count: number;
  /** The last row's position; undefined when there is none. */
  readonly last: Position | undefined;
}

/** Thrown when bytes are not rows of the expected layout (a changed query, a cut stream). */
export class RawEventFormatError extends Error {
  override readonly name = 'RawEventFormatError';
}

/** Reads a page row by row: `next()` moves to the following row; the fields describe the current one. */
export class RawEventCursor {
  commit = 0n;
  prepare = 0n;
  revision = 0n;
  /** Milliseconds since the epoch (whole: PostgreSQL's microseconds, floored). */
  createdMs = 0;
  readonly #start: Record<TextField, number> = {
    position: 0,
    eventId: 0,
    streamName: 0,
    eventType: 0,
    data: 0,
    metadata: 0,
  };
  readonly #end: Record<TextField, number> = { ...this.#start };
  #offset: number;

  constructor(readonly bytes: Buffer) {
    if (bytes.length < 19 || !bytes.subarray(0, 11).equals(SIGNATURE)) {
      throw new RawEventFormatError('not a binary COPY stream');
    }
    this.#offset = 19 + bytes.readUInt32BE(15);
  }

  /** Moves to the next row; false at the end of the page. */
  next(): boolean {
    const b = this.bytes;
    let at = this.#offset;
    if (at + 2 > b.length) throw new RawEventFormatError('the rows end without a trailer');
    const fields = b.readInt16BE(at);
    if (fields === -1) return false;
    if (fields !== RAW_EVENT_FIELDS) throw new RawEventFormatError(`a row of ${fields} fields`);
    at += 2;
    if (at + 48 > b.length) throw new RawEventFormatError('a row is cut');
    this.commit = b.readBigUInt64BE(at + 4);
    this.prepare = b.readBigInt64BE(at + 16);
    this.revision = b.readBigInt64BE(at + 28);
    const micros = b.readInt32BE(at + 40) * 4_294_967_296 + b.readUInt32BE(at + 44);
    this.createdMs = Math.floor(micros / 1000) + PG_EPOCH_MS;
    at += 48;
    for (const field of TEXT_FIELDS) {
      if (at + 4 > b.length) throw new RawEventFormatError('a row is cut');
      const length = b.readInt32BE(at);
      if (length < 0) throw new RawEventFormatError(`${field} is null`);
      this.#start[field] = at + 4;
      at += 4 + length;
      this.#end[field] = at;
    }
    if (at > b.length) throw new RawEventFormatError('a row is cut');
    this.#offset = at;
    return true;
  }

  start(field: TextField): number {
    return this.#start[field];
  }

  end(field: TextField): number {
    return this.#end[field];
  }

  text(field: TextField): string {
    return this.bytes.toString('utf8', this.#start[field], this.#end[field]);
  }
}

/** Events from any store, written in the same layout (for stores without a raw read). */
export function rawEventsOf(events: readonly RecordedEvent[]): RawEventPage {
  const rows = events.map((event) => {
    const texts = [
      `${event.position.commit}/${event.position.prepare}`,
      event.id,
      event.streamName,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    ].map((text) => Buffer.from(text, 'utf8'));
    const head = Buffer.alloc(2 + 4 * 12);
    head.writeInt16BE(RAW_EVENT_FIELDS, 0);
    const numbers = [
      event.position.commit,
      event.position.prepare,
      event.revision,
      BigInt(event.created.getTime() - PG_EPOCH_MS) * 1000n,
    ];
    numbers.forEach((value, i) => {
      head.writeInt32BE(8, 2 + i * 12);
      head.writeBigInt64BE(BigInt.asIntN(64, value), 6 + i * 12);
    });
    return Buffer.concat([head, ...texts.flatMap((text) => [lengthOf(text), text])]);
  });
  const header = Buffer.alloc(19);
  SIGNATURE.copy(header);
  const trailer = Buffer.from([0xff, 0xff]);
  return {
    bytes: Buffer.concat([header, ...rows, trailer]),
    count: events.length,
    last: events.at(-1)?.position,
  };
}

function lengthOf(text: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeInt32BE(text.length);
  return length;
}
