/**
 * Global set-up of the `int` tier: one embedded PGlite for the whole run (a new PGlite takes ~3 s), served
 * on a loopback socket. Test files reach it through `inject('pgliteUrl')` and each works in a schema of
 * its own, so files never see each other's rows.
 */
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../database/openDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const embedded = await startEmbeddedPostgres('memory://', 64);
  project.provide('pgliteUrl', embedded.url);
  if (!process.env.DATABASE_URL) {
    console.log('[int] DATABASE_URL is unset: tests on real PostgreSQL are skipped; the rest run on PGlite');
  }
  return async () => {
    await embedded.stop();
  };
}
