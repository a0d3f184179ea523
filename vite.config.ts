/**
 * The storefront's browser bundle: `ui/entryClient.tsx` (hydrates the server-rendered pages) built into
 * `dist/client`, files under `dist/client/assets/` with content hashes, served by the SSR plugin at
 * `/assets/`. The server reads `dist/client/.vite/manifest.json` to know which script and stylesheet
 * to put in each page (see http/ssr/clientBundle.ts). Server-side rendering does not go through Vite:
 * the server imports `ui/` directly.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The entry, as the manifest names it. */
export const CLIENT_ENTRY = 'ui/entryClient.tsx';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: { input: CLIENT_ENTRY },
  },
});
