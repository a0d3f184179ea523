/**
 * Global set-up of the `int` and `e2e` tiers: the browser bundle made sure of once, before any test file
 * starts an app (built only when its stamp does not match the sources: http/ssr/README.md). The apps
 * the tests build read it as it is; a site started as `npm start` finds it up to date.
 */
import { ensureClientBundle } from '../ssr/clientBundle.ts';

export default async function setup() {
  await ensureClientBundle({ build: 'if-stale', log: (message) => console.log(`[tests] ${message}`) });
}
