/**
 * Global set-up of the `e2e` tier: a directory for this run's template data directories (e2e/site.ts
 * makes each on first use), removed at the end; with a real PostgreSQL (DATABASE_URL), this run's tag
 * for its sites' databases, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropSiteDatabases } from './site.ts';

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-site-templates-'));
  project.provide('siteTemplates', dir);
  const server = process.env.DATABASE_URL;
  const run = `e2e_${randomBytes(4).toString('hex')}`;
  if (server) project.provide('siteDatabases', run);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (server) await dropSiteDatabases(server, run);
  };
}
