/**
 * The browser bundle the pages load: built by Vite (`vite.config.ts`) into `dist/client`, described by
 * Vite's manifest. The server reads the manifest once, at start, for the entry's script, its stylesheets
 * and the chunks to preload, and for those of each module the entry loads on demand (a page, a locale's
 * dictionary: renderPage.ts preloads the ones a page renders with). In development and tests the bundle
 * is (re)built at start, before the app's plugins load, when it is missing or its stamp does not match
 * the sources (bundleInputs.ts); in production it is built beforehand (`npm run build`). README.md here.
 *
 * Several processes may start at once (test workers): a build happens under a lock directory, into a
 * temporary directory swapped in when complete, and the others wait for it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAlive } from '../../engine/database/openDatabase.ts';
import { hashBundleInputs, STAMP_FILE } from './bundleInputs.ts';

/**
 * The project root (vite.config.ts, node_modules, dist/): two folders above this file, as above the
 * server bundle `npm run build` writes into dist/server (bin/buildServer.ts).
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the bundle is: `dist/client` of the project. */
export const CLIENT_DIR = join(PROJECT_ROOT, 'dist', 'client');

/** When to build the bundle at start: `if-stale` (development, tests) or `never` (production). */
export type ClientBuildPolicy = 'if-stale' | 'never';

export interface ClientBundleOptions {
  /** The project root; PROJECT_ROOT by default. */
  readonly root?: string;
  /** Where the bundle goes; `<root>/dist/client` by default. */
  readonly outDir?: string;
  readonly build: ClientBuildPolicy;
  /** Told when a build starts (and why) and ends, with its duration. */
  readonly log?: (message: string) => void;
}

/** What a page needs of the bundle, as public paths (`/assets/entryClient-x1y2.js`). */
export interface ClientAssets {
  readonly script: string;
  readonly css: readonly string[];
  readonly preloads: readonly string[];
  /**
   * The modules the entry loads on demand (`import()`: a page, a locale's dictionary), by source path
   * (`ui/pages/carDetailPage.tsx`): their chunk and the chunks it imports, without the entry's own.
   */
  readonly modules: Readonly<Record<string, ModuleAssets>>;
  /** The directory whose `assets/` folder is served at `/assets/`. */
  readonly outDir: string;
  /** The back office's entry (`ui/admin/entryAdmin.tsx`): its script, stylesheets and chunks to preload. */
  readonly admin: EntryAssets;
}

/** An entry's script, its stylesheets and the chunks it imports statically. */
export interface EntryAssets {
  readonly script: string;
  readonly css: readonly string[];
  readonly preloads: readonly string[];
}

/** The files a module loaded on demand adds to a page that renders with it. */
export interface ModuleAssets {
  readonly css: readonly string[];
  readonly preloads: readonly string[];
}

const ENTRY = 'ui/entryClient.tsx';
const ADMIN_ENTRY = 'ui/admin/entryAdmin.tsx';
const LOCK_STALE_MS = 5 * 60_000;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Reads the entry's assets (and those of the modules it loads on demand) from Vite's manifest in `outDir`. */
export async function readClientAssets(outDir: string = CLIENT_DIR): Promise<ClientAssets> {
  const path = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`the browser bundle is missing (${path}): run \`npm run build\` first`);
  }
  const manifest = JSON.parse(await readFile(path, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`the client manifest in ${outDir} has no entry ${ENTRY}`);
  const publicPath = (file: string) => `/${file}`;
  // A chunk's file and CSS and those of every chunk it imports statically, except what `loaded` has.
  const collect = (key: string, loaded: ReadonlySet<string>) => {
    const css = new Set<string>();
    const files = new Set<string>();
    const visit = (at: string) => {
      const chunk = manifest[at];
      if (!chunk || files.has(chunk.file) || loaded.has(chunk.file)) return;
      files.add(chunk.file);
      for (const file of chunk.css ?? []) if (!loaded.has(file)) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return { css, files };
  };
  const fromEntry = collect(ENTRY, new Set());
  const preloads = [...fromEntry.files].filter((file) => file !== entry.file);
  const loaded = new Set([...fromEntry.files, ...fromEntry.css]);
  const modules: Record<string, ModuleAssets> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const { css, files } = collect(key, loaded);
    modules[key] = { css: [...css].map(publicPath), preloads: [...files].map(publicPath) };
  }
  const admin = manifest[ADMIN_ENTRY];
  if (!admin) throw new Error(`the client manifest in ${outDir} has no entry ${ADMIN_ENTRY}`);
  const fromAdmin = collect(ADMIN_ENTRY, new Set());
  return {
    script: publicPath(entry.file),
    css: [...fromEntry.css].map(publicPath),
    preloads: preloads.map(publicPath),
    modules,
    outDir,
    admin: {
      script: publicPath(admin.file),
      css: [...fromAdmin.css].map(publicPath),
      preloads: [...fromAdmin.files].filter((file) => file !== admin.file).map(publicPath),
    },
  };
}

/**
 * Makes sure the bundle exists and, with `if-stale`, was built from the sources as they are now (its
 * stamp, bundleInputs.ts), building it otherwise; returns its assets. Call it before the app's plugins
 * load: a build takes a minute on a busy machine, longer than Fastify lets a plugin start.
 */
export async function ensureClientBundle(options: ClientBundleOptions): Promise<ClientAssets> {
  const root = options.root ?? PROJECT_ROOT;
  const outDir = options.outDir ?? join(root, 'dist', 'client');
  const staleness = () => bundleStaleness(root, outDir);
  if (options.build === 'if-stale' && (await staleness())) {
    const lock = `${outDir}.lock`;
    await mkdir(dirname(outDir), { recursive: true });
    await acquire(lock, options.log);
    try {
      // Another process may have built it while we waited.
      const why = await staleness();
      if (why) {
        options.log?.(`building the browser bundle (${why}): a minute or so…`);
        const started = Date.now();
        await build(root, outDir);
        options.log?.(
          `browser bundle built into ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  return readClientAssets(outDir);
}

/** Why the bundle in `outDir` must be built from the sources under `root`, or undefined when it is up to date. */
export async function bundleStaleness(root: string, outDir: string): Promise<string | undefined> {
  if (!existsSync(join(outDir, '.vite', 'manifest.json'))) return 'none built yet';
  const stamp = await readFile(join(outDir, STAMP_FILE), 'utf8').catch(() => undefined);
  if (stamp === undefined) return 'built without a stamp of its sources';
  return stamp.trim() === hashBundleInputs(root) ? undefined : 'its sources changed';
}

/**
 * Takes the build lock (a directory holding the builder's pid): a lock whose process is gone (a start
 * stopped mid-build) or older than LOCK_STALE_MS is taken over.
 */
async function acquire(lock: string, log?: (message: string) => void): Promise<void> {
  let told = false;
  for (;;) {
    try {
      await mkdir(lock);
      await writeFile(join(lock, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      const pid = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => ''));
      if (since > LOCK_STALE_MS || (pid > 0 && !isAlive(pid)))
        await rm(lock, { recursive: true, force: true });
      else {
        if (!told) log?.(`waiting for the browser bundle another process is building (${lock})`);
        told = true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

async function build(root: string, outDir: string): Promise<void> {
  const temporary = `${outDir}.tmp-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--outDir',
        temporary,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${output}`)),
    );
  });
  const previous = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) await rename(outDir, previous);
  await rename(temporary, outDir);
  await rm(previous, { recursive: true, force: true });
}
