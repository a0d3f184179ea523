/**
 * The one way the app opens its database: a real PostgreSQL when a URL is given, otherwise an embedded
 * PGlite (real Postgres compiled to WASM) kept in a directory and served on a loopback socket through
 * `@electric-sql/pglite-socket`, so knex and pg talk to both the same way.
 *
 * PGlite is a single session behind a multiplexer (see startEmbeddedServer.ts): every pool connection shares it, transactions are
 * serialised, and LISTEN/NOTIFY does not cross connections. Code that runs on both therefore never
 * awaits a query on another connection while it holds a transaction open.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// int8 and numeric as JS strings by default; our code converts where it needs bigint.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface DatabaseOptions {
  /** A PostgreSQL connection string; absent → embedded PGlite in `dataDir`. */
  readonly url?: string | undefined;
  /** PGlite's data directory (created on first start); `memory://` for a throw-away database. */
  readonly dataDir?: string;
  /** Pool size for knex (the PGlite socket accepts at least this many connections). */
  readonly poolSize?: number;
  readonly applicationName?: string;
}

export interface Database {
  readonly knex: Knex;
  /** The connection string clients use (for PGlite, its loopback socket). */
  readonly url: string;
  readonly embedded: boolean;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  if (options.url) {
    const knex = createKnex(options.url, poolSize, options.applicationName);
    return { knex, url: options.url, embedded: false, close: () => knex.destroy() };
  }
  const embedded = await startEmbeddedPostgres(options.dataDir ?? './var/pglite', poolSize + 4);
  const knex = createKnex(embedded.url, poolSize, options.applicationName);
  return {
    knex,
    url: embedded.url,
    embedded: true,
    async close() {
      await knex.destroy();
      await embedded.stop();
    },
  };
}

export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts PGlite on a free loopback port. `maxConnections` must cover every pool that will connect. */
export async function startEmbeddedPostgres(
  dataDir: string,
  maxConnections: number,
): Promise<EmbeddedPostgres> {
  const inMemory = dataDir.startsWith('memory://');
  const lock = `${dataDir.replace(/\/$/, '')}.lock`;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    await takeLock(lock);
  }
  // PGlite and its socket server are loaded only for the embedded database, not with DATABASE_URL set.
  const [{ PGlite }, { startEmbeddedServer }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./startEmbeddedServer.ts'),
  ]);
  const db = await PGlite.create(dataDir).catch(async (error: unknown) => {
    if (!inMemory) await rm(lock, { force: true });
    throw error;
  });
  const server = await startEmbeddedServer(db, maxConnections);
  const url = `postgres://postgres@${server.host}:${server.port}/postgres?sslmode=disable`;
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
      if (!inMemory) await rm(lock, { force: true });
    },
  };
}

/**
 * One process at a time may open a PGlite directory (two would corrupt it): a lock file holds the
 * owner's pid; a stale one (its process gone) is taken over.
 */
async function takeLock(path: string): Promise<void> {
  const owner = Number(await readFile(path, 'utf8').catch(() => ''));
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `the embedded database ${path.replace(/\.lock$/, '')} is in use by process ${owner} (npm start?): stop it, or set DATABASE_URL`,
    );
  }
  await writeFile(path, String(process.pid));
}

/** Whether process `pid` is running (on this machine). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function createKnex(url: string, poolSize: number, applicationName = 'car-retail'): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: applicationName },
    pool: { min: 0, max: poolSize },
    acquireConnectionTimeout: 30_000,
  });
}
