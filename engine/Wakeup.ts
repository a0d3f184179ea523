/**
 * Wakes waiting subscribers when events may have been appended: at once for appends made by this
 * process, by an outside signal (the Postgres adapter's LISTEN connection), or after the poll interval
 * as the fallback (PGlite's socket multiplexer does not carry notifications across connections).
 */
export class Wakeup {
  private waiters = new Set<() => void>();

  /** Wakes every waiter now. */
  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify, after `timeoutMs`, or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }
}
