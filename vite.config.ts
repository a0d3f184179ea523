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
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The entry, as the manifest names it. */
export const CLIENT_ENTRY = 'ui/entryClient.tsx';

/**
 * `domain/` is pure (ARCHITECTURE.md: no I/O, nothing happens on import), so a domain module whose
 * exports a chunk does not use can be left out of it. Without this, a component that takes one constant
 * from a module with zod schemas (`WEEKDAYS` from `domain/catalogue/dealer.ts`) drags the module, and
 * zod, into every page that shows it.
 */
const domainIsPure: Plugin = {
  name: 'domain-is-pure',
  transform: {
    filter: { id: /[\\/]domain[\\/]/ },
    handler: (code) => ({ code, map: null, moduleSideEffects: false }),
  },
};

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: false,
  plugins: [react(), domainIsPure],
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: CLIENT_ENTRY,
      // Building a zod schema has no effect but the schema: the domain's schemas the browser never uses
      // (a car's facts, a dealer's record) are dropped, and zod with them where nothing else needs it.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
