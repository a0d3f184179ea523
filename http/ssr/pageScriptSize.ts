/**
 * The JavaScript a page loads before hydrating, from Vite's manifest: the browser entry and its static
 * imports, the page's own chunk and its static imports, and the dictionaries of the page's locale (the
 * site's, and the page's own words where it has them, as the purchase screens do: a chunk per locale,
 * with its static imports: the German words under the Austrian ones); each file gzipped at level 9 (as
 * Vite's build report does). The figure is that of the locale whose dictionaries weigh most. Dynamic
 * imports that the page does not need before hydrating (a map, an island: ui/components/Island.tsx) are
 * not counted. Also what a browser downloads of them: the brotli copies the build writes beside each file
 * (vite.config.ts), which the server sends to browsers that accept brotli. Checked against each page
 * type's budget by pageScripts.int.spec.ts; printed by the catalogue bench (`--only js`).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LOCALES } from '../../domain/markets.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const ENTRY = 'ui/entryClient.tsx';
const siteWords = (locale: string) => `ui/i18n/messages/${locale}.ts`;

/** A page as the manifest names it: its module and its own dictionaries per locale, if any. */
export interface ScriptPage {
  readonly module: string;
  readonly words?: (locale: string) => string;
  /** The entry that loads it and that entry's dictionaries: the storefront's unless said. */
  readonly entry?: string;
  readonly entryWords?: (locale: string) => string;
}

export const DETAIL_PAGE: ScriptPage = { module: 'ui/pages/carDetailPage.tsx' };
export const PURCHASE_PAGE: ScriptPage = {
  module: 'ui/pages/purchase/purchasePage.tsx',
  words: (locale) => `ui/pages/purchase/messages/${locale}.ts`,
};

/**
 * A page of each type: the storefront's (each a chunk loaded by the entry) and the back office's (a
 * client-rendered app, one entry with its words per locale: any of its pages loads the same).
 */
export const SCRIPT_PAGES = {
  home: { module: 'ui/pages/homePage.tsx' },
  list: { module: 'ui/pages/buyListPage.tsx' },
  car: DETAIL_PAGE,
  purchase: PURCHASE_PAGE,
  booking: {
    module: 'ui/pages/booking/bookingPage.tsx',
    words: (locale) => `ui/pages/booking/messages/${locale}.ts`,
  },
  account: {
    module: 'ui/pages/account/accountPage.tsx',
    words: (locale) => `ui/pages/account/messages/${locale}.ts`,
  },
  backOffice: {
    module: 'ui/admin/entryAdmin.tsx',
    entry: 'ui/admin/entryAdmin.tsx',
    entryWords: (locale) => `ui/admin/messages/${locale}.ts`,
  },
} as const satisfies Record<string, ScriptPage>;
export type ScriptPageType = keyof typeof SCRIPT_PAGES;

interface FileSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The size of the file's brotli copy (the file's own size without one). */
  readonly brBytes: number;
}

export interface ScriptSize {
  readonly files: readonly FileSize[];
  readonly gzipBytes: number;
  readonly brBytes: number;
  /** The locale whose page this is (the heaviest dictionary), if the dictionaries are chunks of their own. */
  readonly locale?: string;
}

export async function pageScriptSize(outDir: string, page: ScriptPage): Promise<ScriptSize> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = page.entry ?? ENTRY;
  const dictionary = page.entryWords ?? siteWords;
  if (!manifest[entry]) throw new Error(`no ${entry} in the manifest of ${outDir}`);
  const sizes = new Map<string, FileSize>();
  const sizeOf = async (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const content = await readFile(join(outDir, file));
      const br = join(outDir, `${file}.br`);
      size = {
        file,
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
        brBytes: existsSync(br) ? (await readFile(br)).length : content.length,
      };
      sizes.set(file, size);
    }
    return size;
  };
  const measure = async (roots: readonly string[]): Promise<ScriptSize> => {
    const chunks = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || chunks.has(key)) return;
      chunks.add(key);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const root of roots) visit(root);
    const files = await Promise.all(
      [...chunks]
        .map((key) => manifest[key]!.file)
        .filter((file) => file.endsWith('.js'))
        .map(sizeOf),
    );
    return {
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      brBytes: files.reduce((sum, f) => sum + f.brBytes, 0),
    };
  };
  const locales = LOCALES.filter((locale) => manifest[dictionary(locale)]);
  if (!manifest[page.module]) throw new Error(`no ${page.module} in the manifest of ${outDir}`);
  if (locales.length === 0) return measure([entry, page.module]);
  let heaviest: ScriptSize | undefined;
  for (const locale of locales) {
    const words = page.words ? [page.words(locale)] : [];
    const size = await measure([entry, page.module, dictionary(locale), ...words]);
    if (!heaviest || size.gzipBytes > heaviest.gzipBytes) heaviest = { ...size, locale };
  }
  return heaviest!;
}
