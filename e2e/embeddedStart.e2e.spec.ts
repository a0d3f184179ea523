/**
 * The README's first command on a fresh machine: `npm start` with no DATABASE_URL creates the embedded
 * database under DATA_DIR, migrates it, prints the URL, serves /healthz and /readyz, and shuts down
 * cleanly on SIGTERM; a second start reuses the same database without migrating again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, stopSite } from './site.ts';

// The first start seeds 2,000 demo cars (about a minute on a loaded machine): the helper's default limit.
// A fresh directory, not the copy of a template the other suites start from.
const start = (dataDir: string) => startSite(dataDir, { env: { LOG_LEVEL: 'info' }, fresh: true });

describe('npm start on the embedded database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'car-retail-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('given a fresh directory, then it creates and migrates the database, serves health checks and stops cleanly', async () => {
    const dataDir = join(dir, 'var');
    const first = await start(dataDir);
    expect(first.output()).toContain('migrations applied: 001_event_store, 002_projections, 003_timers');
    expect(first.output()).toContain(`embedded PGlite in ${dataDir}/pglite`);
    expect(first.output()).toMatch(/demo catalogue: \d+ dealers and 2000 cars/);
    // The bundle the tier's set-up made sure of is up to date: the start reuses it.
    expect(first.output()).not.toContain('building the browser bundle');
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    // Ready once the projections have caught up with the demo catalogue seeded at start.
    await expect.poll(async () => (await fetch(`${first.url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    const search = await fetch(`${first.url}/api/catalogue/search?country=FR`);
    expect((await search.json()).total).toBeGreaterThan(100);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    expect(await stopSite(first), first.output()).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await start(dataDir);
    expect(second.output()).not.toContain('migrations applied');
    expect(second.output()).not.toContain('demo catalogue');
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await stopSite(second), second.output()).toBe(0);
  });
});
