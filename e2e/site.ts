/**
 * What the e2e suites share: the real site (`bin/start.ts`) as a child process on the embedded database
 * of a data directory, and, for the browser suites, that site in a fresh temporary directory with a
 * headless Chromium (playwright-core) whose pages refuse map tiles, report console errors, wait for
 * hydration, take screenshots into e2e/screenshots/ (not committed), are checked by axe-core and have
 * their forms submitted.
 *
 * A site's new data directory is a copy of a template, as a first start leaves it (migrated, the shipped
 * content and the demo catalogue seeded and projected), made once per run and number of demo cars by a
 * start of its own: a start on a copy skips what every first start did again (25 s of a 36 s start, at
 * load 5). Only e2e/embeddedStart asks for a fresh start, the README's first command.
 *
 * When the test run has a real PostgreSQL (DATABASE_URL, as in CI), the sites run on it rather than on
 * the embedded PGlite, which shares its process's single thread with the site: each site gets a database
 * of its own, created from the template database of its number of demo cars (`CREATE DATABASE …
 * TEMPLATE`), and the run drops them all at its end (e2e/globalSetup.ts). The embedded path keeps its
 * own journey (e2e/embeddedStart).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { Locale } from '../domain/markets.ts';
import { generateUrl } from '../domain/routes/index.ts';
import { loadConfig } from '../http/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps the sites' template data directories (e2e/globalSetup.ts). */
    siteTemplates: string;
    /** This run's tag, the prefix of its sites' databases on PostgreSQL (e2e/globalSetup.ts). */
    siteDatabases: string;
  }
}

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
const SCREENSHOTS = join(import.meta.dirname, 'screenshots');

export interface Site {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything it has printed so far (stdout and stderr). */
  readonly output: () => string;
}

/**
 * Starts `bin/start.ts` on a free port with its embedded database in `dataDir` (DATABASE_URL,
 * EVENTSTORE_URL and MEILI_URL are removed, as on a fresh machine) and resolves with the URL it prints.
 * `env` adds to the environment (LOG_LEVEL, NODE_ENV, DEMO_CARS, …). A `dataDir` that does not exist
 * yet starts as a copy of the run's template for its number of demo cars, unless `fresh` (or outside
 * the e2e tier: a bench).
 */
export async function startSite(
  dataDir: string,
  options: {
    readonly env?: NodeJS.ProcessEnv;
    readonly timeoutMs?: number;
    readonly fresh?: boolean;
    /** The site's DATABASE_URL (a template being made): no other database is chosen. */
    readonly database?: string;
  } = {},
): Promise<Site> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', ...options.env };
  const server = process.env.DATABASE_URL;
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  delete env.MEILI_URL;
  const templates = templatesDir();
  const run = provided('siteDatabases');
  if (options.database) env.DATABASE_URL = options.database;
  else if (!options.fresh && server && run) {
    env.DATABASE_URL = await siteDatabase(server, run, templates ?? tmpdir(), env, dataDir);
  } else if (!options.fresh && templates && !existsSync(dataDir)) await copyTemplate(templates, env, dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the site printed no URL:\n${output}`));
    }, options.timeoutMs ?? 240_000);
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`the site exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** The e2e tier's directory of templates; none outside vitest. */
const templatesDir = (): string | undefined => provided('siteTemplates');

/** What the e2e tier's global set-up provides; nothing outside vitest. */
function provided<Key extends 'siteTemplates' | 'siteDatabases'>(key: Key): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** `server`'s connection string naming the database `name`. */
const databaseUrl = (server: string, name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
};

/** Runs `work` with a client on the run's PostgreSQL (its own database). */
async function onServer<T>(server: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server, application_name: 'e2e-sites' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The database of the site in `dataDir` (the same directory, the same database: a site restarted finds its
 * data), created from the template database for the demo cars `env` asks for, made first if this run has
 * none yet (a fresh start of its own, as `copyTemplate` does on the embedded database).
 */
async function siteDatabase(
  server: string,
  run: string,
  templates: string,
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<string> {
  const name = `${run}_${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`;
  if (existsSync(dataDir)) return databaseUrl(server, name);
  const { demoCars } = loadConfig(env);
  const template = `${run}_template_${demoCars}`;
  // The template's own files (media the first start wrote), copied with its database.
  const templateFiles = join(templates, template, 'var');
  await onServer(server, async (client) => {
    const exists = async (db: string) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount === 1;
    // One template per number of cars, even if two workers ask at once.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (!(await exists(template))) {
        const building = `${template}_building`;
        await client.query(`DROP DATABASE IF EXISTS "${building}"`);
        await client.query(`CREATE DATABASE "${building}"`);
        const site = await startSite(templateFiles, {
          env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_CARS: String(demoCars) },
          database: databaseUrl(server, building),
        });
        const ready = await untilReady(site).catch((error: unknown) => error);
        const code = await stopSite(site);
        if (ready) throw ready;
        if (code !== 0) throw new Error(`the template's site exited with ${code}:\n${site.output()}`);
        await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
  if (existsSync(templateFiles)) await cp(templateFiles, dataDir, { recursive: true });
  else await mkdir(dataDir, { recursive: true });
  return databaseUrl(server, name);
}

/** Drops the databases of this run's sites and templates (e2e/globalSetup.ts, at the run's end). */
export async function dropSiteDatabases(server: string, run: string): Promise<void> {
  await onServer(server, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${run}\\_%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/**
 * Copies into `dataDir` the template for the demo cars the site's `env` asks for, making it first if this
 * run has none yet: a fresh start of its own with those cars, with NODE_ENV=test (so no demo staff
 * account: the site's own start creates it and prints its password), stopped once ready.
 */
async function copyTemplate(templates: string, env: NodeJS.ProcessEnv, dataDir: string): Promise<void> {
  const { demoCars } = loadConfig(env);
  const template = join(templates, `cars-${demoCars}`);
  if (!existsSync(template)) {
    const building = `${template}.tmp-${process.pid}`;
    const site = await startSite(join(building, 'var'), {
      env: { NODE_ENV: 'test', LOG_LEVEL: 'warn', DEMO_CARS: String(demoCars) },
      fresh: true,
    });
    const ready = await untilReady(site).catch((error: unknown) => error);
    const code = await stopSite(site);
    if (ready) throw ready;
    if (code !== 0) throw new Error(`the template's site exited with ${code}:\n${site.output()}`);
    await rename(building, template);
  }
  await cp(join(template, 'var'), dataDir, { recursive: true });
}

/** Resolves once the site's `/readyz` answers 200 (its projections caught up), within `timeoutMs`. */
export async function untilReady(site: Site, timeoutMs = 90_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
    if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The headless Debian Chromium the browser suites drive. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** Stops the site with SIGTERM (at once if it has already exited); resolves with its exit code. */
export function stopSite(site: Site): Promise<number | null> {
  const { child } = site;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

/** Errors that mean the server and the browser disagree, or the page crashed (added to `errors`). */
export function watchErrors(page: Page, errors: string[] = []): string[] {
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // Resources the sandbox cannot load (map tiles) and calls that may answer 404 (favorites, until
    // their endpoint exists) are expected; anything about hydration is not.
    if (message.type() === 'error' && !text.startsWith('Failed to load resource')) errors.push(text);
  });
  return errors;
}

/** Waits until the router has hydrated (it removes its bootstrap data, `window.$_TSR`, when done). */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => !('$_TSR' in window), undefined, { timeout: 20_000 });

/**
 * A full-page screenshot at e2e/screenshots/`name`.png, for a person to look at: not taken in CI, where
 * nobody does (a long page's takes seconds), unless E2E_SCREENSHOTS is set.
 */
export const shoot = async (page: Page, name: string): Promise<void> => {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

export interface OpenedPage {
  readonly page: Page;
  /** Console and page errors seen so far (see watchErrors). */
  readonly errors: string[];
  readonly status: number | undefined;
  /** Closes the page's browser context. */
  readonly close: () => Promise<void>;
}

export interface BrowserSite {
  readonly url: string;
  readonly browser: Browser;
  /** Opens `path` in a fresh context (no cookies), `width` wide, and waits for `load`. */
  readonly open: (path: string, width?: number) => Promise<OpenedPage>;
  /** The page of a used car of the locale's market no earlier call gave (from the list page's cards). */
  readonly freshCar: (locale: Locale) => Promise<string>;
  /** What the site printed so far (the demo staff account's password, with LOG_LEVEL info). */
  readonly output: () => string;
  /** Closes the browser, stops the site and removes its directory. */
  readonly stop: () => Promise<void>;
}

/**
 * The site with its demo catalogue on a fresh embedded database in a new temporary directory (named
 * after `prefix`), and a headless Chromium to browse it. Pages are `width` wide by default, in the
 * browser `locale` if given, and `open` waits for hydration when `hydrate` is set.
 */
export async function startBrowserSite(options: {
  readonly prefix: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly width: number;
  readonly locale?: string;
  readonly hydrate?: boolean;
}): Promise<BrowserSite> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const dir = await mkdtemp(join(tmpdir(), options.prefix));
  let site: Site | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    if (site) await stopSite(site);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'warn', NODE_ENV: 'development', ...options.env },
    });
    browser = await launchChromium();
  } catch (error) {
    await stop();
    throw error;
  }
  const { url } = site;
  const launched = browser;
  const open = async (path: string, width = options.width): Promise<OpenedPage> => {
    const context = await launched.newContext({
      viewport: { width, height: 900 },
      ...(options.locale ? { locale: options.locale } : {}),
    });
    // No network in the sandbox: refuse map tiles at once instead of waiting for DNS.
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${url}${path}`, { waitUntil: 'load' });
    if (options.hydrate) await hydrated(page);
    return { page, errors, status: response?.status(), close: () => context.close() };
  };
  const cars = new Map<Locale, string[]>();
  const freshCar = async (locale: Locale) => {
    if (!cars.has(locale)) {
      const { page, close } = await open(generateUrl(`page_buy_index.${locale}`));
      const links = await page
        .locator('.car-card__link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      await close();
      cars.set(locale, links);
    }
    const link = cars.get(locale)!.shift();
    if (!link) throw new Error(`no car left in ${locale}`);
    return link;
  };
  const started = site;
  return { url, browser: launched, open, freshCar, output: () => started.output(), stop };
}
