/**
 * The browser bundle the pages load: built by Vite (`vite.config.ts`) into `dist/client`, described by
 * Vite's manifest. The server reads the manifest once, at start, for the entry's script, its stylesheets
 * and the chunks to preload, and for those of each module the entry loads on demand (a page, a locale's
 * dictionary: renderPage.ts preloads the ones a page renders with). In development and tests the bundle
 * is (re)built at start when it is missing or older than the sources; in production it is built
 * beforehand (`npm run build`).
 *
 * Several processes may start at once (test workers): a build happens under a lock directory, into a
 * temporary directory swapped in when complete, and the others wait for it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** When to build the bundle at start. */
export type ClientBuildPolicy = 'if-stale' | 'if-missing' | 'never';

export interface ClientBundleOptions {
  /** The project root (where `vite.config.ts` and `node_modules` are). */
  readonly root: string;
  /** Where the bundle goes; `<root>/dist/client` by default. */
  readonly outDir?: string;
  readonly build?: ClientBuildPolicy;
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
/** Sources the bundle is made of: a change in any of them makes the bundle stale. */
const SOURCES = ['ui', 'domain', 'vite.config.ts', 'package-lock.json'];
const LOCK_STALE_MS = 5 * 60_000;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Reads the entry's assets (and those of the modules it loads on demand) from Vite's manifest in `outDir`. */
export async function readClientAssets(outDir: string): Promise<ClientAssets> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
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

/** Makes sure the bundle exists (building it as the policy says) and returns its assets. */
export async function ensureClientBundle(options: ClientBundleOptions): Promise<ClientAssets> {
  const outDir = options.outDir ?? join(options.root, 'dist', 'client');
  const policy = options.build ?? 'if-stale';
  const manifest = join(outDir, '.vite', 'manifest.json');
  const needsBuild = async () =>
    policy === 'if-missing'
      ? !existsSync(manifest)
      : !existsSync(manifest) || (await newestSource(options.root)) > (await stat(manifest)).mtimeMs;

  if (policy !== 'never' && (await needsBuild())) {
    const lock = `${outDir}.lock`;
    await mkdir(dirname(outDir), { recursive: true });
    await acquire(lock);
    try {
      // Another process may have built it while we waited.
      if (await needsBuild()) await build(options.root, outDir, options.log);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
  if (!existsSync(manifest)) {
    throw new Error(`the browser bundle is missing (${manifest}): run \`npm run build\` first`);
  }
  return readClientAssets(outDir);
}

async function newestSource(root: string): Promise<number> {
  let newest = 0;
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => undefined);
    if (!info) return;
    if (info.isDirectory()) {
      for (const name of await readdir(path)) {
        if (name !== 'node_modules' && !name.startsWith('.')) await walk(join(path, name));
      }
    } else if (!/\.(spec|test)\.tsx?$/.test(path)) {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const source of SOURCES) await walk(join(root, source));
  return newest;
}

async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      await mkdir(lock);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function build(root: string, outDir: string, log?: (message: string) => void): Promise<void> {
  const started = Date.now();
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
  log?.(`browser bundle built into ${outDir} in ${Date.now() - started} ms`);
}
