/**
 * The real app, as `npm start` boots it (`http/server.ts` `startServer`: config, services, the app
 * plugin), on the bench database and a free port, in production mode. Request logs are off by default
 * (`--log-level`): the bench prints its figures on stdout, where the app logs.
 */
import { loadConfig } from '../../http/config.ts';
import { type RunningServer, startServer } from '../../http/server.ts';
import { migrateToLatest } from '../../migrations/migrateToLatest.ts';
import type { Projection } from '../../projections/defineProjection.ts';

export interface BenchServerOptions {
  /** The bench database's connection string. */
  readonly url: string;
  /** The app's `DATABASE_POOL_SIZE` (its default is 10). */
  readonly poolSize: number;
  readonly logLevel: string;
  /** PAGE_CACHE_SECONDS (default: the app's own default); 0 renders every page. */
  readonly pageCacheSeconds?: number;
  /** Projections run beside the app's own. */
  readonly moreProjections?: readonly Projection[];
}

/**
 * The environment the app under bench reads (as `npm start` would): production mode on 127.0.0.1, a free
 * port, bench-only secrets (production requires them), no demo cars (the bench seeds its own).
 */
export function benchAppEnv(options: BenchServerOptions): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.url,
    DATABASE_POOL_SIZE: String(options.poolSize),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: options.logLevel,
    SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
    // Bench-only vault keys (32 bytes each, base64).
    VAULT_MASTER_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
    VAULT_LOOKUP_KEY: Buffer.alloc(32, 2).toString('base64'),
    DEMO_CARS: '0',
    ...(options.pageCacheSeconds === undefined
      ? {}
      : { PAGE_CACHE_SECONDS: String(options.pageCacheSeconds) }),
  };
}

export function startBenchServer(options: BenchServerOptions): Promise<RunningServer> {
  return startServer(loadConfig(benchAppEnv(options)), {
    migrate: (knex) => migrateToLatest(knex),
    ...(options.moreProjections ? { moreProjections: options.moreProjections } : {}),
  });
}
