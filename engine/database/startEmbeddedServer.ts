/**
 * Serves a PGlite database on a loopback socket for several pg connections at once.
 *
 * PGlite is one Postgres session; `@electric-sql/pglite-socket` multiplexes connections onto it with a
 * queue of protocol messages that keeps a transaction's messages together. Its queue (0.2.x) does not
 * keep an extended-protocol exchange (Parse, Bind, Describe, Execute … Sync) together, so two
 * connections running parameterised queries at once clobber each other's unnamed statement ("unnamed
 * prepared statement does not exist"). We use the package's connection handler with a queue that also
 * pins the session to a connection from its first extended-protocol message until its Sync.
 */
import { createServer, type Server } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/** Extended-protocol messages that leave an exchange open until the client's Sync ('S'). */
const OPENS_EXCHANGE = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const CLOSES_EXCHANGE = new Set(['S', 'Q', 'X'].map((c) => c.charCodeAt(0)));

export class ExchangeAwareQueryQueue {
  private queue: Queued[] = [];
  private processing = false;
  private pinned: number | null = null;
  private openExchange = new Set<number>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private next(): Queued | undefined {
    const pinned = this.pinned !== null && (this.db.isInTransaction() || this.openExchange.has(this.pinned));
    if (!pinned) return this.queue.shift();
    const index = this.queue.findIndex((q) => q.handlerId === this.pinned);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const type = item.message[0]!;
        if (OPENS_EXCHANGE.has(type)) this.openExchange.add(item.handlerId);
        if (CLOSES_EXCHANGE.has(type)) this.openExchange.delete(item.handlerId);
        let bytes = 0;
        try {
          const current = item;
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          this.pinned = item.handlerId;
          item.resolve(bytes);
        } catch (error) {
          item.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.openExchange.delete(handlerId);
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true;
      q.reject(new Error('connection closed'));
      return false;
    });
  }

  /** A connection that goes away inside a transaction must not leave the session stuck in it. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.pinned === handlerId) {
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
      this.pinned = null;
      void this.process();
    }
  }
}

export interface EmbeddedServer {
  readonly host: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedServer(db: PGlite, maxConnections: number): Promise<EmbeddedServer> {
  await db.waitReady;
  const queue = new ExchangeAwareQueryQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket) => {
    if (handlers.size >= maxConnections) {
      socket.end();
      return;
    }
    // The package types its queue option as its own (unexported) class; ours has the same shape.
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  });
  server.maxConnections = maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('embedded server has no address');
  return {
    host: '127.0.0.1',
    port: address.port,
    async stop() {
      for (const handler of handlers) await handler.detach(true);
      handlers.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
