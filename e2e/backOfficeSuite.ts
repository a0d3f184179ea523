/**
 * What the back-office browser suites share: the real site in development on a fresh embedded database,
 * ready, a headless Chromium, the demo admin signed in through the API, and pages that collect errors.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchChromium, type Site, startSite, stopSite, untilReady, watchErrors } from './site.ts';
import { staffStorageState } from './staffSignIn.ts';

export const ADMIN_EMAIL = 'admin@example.test';

const DEVICES = [
  ['phone', 390],
  ['desktop', 1280],
] as const;

/** Each of `locales` on a phone (390 wide) and on a desktop (1280), for the screenshots. */
export const screens = <const L extends string>(locales: readonly L[]) =>
  locales.flatMap((locale) => DEVICES.map(([device, width]) => ({ locale, device, width })));

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A car of the catalogue search, enough to open its purchase or booking form. */
export interface Car {
  readonly carId: string;
  readonly slug: string;
}

export interface BackOfficeSuite {
  /** The suite's temporary directory (the site's data is in `var/` below it). */
  readonly dir: string;
  readonly site: Site;
  /** The site's URL (`site.url`). */
  readonly url: string;
  readonly browser: Browser;
  /** The demo admin's password, as the site printed it once. */
  readonly adminPassword: string;
  /** The demo admin's cookies, signed in through the sign-in API. */
  readonly signedIn: StorageState;
  /** Console and page errors of every page `newPage` opened (see watchErrors). */
  readonly errors: string[];
  /** A page in a fresh context `width` wide (1280 by default), the demo admin's unless `signedIn` is false. */
  newPage(width?: number, options?: { readonly signedIn?: boolean }): Promise<Page>;
  /** Expects axe-core to find no serious or critical violation on the page as it is now. */
  axe(page: Page): Promise<void>;
  /** The first `n` used cars of the country's catalogue search (5 by default). */
  cars(country: 'FR' | 'DE', n?: number): Promise<Car[]>;
  /** Closes the browser, stops the site and removes the directory. */
  close(): Promise<void>;
}

/**
 * Starts the site (LOG_LEVEL info, NODE_ENV development, TRUST_PROXY 127.0.0.1, plus `env`) in a new
 * temporary directory named after `name`, waits for `/readyz` (90 s), launches Chromium and signs the
 * demo admin in. Cleans up after itself when any of that fails.
 */
export async function openBackOfficeSuite(
  name: string,
  options: { readonly env?: NodeJS.ProcessEnv } = {},
): Promise<BackOfficeSuite> {
  const dir = await mkdtemp(join(tmpdir(), `back-office-${name}-`));
  let site: Site | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    if (site) await stopSite(site);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', TRUST_PROXY: '127.0.0.1', ...options.env },
    });
    await untilReady(site);
    browser = await launchChromium();
    const adminPassword = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!adminPassword) throw new Error(`no demo password:\n${site.output().slice(-2000)}`);
    const signedIn = await staffStorageState(browser, site.url, ADMIN_EMAIL, adminPassword);
    const started = { site, browser };
    const errors: string[] = [];
    return {
      dir,
      ...started,
      url: site.url,
      adminPassword,
      signedIn,
      errors,
      async newPage(width = 1280, { signedIn: asAdmin = true } = {}) {
        const context = await started.browser.newContext({
          viewport: { width, height: 900 },
          ...(asAdmin ? { storageState: signedIn } : {}),
        });
        const page = await context.newPage();
        watchErrors(page, errors);
        return page;
      },
      axe: async (page) => expect(await seriousViolations(page)).toEqual([]),
      async cars(country, n = 5) {
        const answer = await fetch(
          `${started.site.url}/api/catalogue/search?country=${country}&condition=used&pageSize=${n}`,
        );
        return (await answer.json()).cars as Car[];
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
