/**
 * Catalogue figures on real PostgreSQL (DATABASE_URL, default the local server's `test` database): in a
 * fresh database on that server (so the app runs exactly as `npm start` runs it, in its `public`
 * schema) holding the demo catalogue (100,000 cars by default):
 *   search.p50/p95    one search through the Postgres search port: a country, a condition and four
 *                     facets, with every facet's counts and the total; sequential, after a warm-up (ms)
 *   ssr.list.p50/p95  time to first byte of list pages (facet path segments, sorts, pages), 20 clients
 *                     at once against the app (http/server.ts) listening on a port (ms)
 *   ssr.detail.p50/p95  the same for car detail pages of existing cars (ms)
 *   ssr.throughput    pages per second over a mix of half list, half detail pages, 20 clients (pages/s)
 *   ssr.funnel.p50/p95  the same for purchase step pages: `--purchases` visitors (40) each start buying
 *                     a used car, then 20 clients load their step pages with their cookies (personal
 *                     pages: rendered for the session every time, never from the page cache) (ms)
 *   js.detail.gzip    the JavaScript a car detail page loads before hydrating (entry, page chunk and
 *                     locale dictionary with their static imports), gzipped (kB)
 *   js.detail.br      the same as the browser downloads it: the brotli copies made at build time (kB)
 *   js.funnel.gzip/br the same for a purchase step page (its chunk and its own words per locale) (kB)
 *   js.home, js.list, js.booking, js.account, js.backoffice (.gzip/.br)  the same for the home page,
 *                     a list, a booking screen, the account area and the back office
 *                     (http/ssr/pageScriptSize.ts; their budgets: http/ssr/pageScripts.int.spec.ts)
 *   import.100k       the stock import of a CSV feed of as many cars, in a schema of its own (s)
 *   lighthouse.<page>.<category>  Lighthouse's mobile scores (performance, accessibility,
 *                     best-practices, seo; 0–100) of a page of each type of the French site: home, the
 *                     used-car list, a car page, a purchase's first step (a new visitor's), a booking
 *                     form, a signed-in buyer's account, a blog article and a dealer's page, with the app run as `npm start` runs it (bin/start.ts in
 *                     production mode, in a process of its own); only with `--only lighthouse`
 *                     (catalogue/lighthouse.ts: Chromium at /usr/bin/chromium, the median of `--runs`)
 * The load comes from a separate client process on the same machine (see catalogue/httpLoadClient.ts).
 * Options: --cars <n> (100000), --clients <n> (20), --requests <n> per latency phase (3000),
 * --page-cache <seconds> (PAGE_CACHE_SECONDS of the app; 0: every page rendered),
 * --seconds <n> for the throughput mix (20), --purchases <n> (40), --searches <n> (2000), --seed-concurrency <n> (32),
 * --pool <n> the app's pool size (10), --log-level <level> (warn), --only <search,ssr,js,import,lighthouse>
 * (default: all but lighthouse), --database <name> (reuse a database, seeded when it has fewer cars; kept
 * afterwards), --keep. Lighthouse: --runs <n> per page (3), --pages <name=path,…> (any pages: paths or
 * absolute URLs; default: the pages above), --origin <url> (audit
 * a site already running there, e.g. `npm start`'s, instead of seeding a database and starting one).
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { generateUrl, matchUrl } from '../domain/routes/index.ts';
import { createKnex } from '../engine/database/openDatabase.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { ensureClientBundle } from '../http/ssr/clientBundle.ts';
import {
  pageScriptSize,
  SCRIPT_PAGES,
  type ScriptPageType,
  type ScriptSize,
} from '../http/ssr/pageScriptSize.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { createPostgresCatalogueSearch } from '../projections/search/postgres/createPostgresCatalogueSearch.ts';
import { detailUrls, listUrls, sampleCars, searchQueries } from './catalogue/benchWorkload.ts';
import { startHttpLoad } from './catalogue/httpLoad.ts';
import type { LoadResult } from './catalogue/httpLoadClient.ts';
import { type AuditedPage, auditPages, printAudit } from './catalogue/lighthouse.ts';
import { signUpBuyer, startPurchase, startPurchases } from './catalogue/purchasePages.ts';
import { seedBenchCatalogue, seedUrl } from './catalogue/seedBenchCatalogue.ts';
import { startAppProcess } from './catalogue/startAppProcess.ts';
import { startBenchServer } from './catalogue/startBenchServer.ts';
import { benchImport } from './importStock.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Non-2xx answers are reported; a 5xx or a lost request stops the bench (the figures would lie). */
function checkStatuses(phase: string, result: LoadResult): void {
  const odd = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
  if (odd.length > 0) console.error(`# ${phase}: statuses ${JSON.stringify(result.statuses)}`);
  if (odd.some(([status]) => Number(status) >= 500 || Number(status) === 0))
    throw new Error(`${phase}: server errors ${JSON.stringify(result.statuses)}`);
}

/**
 * The pages Lighthouse audits on `origin`: `--pages name=path,…` if given, else one of each type on the
 * French site: the home page, the used-car list, the first car that list shows, the first step of a
 * purchase of the second one (a new visitor's, with its session cookie), the booking form of the third,
 * the account area of a buyer who has just signed up, the first blog article and the first dealer's page.
 */
async function lighthousePages(origin: string, pages: string | undefined): Promise<AuditedPage[]> {
  if (pages) {
    return pages.split(',').map((entry) => {
      const [name, path] = entry.split(/=(.*)/s);
      if (!name || !path) throw new Error(`--pages: "${entry}" is not name=path`);
      return { name, url: new URL(path, origin).href };
    });
  }
  const at = (path: string) => new URL(path, origin).href;
  /** The hrefs of `<a>`s whose class is `className` on the page at `path`. */
  const links = async (path: string, className: string) => {
    const html = await (await fetch(at(path))).text();
    return [...html.matchAll(new RegExp(`<a href="([^"]+)" class="${className}"`, 'g'))].map((m) =>
      m[1]!.replaceAll('&amp;', '&'),
    );
  };
  const list = '/fr/acheter';
  const [car, bought, booked] = await links(list, 'car-card__link');
  const carParams = (url: string | undefined) =>
    url ? matchUrl(new URL(url, origin).pathname)?.params : undefined;
  const boughtParams = carParams(bought);
  const bookedParams = carParams(booked);
  if (!car || !boughtParams || !bookedParams) throw new Error(`${list} shows fewer than three cars`);
  const step = await startPurchase(origin, generateUrl('car_purchase_form.fr', boughtParams));
  const buyer = await signUpBuyer(origin, `lighthouse-${randomUUID().slice(0, 8)}@example.test`);
  /** The first link on the page at `path` to a page of `route`. */
  const firstOf = async (path: string, route: string) => {
    const html = await (await fetch(at(path))).text();
    return [...html.matchAll(/href="(\/[^"?#]+)"/g)]
      .map((m) => m[1]!)
      .find((href) => matchUrl(href)?.route === route);
  };
  const blog = generateUrl('blog_list.fr');
  const article = await firstOf(blog, 'blog_article');
  const dealers = generateUrl('dealers_locator_index.fr');
  const dealer = await firstOf(dealers, 'dealer_detail');
  if (!article || !dealer) throw new Error(`no blog article at ${blog} or no dealer page at ${dealers}`);
  return [
    { name: 'home', url: at(generateUrl('front_pages_index.fr')) },
    { name: 'list', url: at(list) },
    { name: 'car', url: at(car) },
    { name: 'purchase', url: at(step.url), cookie: step.cookie },
    { name: 'booking', url: at(generateUrl('car_booking_form.fr', { ...bookedParams, bookingId: '0' })) },
    { name: 'account', url: at(generateUrl('my_account_dashboard.fr')), cookie: buyer },
    { name: 'blog', url: at(article) },
    { name: 'dealer', url: at(dealer) },
  ];
}

async function runLighthouse(origin: string, option: (name: string) => string | undefined) {
  const pages = await lighthousePages(origin, option('pages'));
  const audits = await auditPages(pages, {
    runs: Number(option('runs') ?? 3),
    log: (line) => console.error(`# ${line}`),
  });
  for (const audit of audits) printAudit(audit);
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const number = (name: string, fallback: number) => Number(option(name) ?? fallback);
  const cars = number('cars', 100_000);
  const clients = number('clients', 20);
  const requests = number('requests', 3000);
  const only = new Set((option('only') ?? 'search,ssr,js,import').split(','));
  const origin = option('origin');
  if (origin) {
    // A site already running: Lighthouse only, no database.
    if (!only.has('lighthouse')) throw new Error('--origin goes with --only lighthouse');
    await runLighthouse(origin, option);
    return;
  }
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = option('database') ?? `bench_catalogue_${randomUUID().slice(0, 8)}`;
  const keep = args.includes('--keep') || option('database') !== undefined;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${database}`;
  console.error(`# PostgreSQL ${benchUrl.host}, database ${database}`);

  const admin = createKnex(url, 2, 'bench-admin');
  const { rows } = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [database]);
  if (rows.length === 0) await admin.raw(`CREATE DATABASE "${database}"`);
  const seedConcurrency = number('seed-concurrency', 32);
  const knex = createKnex(seedUrl(benchUrl.href), seedConcurrency + 4, 'bench-seed');
  try {
    await migrateToLatest(knex);
    const store = await createPostgresEventStore({ knex });
    await seedBenchCatalogue({ knex, store, schema: 'public', cars, concurrency: seedConcurrency });
    await store.close();

    if (only.has('import')) {
      // A feed is its dealers' full stock: import it into a schema of its own, next to the seeded one.
      // On connections of its own: the seed's do not wait for durable commits, an import must.
      const schema = 'import_bench';
      const durable = createKnex(benchUrl.href, 10, 'bench-import');
      await durable.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await migrateToLatest(durable, { schema });
      const importStore = await createPostgresEventStore({ knex: durable, schema });
      try {
        const result = await benchImport({ knex: durable, store: importStore, cars, schema });
        console.error(`# import: ${result.rows} feed lines`);
        figure(`import.${cars >= 1000 ? `${Math.round(cars / 1000)}k` : cars}`, result.seconds, 's');
      } finally {
        await importStore.close();
        await durable.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await durable.destroy();
      }
    }

    // What `npm run build` does before a production start (the app in production never builds it).
    const assets = await ensureClientBundle({ root: ROOT, build: 'if-stale', log: console.error });
    if (only.has('js')) {
      const report = (name: string, size: ScriptSize) => {
        if (size.locale) console.error(`# ${name}: the ${size.locale} page (the heaviest dictionaries)`);
        for (const f of size.files)
          console.error(
            `#   ${f.file} ${(f.bytes / 1000).toFixed(1)} kB, gzip ${(f.gzipBytes / 1000).toFixed(1)} kB, brotli ${(f.brBytes / 1000).toFixed(1)} kB`,
          );
        figure(`${name}.gzip`, size.gzipBytes / 1000, 'kB');
        figure(`${name}.br`, size.brBytes / 1000, 'kB');
      };
      // The car page and the purchase step keep their former names (js.detail, js.funnel).
      const names: Record<ScriptPageType, string> = {
        home: 'js.home',
        list: 'js.list',
        car: 'js.detail',
        purchase: 'js.funnel',
        booking: 'js.booking',
        account: 'js.account',
        backOffice: 'js.backoffice',
      };
      for (const [type, page] of Object.entries(SCRIPT_PAGES) as [
        ScriptPageType,
        (typeof SCRIPT_PAGES)[ScriptPageType],
      ][])
        report(names[type], await pageScriptSize(assets.outDir, page));
    }

    const sample = await sampleCars(knex, 'public');
    // The app, for the SSR and Lighthouse phases.
    const pageCache = option('page-cache');
    const appOptions = {
      url: benchUrl.href,
      poolSize: number('pool', 10),
      logLevel: option('log-level') ?? 'warn',
      ...(pageCache === undefined ? {} : { pageCacheSeconds: Number(pageCache) }),
    };
    if (only.has('search')) {
      const search = createPostgresCatalogueSearch({ knex });
      const queries = searchQueries(sample, number('searches', 2000) + 200);
      const times: number[] = [];
      let found = 0;
      for (const [i, query] of queries.entries()) {
        const started = performance.now();
        const result = await search.search(query);
        if (i >= 200) times.push(performance.now() - started); // the first 200 warm up
        if (result.total > 0) found += 1;
      }
      console.error(`# ${times.length} searches, ${Math.round((found / queries.length) * 100)} % found cars`);
      figure('search.p50', percentile(times, 0.5), 'ms');
      figure('search.p95', percentile(times, 0.95), 'ms');
    }

    if (only.has('ssr')) {
      const search = createPostgresCatalogueSearch({ knex });
      const lists = await listUrls(sample, 1000, search);
      const details = detailUrls(sample, 1000);
      const mix = lists.flatMap((list, i) => [list, details[i]!]);
      const server = await startBenchServer(appOptions);
      console.error(`# page cache: ${pageCache === undefined ? 'the app default' : `${pageCache} s`}`);
      const load = startHttpLoad();
      try {
        const job = { origin: server.url, concurrency: clients };
        checkStatuses('warm-up', await load.run({ ...job, urls: mix, requests: 1000 }));
        const list = await load.run({ ...job, urls: lists, requests });
        checkStatuses('lists', list);
        figure('ssr.list.p50', percentile(list.ttfbMs, 0.5), 'ms');
        figure('ssr.list.p95', percentile(list.ttfbMs, 0.95), 'ms');
        const detail = await load.run({ ...job, urls: details, requests });
        checkStatuses('details', detail);
        figure('ssr.detail.p50', percentile(detail.ttfbMs, 0.5), 'ms');
        figure('ssr.detail.p95', percentile(detail.ttfbMs, 0.95), 'ms');
        const mixed = await load.run({ ...job, urls: mix, durationMs: number('seconds', 20) * 1000 });
        checkStatuses('mix', mixed);
        console.error(
          `# mix: ${mixed.ttfbMs.length} pages in ${(mixed.elapsedMs / 1000).toFixed(1)} s, ${Math.round(mixed.bytes / mixed.ttfbMs.length / 1000)} kB a page, p95 ${percentile(mixed.ttfbMs, 0.95).toFixed(1)} ms`,
        );
        figure('ssr.throughput', mixed.ttfbMs.length / (mixed.elapsedMs / 1000), 'pages/s');
        // Purchase step pages: personal (one visitor's session each), so never from the page cache.
        const purchases = await startPurchases(
          server.url,
          sample.filter((car) => car.condition === 'used').slice(50),
          number('purchases', 40),
        );
        const funnel = await load.run({ ...job, ...purchases, requests: Math.min(requests, 2000) });
        checkStatuses('purchase steps', funnel);
        figure('ssr.funnel.p50', percentile(funnel.ttfbMs, 0.5), 'ms');
        figure('ssr.funnel.p95', percentile(funnel.ttfbMs, 0.95), 'ms');
      } finally {
        load.close();
        await server.close();
      }
    }

    if (only.has('lighthouse')) {
      const app = await startAppProcess(appOptions);
      try {
        await runLighthouse(app.url, option);
      } finally {
        await app.close();
      }
    }
  } finally {
    await knex.destroy();
    if (keep) console.error(`# kept database ${database}`);
    else await admin.raw(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.destroy();
  }
}
