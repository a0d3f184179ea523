/**
 * Parquet encoding in worker threads for the export (projections/analytics/README.md "Parquet export"):
 * the main thread reads and buffers while parts are encoded. Threads start at the first part.
 */
import { Worker } from 'node:worker_threads';
import type { parquetWriteBuffer } from 'hyparquet-writer';

type WriteOptions = Parameters<typeof parquetWriteBuffer>[0];
type ColumnSource = WriteOptions['columnData'][number];

/** parquetWriteBuffer's options, a column's values given as `PackedText` where its `data` would be. */
export interface EncodeTask extends Omit<WriteOptions, 'columnData'> {
  readonly columnData: readonly (ColumnSource | PackedColumn)[];
}
interface PackedColumn extends Omit<ColumnSource, 'data'> {
  readonly packed: {
    readonly bytes: Uint8Array<ArrayBuffer>;
    readonly ends: Uint32Array<ArrayBuffer>;
    readonly count: number;
  };
}

/**
 * A column of strings (none null) as UTF-8 in one buffer: sent to a thread without a copy, it is given
 * to the writer as views, so the thread neither copies nor encodes each value again.
 */
export class PackedText {
  // Its own memory (never the pool's), so that it can move to the thread.
  #bytes = Buffer.allocUnsafeSlow(1 << 16);
  #ends = new Uint32Array(1 << 10);
  #count = 0;
  #size = 0;

  push(text: string) {
    if (this.#bytes.length - this.#size < text.length * 3) {
      const bytes = Buffer.allocUnsafeSlow(Math.max(this.#bytes.length * 2, this.#size + text.length * 3));
      this.#bytes.copy(bytes, 0, 0, this.#size);
      this.#bytes = bytes;
    }
    if (this.#count === this.#ends.length) {
      const ends = new Uint32Array(this.#ends.length * 2);
      ends.set(this.#ends);
      this.#ends = ends;
    }
    this.#size += this.#bytes.write(text, this.#size, 'utf8');
    this.#ends[this.#count++] = this.#size;
  }

  /** The column for an `EncodeTask` (its buffers move to the thread: push nothing after). */
  column(options: Omit<ColumnSource, 'data'>): PackedColumn {
    return { ...options, packed: { bytes: this.#bytes, ends: this.#ends, count: this.#count } };
  }
}

const WORKER = new URL('./encodePart.worker.js', import.meta.url);

export class ParquetEncoders {
  readonly #idle: Worker[] = [];
  readonly #all: Worker[] = [];
  readonly #waiting: ((worker: Worker) => void)[] = [];

  constructor(readonly size: number) {}

  /** The file's bytes, encoded by a free thread (one is started while fewer than `size` run). */
  async encode(task: EncodeTask): Promise<Uint8Array> {
    const worker = await this.#take();
    let failed = false;
    try {
      return await new Promise<Uint8Array>((resolve, reject) => {
        const done = (error: Error | undefined, bytes?: ArrayBuffer) => {
          worker.off('message', onMessage).off('error', onError).off('exit', onExit);
          failed = error !== undefined;
          if (error) reject(error);
          else resolve(new Uint8Array(bytes!));
        };
        const onMessage = (bytes: ArrayBuffer) => done(undefined, bytes);
        const onError = (error: Error) => done(error);
        const onExit = (code: number) => done(new Error(`a Parquet encoder thread exited (${code})`));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        const moved = task.columnData.flatMap((c) =>
          'packed' in c ? [c.packed.bytes.buffer, c.packed.ends.buffer] : [],
        );
        worker.postMessage(task, moved);
      });
    } finally {
      // A thread that failed is not given work again (an error in a worker ends it); another may start.
      if (failed) {
        this.#all.splice(this.#all.indexOf(worker), 1);
        void worker.terminate();
      } else this.#give(worker);
    }
  }

  /** Stops every thread. */
  async close(): Promise<void> {
    await Promise.all(this.#all.map((worker) => worker.terminate()));
    this.#all.length = 0;
    this.#idle.length = 0;
  }

  async #take(): Promise<Worker> {
    const idle = this.#idle.pop();
    if (idle) return idle;
    if (this.#all.length < this.size) {
      // No loader of the parent's (tsx): the worker is plain JavaScript.
      const worker = new Worker(WORKER, { execArgv: [] });
      this.#all.push(worker);
      return worker;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #give(worker: Worker) {
    const next = this.#waiting.shift();
    if (next) next(worker);
    else this.#idle.push(worker);
  }
}
