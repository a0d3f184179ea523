/**
 * What the browser suites share about a page: axe-core's serious and critical violations, and pressing
 * a submit button to wait for the page the server answers with.
 */
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v: Result) =>
        `${page.url()}: ${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
    );
}

/**
 * axe-core's serious and critical violations on `url` as a browser without JavaScript got it: axe is a
 * script, so the page is opened again in a context with the same cookies and scripts on (a screen's
 * one-time messages are not shown again; the screen itself is the same).
 */
export async function seriousViolationsWithoutScript(
  context: BrowserContext,
  url: string,
): Promise<string[]> {
  const browser = context.browser();
  if (!browser) throw new Error('the context has no browser');
  const viewport = context.pages()[0]?.viewportSize() ?? null;
  const scripted = await browser.newContext({ storageState: await context.storageState(), viewport });
  try {
    const page = await scripted.newPage();
    await page.goto(url);
    return await seriousViolations(page);
  } finally {
    await scripted.close();
  }
}

/**
 * Presses the submit button showing `text` (within `scope`) and waits for the page the server answers
 * with, moved to in place or loaded; for a form whose answer stays on the same screen (a valuation, a
 * simulation), until `until` shows instead.
 */
export async function press(
  page: Page,
  text: string | RegExp,
  options: string | { readonly scope?: string; readonly until?: string } = {},
) {
  const { scope = 'body', until } = typeof options === 'string' ? { scope: options } : options;
  const button = page.locator(`${scope} button[type="submit"]`, { hasText: text }).first();
  if (until) {
    await button.click();
    await page.locator(until).first().waitFor();
    return;
  }
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button.click()]);
}
