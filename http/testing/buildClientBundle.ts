/**
 * Global set-up of the `int` and `e2e` tiers: build the browser bundle once, before any test file starts
 * an app. Otherwise the first apps of a run would all wait for one stale-bundle build inside their SSR
 * plugin's start, which can outlast Fastify's plugin time-out on a busy machine.
 */
import { fileURLToPath } from 'node:url';
import { ensureClientBundle } from '../ssr/clientBundle.ts';

export default async function setup() {
  const started = performance.now();
  await ensureClientBundle({ root: fileURLToPath(new URL('../../', import.meta.url)), build: 'if-stale' });
  const ms = Math.round(performance.now() - started);
  if (ms > 1000) console.log(`[tests] browser bundle built in ${ms} ms`);
}
