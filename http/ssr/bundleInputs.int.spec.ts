/**
 * When a start builds the browser bundle again: when the stamp a build left does not match the sources'
 * contents (README.md here), whatever their modification times say.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashBundleInputs, STAMP_FILE } from './bundleInputs.ts';
import { bundleStaleness } from './clientBundle.ts';

describe('the browser bundle’s staleness', () => {
  let root: string;
  let outDir: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bundle-inputs-'));
    outDir = join(root, 'dist', 'client');
    await mkdir(join(root, 'ui', 'pages'), { recursive: true });
    await mkdir(join(root, 'domain'), { recursive: true });
    await mkdir(join(outDir, '.vite'), { recursive: true });
    await writeFile(join(root, 'ui', 'pages', 'page.tsx'), 'export const page = 1;\n');
    await writeFile(join(root, 'domain', 'rule.ts'), 'export const rule = 1;\n');
    await writeFile(join(root, 'vite.config.ts'), 'export default {};\n');
    await writeFile(join(outDir, '.vite', 'manifest.json'), '{}');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));
  const stamp = () => writeFile(join(outDir, STAMP_FILE), `${hashBundleInputs(root)}\n`);

  it('given no bundle, or one without a stamp, then it is stale', async () => {
    expect(await bundleStaleness(root, outDir)).toBe('built without a stamp of its sources');
    await rm(join(outDir, '.vite'), { recursive: true });
    await stamp();
    expect(await bundleStaleness(root, outDir)).toBe('none built yet');
  });

  it('given the sources it was built from, touched or not, then it is up to date', async () => {
    await stamp();
    expect(await bundleStaleness(root, outDir)).toBeUndefined();
    const later = new Date(Date.now() + 60_000);
    await utimes(join(root, 'ui', 'pages', 'page.tsx'), later, later);
    // A test file, a dot file and node_modules are no input.
    await writeFile(join(root, 'ui', 'pages', 'page.unit.spec.ts'), 'it;\n');
    await writeFile(join(root, 'domain', '.notes'), 'x\n');
    await mkdir(join(root, 'ui', 'node_modules'));
    await writeFile(join(root, 'ui', 'node_modules', 'x.js'), 'x\n');
    expect(await bundleStaleness(root, outDir)).toBeUndefined();
  });

  it('given a source changed, added, moved or removed, then it is stale', async () => {
    const changes = [
      () => writeFile(join(root, 'ui', 'pages', 'page.tsx'), 'export const page = 2;\n'),
      () => writeFile(join(root, 'domain', 'more.ts'), 'export const more = 1;\n'),
      () => rm(join(root, 'domain', 'more.ts')),
      () => writeFile(join(root, 'vite.config.ts'), 'export default { base: "/x/" };\n'),
    ];
    for (const change of changes) {
      await stamp();
      await change();
      expect(await bundleStaleness(root, outDir)).toBe('its sources changed');
    }
    await stamp();
    await rm(join(root, 'ui', 'pages', 'page.tsx'));
    await writeFile(join(root, 'ui', 'page.tsx'), 'export const page = 1;\n');
    expect(await bundleStaleness(root, outDir)).toBe('its sources changed');
  });
});
