/**
 * Wakes waiting subscribers when events may have been appended: at once for appends made by this
 * process, by LISTEN/NOTIFY for appends of other processes on real PostgreSQL, and by a poll interval
 * as the fallback (PGlite's socket multiplexer does not carry notifications across connections).
 */
import pg from 'pg';

export class Wakeup {
  private waiters = new Set<() => void>();
  private listener: pg.Client | undefined;

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

  /** Listens on a dedicated connection (not one of the pool's) for other processes' appends. */
  async listen(url: string, channel: string, onError: (error: Error) => void): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: 'event-store-listener' });
    client.on('notification', () => this.notify());
    client.on('error', onError);
    await client.connect();
    await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    this.listener = client;
  }

  async close(): Promise<void> {
    this.notify();
    await this.listener?.end().catch(() => {});
    this.listener = undefined;
  }
}
