/**
 * Budgets of the JavaScript each page type loads before it hydrates (pageScriptSize.ts: the entry, the
 * page's chunk, the heaviest locale's dictionaries, with their static imports; gzipped), on the browser
 * bundle as `npm start` builds it (rebuilt here if its sources changed).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClientAssets, ensureClientBundle } from './clientBundle.ts';
import { pageScriptSize, SCRIPT_PAGES, type ScriptPageType, type ScriptSize } from './pageScriptSize.ts';

/**
 * kB gzipped. The car page and the purchase step have the budgets the product set; the others the figure
 * measured when they were set (README.md here) and about 2 % more. A page over its budget fails with its
 * heaviest files; a page well under it may lower it.
 */
const BUDGETS: Record<ScriptPageType, number> = {
  home: 150,
  list: 154,
  car: 150,
  purchase: 180,
  booking: 155,
  account: 160,
  backOffice: 360,
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The figure, the budget and the five heaviest files, for a failure's message. */
function explain(type: ScriptPageType, size: ScriptSize): string {
  const heaviest = [...size.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 5)
    .map((file) => `  ${file.file} ${kB(file.gzipBytes)}`);
  return [
    `the ${type} page (${size.locale ?? 'any'} locale) loads ${kB(size.gzipBytes)} gzipped before hydrating; its budget is ${BUDGETS[type]} kB. Heaviest files:`,
    ...heaviest,
  ].join('\n');
}

describe('the JavaScript a page loads before hydrating', () => {
  let assets: ClientAssets;
  beforeAll(async () => {
    assets = await ensureClientBundle({
      build: 'if-stale',
      log: (message) => console.log(`[tests] ${message}`),
    });
  }, 300_000);

  it.each(Object.keys(SCRIPT_PAGES) as ScriptPageType[])(
    'given the %s page, when it loads, then its scripts stay within its budget',
    async (type) => {
      const size = await pageScriptSize(assets.outDir, SCRIPT_PAGES[type]);
      expect(size.gzipBytes / 1000, explain(type, size)).toBeLessThanOrEqual(BUDGETS[type]);
    },
  );
});
