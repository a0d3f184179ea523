/**
 * `npm run build` (after the client's `vite build`): the server as one ES module bundle with its chunks in
 * `dist/server/` (`npm run serve` runs it): our TypeScript compiled once, the packages left in
 * node_modules, modules loaded on first use (`import()`) split into chunks of their own so their
 * packages load with them. `dist/server` sits two folders below the project as `http/ssr` does, so
 * paths the server finds from its own file (the client bundle) stay the same. Why: README.md "Production".
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/server`;

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['bin/start.ts'],
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // ASCII output: V8 keeps an ASCII source at one byte per character (one other character: two).
  charset: 'ascii',
  minify: true,
  keepNames: true,
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.mjs'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`server bundle: ${(bytes / 1024).toFixed(0)} KB in dist/server (npm run serve)`);
