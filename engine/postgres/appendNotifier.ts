/**
 * Wakes other app instances after appends have committed: one coalesced NOTIFY, sent outside the
 * appends' transactions, at most once per window. Why, and what a lost NOTIFY costs: engine/README.md,
 * "Waking other instances".
 */
import type { Knex } from 'knex';

/** The channel the Postgres adapter notifies and listens on for appends to the tables of `schema`. */
export function appendsChannel(schema: string): string {
  return `events_${schema}`;
}

/** Sends one NOTIFY on the appends channel of `schema`, in a transaction of its own (autocommit). */
export async function notifyAppends(knex: Knex, schema: string): Promise<void> {
  await knex.raw('SELECT pg_notify(?, ?)', [appendsChannel(schema), '']);
}

export interface AppendNotifier {
  /** An append has committed: sends a NOTIFY now, or once the current window ends. Never throws. */
  appended(): void;
  /** Sends the NOTIFY still due (if any) and waits for the one in flight; later appends send nothing. */
  close(): Promise<void>;
}

/**
 * A leading and trailing throttle around `send`: the first append after a quiet window sends at once;
 * appends during the window (or while a send is still in flight) share one send when it ends. At most
 * one send is in flight, and every append is followed by a send that started after it was reported.
 */
export function createAppendNotifier(options: {
  readonly send: () => Promise<void>;
  readonly windowMs: number;
  readonly onError: (error: Error) => void;
}): AppendNotifier {
  let pending = false;
  let closed = false;
  let running: Promise<void> | undefined;
  let endWindow: (() => void) | undefined;

  const sendSafely = () =>
    options.send().catch((error: unknown) => {
      try {
        options.onError(error instanceof Error ? error : new Error(String(error)));
      } catch {
        // The error handler's own failure must not become an unhandled rejection of the cycle.
      }
    });
  const windowOver = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.windowMs);
      // A pending window does not keep the process alive; close() ends it early.
      timer.unref();
      endWindow = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const cycle = async () => {
    while (pending) {
      pending = false;
      await Promise.all([sendSafely(), closed ? undefined : windowOver()]);
      endWindow = undefined;
    }
    running = undefined;
  };

  return {
    appended() {
      if (closed) return;
      pending = true;
      running ??= cycle();
    },
    async close() {
      closed = true;
      endWindow?.();
      await running;
    },
  };
}
