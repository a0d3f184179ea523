/**
 * Test tiers, selected by file suffix (ARCHITECTURE.md): `*.unit.spec.ts` pure, `*.int.spec.ts` a real
 * database, `*.e2e.spec.ts` a running server and a real browser. Vitest 4 no longer reads this file by
 * itself: `vitest.config.ts` imports the list from here.
 */
import type { TestProjectInlineConfiguration } from 'vitest/config';

const roots = ['domain', 'engine', 'projections', 'http', 'ui', 'migrations', 'bin', 'bench', 'e2e'];
const tier = (
  name: string,
  extra: Partial<TestProjectInlineConfiguration['test']> = {},
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: roots.map((root) => `${root}/**/*.${name}.spec.ts`),
    ...extra,
  },
});

export const workspace: TestProjectInlineConfiguration[] = [
  // Property tests run hundreds of cases: a loaded CI machine must not turn them into timeouts.
  tier('unit', { testTimeout: 30_000 }),
  // A real database: one embedded PGlite per worker when DATABASE_URL is unset (see engine/testing).
  tier('int', {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['engine/testing/globalSetup.ts', 'http/testing/buildClientBundle.ts'],
  }),
  // A site's first start migrates and seeds (once per number of demo cars: e2e/site.ts): minutes when busy.
  tier('e2e', {
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    globalSetup: ['http/testing/buildClientBundle.ts', 'e2e/globalSetup.ts'],
    // A page's answer to a click on a busy machine takes seconds, not the 1 s vitest waits by default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  }),
];

export default workspace;
