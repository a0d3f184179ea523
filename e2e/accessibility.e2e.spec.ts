/**
 * The storefront's main pages checked with axe-core (its default rules: WCAG 2.x A and AA plus best
 * practices) in a real browser against the real site: the home page, the used-car list and a car page,
 * in French and German, on a phone and on a wide screen (the header shows more there: the language
 * switcher's country), after hydration. No serious or critical violation is allowed; lesser ones are
 * printed. Also what a phone downloads: the page and its scripts compressed, the scripts cached for a
 * year. Screenshots go to e2e/screenshots/ (not committed).
 */
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { urlFor } from '../ui/router/urlFor.ts';
import { type BrowserSite, CHROMIUM, hasChromium, hydrated, shoot, startBrowserSite } from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the accessibility browser tests are skipped`);

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PHONE = 390;
const WIDE = 1440;

/** axe-core's violations on the page as it is now. */
async function axeViolations(page: Page): Promise<Result[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations;
}

const describeViolation = (violation: Result) =>
  `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
    .map((node) => node.target.join(' '))
    .join('; ')})`;

describe.skipIf(!hasChromium)('the storefront’s accessibility (axe-core)', () => {
  let site: BrowserSite;
  /** The home page, the used-car list and the list's first car, per locale. */
  const pages = new Map<Locale, { name: string; path: string }[]>();

  beforeAll(async () => {
    site = await startBrowserSite({
      prefix: 'a11y-e2e-',
      env: { DEMO_CARS: '400' },
      width: PHONE,
      hydrate: true,
    });
    for (const locale of ['fr', 'de'] as const) {
      const list = urlFor('page_buy_index', locale);
      const { page, close } = await site.open(list);
      const car = await page.locator('.car-card__link').first().getAttribute('href');
      await close();
      expect(car).toBeTruthy();
      pages.set(locale, [
        { name: 'home', path: urlFor('front_pages_index', locale) },
        { name: 'list', path: list },
        { name: 'car', path: car! },
      ]);
    }
  });

  afterAll(() => site?.stop());

  describe.each(['fr', 'de'] as const)('in %s', (locale) => {
    it.each([
      ['phone', PHONE],
      ['wide screen', WIDE],
    ])(
      'given the home page, a list and a car page on a %s, then axe-core finds no serious or critical violation',
      async (device, width) => {
        const found: string[] = [];
        for (const { name, path } of pages.get(locale)!) {
          const { page, errors, status, close } = await site.open(path, width);
          expect(status, path).toBe(200);
          await hydrated(page);
          const violations = await axeViolations(page);
          for (const violation of violations) {
            const line = `${path} (${width} px): ${describeViolation(violation)}`;
            if (violation.impact === 'serious' || violation.impact === 'critical') found.push(line);
            else console.info(`[axe] ${line}`);
          }
          await shoot(page, `a11y-${name}-${locale}-${device.replace(' ', '-')}`);
          expect(errors).toEqual([]);
          await close();
        }
        expect(found).toEqual([]);
      },
    );
  });

  it('given a phone, then the page and its scripts arrive compressed, and the scripts are cached for a year', async () => {
    const context = await site.browser.newContext({ viewport: { width: PHONE, height: 800 } });
    const page = await context.newPage();
    const answers = new Map<string, Record<string, string>>();
    page.on('response', async (response) => {
      answers.set(new URL(response.url()).pathname, await response.allHeaders());
    });
    await page.goto(`${site.url}${pages.get('fr')![1]!.path}`, { waitUntil: 'load' });
    await hydrated(page);
    const document = answers.get(pages.get('fr')![1]!.path)!;
    expect(document['content-encoding']).toBe('br');
    expect(document.vary).toMatch(/accept-encoding/i);
    expect(document['cache-control']).toBeUndefined();
    const assets = [...answers].filter(([path]) => /^\/assets\/.+\.(js|css)$/.test(path));
    expect(assets.length).toBeGreaterThan(2);
    for (const [path, headers] of assets) {
      expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(headers['content-encoding'], path).toBe('br');
    }
    await context.close();
  });
});
