/**
 * A vitest reporter that ends the run with the slowest test files (import, set-up, tests and hooks) and
 * each tier's total, so a file that slows the suite is seen at the landing that adds it.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const files = modules.map((module) => {
      const d = module.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        total: setup + d.collectDuration + d.duration,
        imports: d.collectDuration,
        tests: d.duration,
      };
    });
    if (files.length < 2) return;
    const tiers = new Map<string, { files: number; ms: number }>();
    for (const file of files) {
      const tier = tiers.get(file.project) ?? { files: 0, ms: 0 };
      tiers.set(file.project, { files: tier.files + 1, ms: tier.ms + file.total });
    }
    const lines = [
      '',
      ` Slowest test files (of ${files.length}; import and collect, then tests and hooks):`,
      ...files
        .sort((a, b) => b.total - a.total)
        .slice(0, SHOWN)
        .map(
          (f) =>
            `${seconds(f.total)}  ${f.project.padEnd(4)} ${f.file}  (import ${seconds(f.imports).trim()}, tests ${seconds(f.tests).trim()})`,
        ),
      ' Per tier, its files’ times added up (e2e files run one at a time, the others side by side):',
      ...[...tiers].map(([name, tier]) => `${seconds(tier.ms)}  ${name.padEnd(4)} ${tier.files} files`),
      '',
    ];
    console.log(lines.join('\n'));
  }
}
