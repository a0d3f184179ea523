/**
 * A background loop: runs `round` now, then again after `intervalMs` (at once when the round says more
 * work is waiting), until stopped. `stop()` wakes a sleeping loop and waits for a round in flight, so a
 * graceful shutdown never cuts a dispatch in half.
 */

export interface PollLoop {
  /** Starts the loop; a no-op while it runs. */
  start(): void;
  /** Asks the loop to stop and resolves once its current round (if any) has finished. */
  stop(): Promise<void>;
}

/** Creates a loop around `round`, which returns true when more work is ready right away. */
export function createPollLoop(options: {
  readonly intervalMs: number;
  readonly round: () => Promise<boolean>;
  readonly onError: (error: unknown) => void;
}): PollLoop {
  let running: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    while (!stopping) {
      let more = false;
      try {
        more = await options.round();
      } catch (error) {
        // A failed round (database down, …) must not end the loop: the next one retries.
        options.onError(error);
      }
      if (!stopping && !more) await sleep(options.intervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      stopping = false;
      running = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await running;
      running = undefined;
    },
  };
}
