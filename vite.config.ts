/**
 * The storefront's browser bundle: `ui/entryClient.tsx` (hydrates the server-rendered pages) built into
 * `dist/client`, files under `dist/client/assets/` with content hashes, served by the SSR plugin at
 * `/assets/`. The server reads `dist/client/.vite/manifest.json` to know which script and stylesheet
 * to put in each page, and which chunks to preload (see http/ssr/clientBundle.ts). Server-side rendering
 * does not go through Vite: the server imports `ui/` directly.
 *
 * The entry holds React, the routers and the site's frame; each page module and each locale's dictionary
 * is a chunk of its own (`import()` in ui/pages/pages.ts and ui/i18n/dictionaries.ts), so a page loads
 * only its own code and words.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseAst } from 'vite';
import { BRANDS } from './domain/catalogue/reference/brandTable.ts';
import { hashBundleInputs, STAMP_FILE } from './http/ssr/bundleInputs.ts';

/** The entry, as the manifest names it. */
export const CLIENT_ENTRY = 'ui/entryClient.tsx';
/**
 * The back office's entry (a client-rendered app, http/ssr/adminShell.ts serves its page): its own
 * chunk and stylesheet; what it shares with the storefront's start (React, the router, the route table)
 * comes from the same `app` chunk.
 */
export const ADMIN_ENTRY = 'ui/admin/entryAdmin.tsx';

/**
 * `domain/` is pure (ARCHITECTURE.md: no I/O, nothing happens on import), so a domain module whose
 * exports a chunk does not use can be left out of it. Without this, a component that takes one constant
 * from a module with zod schemas (`WEEKDAYS` from `domain/catalogue/dealer.ts`) drags the module, and
 * zod, into every page that shows it.
 *
 * A module's own unused constants go too: the bundler keeps a top-level `const x = z.string().min(1)`
 * nobody reads, since it cannot know that calling a method of a call's result (`.min` of `z.string()`)
 * does nothing else (`manualPureFunctions` covers `z.string()` alone). So in a domain module that imports
 * zod, each top-level constant made by a call (or an object, a list of them) is made inside a function
 * marked pure, `/* @__PURE__ *\/ (() => (…))()`: the same value, dropped when unused (without it, the
 * list page loads zod for the car schemas of `domain/catalogue/car.ts` it never runs: 26 kB gzipped).
 * Those lines' columns in the source maps move by the wrapper.
 */
const domainIsPure: Plugin = {
  name: 'domain-is-pure',
  transform: {
    filter: { id: /[\\/]domain[\\/]/ },
    handler: (code, id) => ({
      code: /from ['"]zod['"]/.test(code) ? pureConstants(code, id) : code,
      map: null,
      moduleSideEffects: false,
    }),
  },
};

/** The expressions that may hold a call (a schema, an object or a list of schemas). */
const MADE = new Set([
  'CallExpression',
  'ObjectExpression',
  'ArrayExpression',
  'NewExpression',
  'MemberExpression',
]);

/** `code` with each top-level constant that may be made by a call made in a function marked pure. */
function pureConstants(code: string, id: string): string {
  const program = parseAst(code, { lang: 'ts' }, id);
  const inits: { start: number; end: number }[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.init && MADE.has(declarator.init.type)) inits.push(declarator.init);
    }
  }
  let out = code;
  for (const { start, end } of inits.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

/**
 * The browser needs the brands' and models' slugs and names, not the reference data's versions, prices
 * and years (which feed the demo generator and valuations): `brandNameTable.ts` becomes these fields
 * alone, computed from the same table now (about 5 kB less, gzipped, for every page that names a car).
 */
const brandNamesOnly: Plugin = {
  name: 'brand-names-only',
  load: {
    filter: { id: /[\\/]domain[\\/]catalogue[\\/]reference[\\/]brandNameTable\.ts$/ },
    handler: () => {
      const names = BRANDS.map(({ slug, name, models }) => ({
        slug,
        name,
        models: models.map((model) => ({ slug: model.slug, name: model.name })),
      }));
      return `export const BRAND_NAME_TABLE = ${JSON.stringify(names)};\n`;
    },
  },
};

/**
 * What the entry imports statically (React, the routers, the site's frame, the route table): every page
 * loads all of it before anything else, so it goes into one chunk rather than the dozen small chunks the
 * bundler would otherwise cut wherever a page shares a module with the entry (fewer requests, and one
 * file compresses better than many: about 3 kB less for a car page).
 */
function entryGraph(entry: string) {
  const imports = new Map<string, readonly string[]>();
  let atStart: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'entry-graph',
    buildStart() {
      imports.clear();
      atStart = undefined;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
    },
  };
  /** Whether the entry loads module `id` at start (asked once the graph is complete, while chunking). */
  const loadedAtStart = (id: string): boolean => {
    if (!atStart) {
      const reached = new Set<string>();
      const pending = [entry];
      for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
        if (reached.has(at)) continue;
        reached.add(at);
        pending.push(...(imports.get(at) ?? []));
      }
      atStart = reached;
    }
    return atStart.has(id);
  };
  return { plugin, loadedAtStart };
}

/**
 * Each built file a browser downloads (scripts, stylesheets) gets a brotli copy (`.br`, quality 11) and
 * a gzip copy (`.gz`, level 9) beside it, made once here rather than at each request; the SSR plugin
 * serves them as the request's `Accept-Encoding` prefers (@fastify/static `preCompressed`): brotli
 * sends about a quarter of the entry script's bytes. Source maps are left to the server's own
 * compression (only developer tools fetch them).
 */
const precompress: Plugin = {
  name: 'precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? resolve(root, 'dist/client');
    const files = Object.keys(bundle).filter((file) => /\.(js|mjs|css|svg|json|html|txt)$/.test(file));
    await Promise.all(
      files
        .filter((file) => !file.startsWith('.vite/'))
        .map(async (file) => {
          const path = join(dir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: 9 }),
          ]);
          // A copy that is not smaller is not written: the file goes as it is.
          await Promise.all([
            br.length < content.length && writeFile(`${path}.br`, br),
            gz.length < content.length && writeFile(`${path}.gz`, gz),
          ]);
        }),
    );
  },
};

/**
 * The hash of the sources this build started from, written beside the bundle: a start (development,
 * tests) reuses a bundle whose stamp matches the sources, and builds it again otherwise
 * (http/ssr/clientBundle.ts). Taken before anything is read, so a source changed during the build makes
 * the stamp stale, never the bundle wrongly fresh.
 */
function stampInputs(): Plugin {
  let hash = '';
  return {
    name: 'stamp-inputs',
    apply: 'build',
    buildStart() {
      hash = hashBundleInputs(root);
    },
    async writeBundle(options) {
      await writeFile(join(options.dir ?? resolve(root, 'dist/client'), STAMP_FILE), `${hash}\n`);
    },
  };
}

const root = import.meta.dirname;
const clientEntryId = resolve(root, CLIENT_ENTRY);
const entryModules = entryGraph(clientEntryId);

export default defineConfig({
  root,
  base: '/',
  publicDir: false,
  plugins: [react(), domainIsPure, brandNamesOnly, entryModules.plugin, precompress, stampInputs()],
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: [CLIENT_ENTRY, ADMIN_ENTRY],
      // Building a zod schema has no effect but the schema: the domain's schemas the browser never uses
      // (a car's facts, a dealer's record) are dropped, and zod with them where nothing else needs it.
      treeshake: { manualPureFunctions: ['z'] },
      // The precompression takes most of a build (1–2 s of brotli at quality 11) by design: no warning.
      checks: { bundlerTimings: false },
      // The storefront entry's own module and stylesheet stay out of the shared chunk: the back office's
      // entry imports that chunk (React, the router) and must neither run the storefront's hydration nor
      // load its styles.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'app',
              test: (id) => id !== clientEntryId && !/\.css($|\?)/.test(id) && entryModules.loadedAtStart(id),
            },
          ],
        },
      },
    },
  },
});
