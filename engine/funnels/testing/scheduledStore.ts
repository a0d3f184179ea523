/**
 * An event store whose reads and appends a fast-check scheduler (`fc.scheduler`) may hold back, for race
 * tests on a real database: each call waits to be let through to the store, and its answer waits again
 * to be handed back, so the scheduler picks which racer reads, appends and hears back first (a read can
 * come back after another racer's append: the stale read an expected-revision append must catch).
 * Without a scheduler (`use(undefined)`) calls go straight through: set-ups and checks run as usual.
 */
import type fc from 'fast-check';
import type { EventStore } from '../../eventStore.ts';
import { WrongExpectedVersionError } from '../../eventStoreErrors.ts';

export interface ScheduledStore extends EventStore {
  /** The scheduler of the race now running, or undefined between races. */
  use(scheduler: fc.Scheduler | undefined): void;
  /** Appends refused during races because another racer wrote first (evidence the races interleaved). */
  readonly conflicts: number;
  /** Calls let through and not answered by the store yet. */
  readonly inFlight: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs racers with `scheduler` in front of the store and answers how each ended. Rather than letting
 * each call through as soon as it is the only one waiting (`waitFor`), it waits until every racer still
 * running is parked at the scheduler (each waits for at most one store call at a time; other I/O, such as
 * the timers' table, gets up to half a second), so the scheduler chooses among every racer's next step:
 * real interleavings, not the order the database happens to answer in.
 */
export async function race<T>(
  store: ScheduledStore,
  scheduler: fc.Scheduler,
  racers: () => Promise<T>[],
): Promise<PromiseSettledResult<T>[]> {
  store.use(scheduler);
  try {
    const started = racers();
    let running = started.length;
    for (const racer of started) racer.catch(() => {}).finally(() => running--);
    const all = Promise.allSettled(started);
    while (running > 0) {
      for (let waited = 0; (scheduler.count() < running || store.inFlight > 0) && waited < 500; waited++)
        await pause(1);
      if (scheduler.count() > 0) await scheduler.waitOne();
    }
    return await all;
  } finally {
    store.use(undefined);
  }
}

export function scheduledStore(store: EventStore): ScheduledStore {
  let scheduler: fc.Scheduler | undefined;
  let conflicts = 0;
  let inFlight = 0;
  async function through<T>(label: string, call: () => Promise<T>): Promise<T> {
    const s = scheduler;
    if (!s) return call();
    await s.schedule(Promise.resolve(), `${label} →`);
    inFlight++;
    const answer = call().finally(() => inFlight--);
    answer.catch(() => {}); // handled by whoever awaits the scheduled copy
    return s.schedule(answer, `${label} ←`);
  }
  return {
    ...store,
    use(next) {
      scheduler = next;
    },
    get conflicts() {
      return conflicts;
    },
    get inFlight() {
      return inFlight;
    },
    appendToStream: (stream, events, options) =>
      through(`append ${stream} ${events.map((e) => e.type).join(',')}`, () =>
        store.appendToStream(stream, events, options).catch((error: unknown) => {
          if (error instanceof WrongExpectedVersionError && scheduler) conflicts++;
          throw error;
        }),
      ),
    readStream: (stream, options) => through(`read ${stream}`, () => store.readStream(stream, options)),
  };
}
