/**
 * Global set-up of the `e2e` tier: a directory for this run's template data directories (e2e/site.ts
 * makes each on first use), removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-site-templates-'));
  project.provide('siteTemplates', dir);
  return () => rm(dir, { recursive: true, force: true });
}
