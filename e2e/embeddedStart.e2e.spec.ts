/**
 * The README's first command on a fresh machine: `npm start` with no DATABASE_URL creates the embedded
 * database under DATA_DIR, migrates it, prints the URL, serves /healthz and /readyz, and shuts down
 * cleanly on SIGTERM; a second start reuses the same database without migrating again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function start(dataDir: string): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 60_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

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
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    // Ready once the projections have caught up with the demo catalogue seeded at start.
    await expect.poll(async () => (await fetch(`${first.url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    const search = await fetch(`${first.url}/api/catalogue/search?country=FR`);
    expect((await search.json()).total).toBeGreaterThan(100);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    expect(await stop(first.child), first.output()).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await start(dataDir);
    expect(second.output()).not.toContain('migrations applied');
    expect(second.output()).not.toContain('demo catalogue');
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await stop(second.child), second.output()).toBe(0);
  });
});
