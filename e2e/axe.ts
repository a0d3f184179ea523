/**
 * What the browser suites share about a page: axe-core's serious and critical violations, and pressing
 * a submit button to wait for the page the server answers with.
 */
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** A violation known and fixed elsewhere: its rule and a part of the element's HTML (each one written down). */
export interface KnownViolation {
  readonly rule: string;
  readonly element: string;
}

/** axe-core's serious and critical violations on the page as it is now, less the `known` ones. */
export async function seriousViolations(
  page: Page,
  known: readonly KnownViolation[] = [],
): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v: Result) => {
      const nodes = v.nodes.filter((n) => !known.some((k) => k.rule === v.id && n.html.includes(k.element)));
      return nodes.length === 0
        ? []
        : [`${page.url()}: ${v.impact} ${v.id} (${nodes.map((n) => n.target.join(' ')).join('; ')})`];
    });
}

/** Presses the submit button showing `text` and waits for the page the server answers with. */
export async function press(page: Page, text: string | RegExp, scope = 'body') {
  const button = page.locator(`${scope} button[type="submit"]`, { hasText: text }).first();
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
}
