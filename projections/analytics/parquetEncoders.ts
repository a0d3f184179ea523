/**
 * Parquet encoding in worker threads for the export (projections/analytics/README.md "Parquet export"):
 * the main thread reads and buffers while parts are encoded (eventParts.ts). Threads start at the first part.
 */
import { Worker } from 'node:worker_threads';
import { type PackedPart, transferList } from './eventParts.ts';

const WORKER = new URL('./encodePart.worker.js', import.meta.url);

export class ParquetEncoders {
  readonly #idle: Worker[] = [];
  readonly #all: Worker[] = [];
  readonly #waiting: ((worker: Worker) => void)[] = [];

  constructor(readonly size: number) {}

  /** The file's bytes, encoded by a free thread (one is started while fewer than `size` run). */
  async encode(part: PackedPart): Promise<Uint8Array> {
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
        worker.postMessage(part, transferList(part));
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
      // Not the parent's flags (a test runner's or tsx's loader): the worker registers tsx itself.
      // A young generation large enough for a part's short-lived values (views, parsed metadata):
      // fewer of them survive a scavenge only to be collected later.
      const worker = new Worker(WORKER, { execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 64 } });
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
