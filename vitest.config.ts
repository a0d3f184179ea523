import { defineConfig } from 'vitest/config';
import SlowestFiles from './vitest.slowestFiles.ts';
import { workspace } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects: workspace,
    pool: 'forks',
    // The usual report, then the slowest files and each tier's total.
    reporters: ['default', new SlowestFiles()],
  },
});
