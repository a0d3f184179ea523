/**
 * The JavaScript a car detail page loads, from Vite's manifest: the browser entry and its static
 * imports, plus the car detail page's own chunk and its static imports if the build splits it off;
 * each file gzipped at level 9 (as Vite's build report does). Dynamic imports that the page does not
 * need before hydrating (a map, say) are not counted.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const ENTRY = 'ui/entryClient.tsx';
const DETAIL_PAGE = 'ui/pages/carDetailPage.tsx';

export interface ScriptSize {
  readonly files: readonly { file: string; bytes: number; gzipBytes: number }[];
  readonly gzipBytes: number;
}

export async function detailScriptSize(outDir: string): Promise<ScriptSize> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  if (!manifest[ENTRY]) throw new Error(`no ${ENTRY} in the manifest of ${outDir}`);
  const chunks = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunks.has(key)) return;
    chunks.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(ENTRY);
  visit(DETAIL_PAGE);
  const files = await Promise.all(
    [...chunks]
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map(async (file) => {
        const content = await readFile(join(outDir, file));
        return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
      }),
  );
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
