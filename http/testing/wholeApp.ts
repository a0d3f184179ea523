/**
 * For `int` tests of the whole app as `npm start` builds it (http/server.ts: the config, the services,
 * `appOptions`) on a fresh database of the local PostgreSQL (`DATABASE_URL`), dropped on close.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { createKnex } from '../../engine/database/openDatabase.ts';
import { migrateToLatest } from '../../migrations/migrateToLatest.ts';
import { app } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createServices, type Services } from '../createServices.ts';
import { appOptions } from '../server.ts';

export interface WholeApp {
  readonly fastify: FastifyInstance;
  readonly services: Services;
  close(): Promise<void>;
}

/**
 * The app on a new database named `<name>_<random>`, with `env` over the test defaults (no demo cars,
 * fixed secrets, silent logs); `beforeApp` adds hooks to the root instance before the app registers.
 */
export async function openWholeApp(
  name: string,
  options: {
    readonly env?: Record<string, string>;
    readonly beforeApp?: (fastify: FastifyInstance) => void;
  } = {},
): Promise<WholeApp> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('openWholeApp needs DATABASE_URL (a real PostgreSQL)');
  const admin = createKnex(url, 2, name);
  const database = `${name}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin.raw(`CREATE DATABASE "${database}"`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${database}`;
  let services: Services | undefined;
  let fastify: FastifyInstance | undefined;
  const close = async () => {
    await fastify?.close();
    await services?.close();
    await admin.raw(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.destroy();
  };
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: `${name}-session-secret-0123456789abcdef`,
      VAULT_MASTER_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
      VAULT_LOOKUP_KEY: Buffer.alloc(32, 2).toString('base64'),
      DEMO_CARS: '0',
      ...options.env,
    });
    const hooks = { migrate: (knex: Parameters<typeof migrateToLatest>[0]) => migrateToLatest(knex) };
    services = await createServices(config, { info: () => {}, error: () => {} }, hooks);
    fastify = Fastify({ logger: false });
    options.beforeApp?.(fastify);
    await fastify.register(app, appOptions(config, services, hooks));
    await fastify.ready();
    return { fastify, services, close };
  } catch (error) {
    await close();
    throw error;
  }
}
