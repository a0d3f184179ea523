/**
 * Back-office figures on real PostgreSQL (DATABASE_URL, default the local server's `test` database), in
 * a fresh database on that server, through the app as `npm start` builds it (http/server.ts
 * `appOptions`: the real services, the staff API behind a signed-in admin's session):
 *   admin.list.p95      a filtered page of the purchases list with its total (market + status + a date
 *                       range; 20 different filter sets, 5 rounds, sequential, after a warm-up), through
 *                       `GET /admin/api/purchases` (the read model's query, the vault's names) (ms)
 *   admin.export.100k   the unfiltered purchases export as XLSX, streamed by the real route
 *                       (`GET /admin/api/purchases/export?format=xlsx`) from the app in a process of its
 *                       own, started as production starts it (`npm run serve`: the built bundle, so
 *                       `npm run build` first) on the seeded database and warmed by a list page and a
 *                       small export, read over a socket into a sink that counts the bytes (s)
 *   admin.export.rss    that server process's peak RSS during the export (MB): the kernel's peak
 *                       (/proc/<pid>/status VmHWM, reset just before) or, where it cannot be reset,
 *                       VmRSS sampled every 20 ms
 *   admin.export.rss-before  that process's RSS just before the export (MB)
 *   admin.timeline.p95  the detail of a purchase of ~40 events with its timeline (the state after each
 *                       event), `GET /admin/api/purchases/:id`, 100 times after a warm-up (ms)
 * Seeding: a small demo catalogue through the event store (bench/catalogue/seedBenchCatalogue.ts); one
 * purchase and one booking through the real funnel services (buyer steps, then staff hold extensions up
 * to ~40 events) and the real projections; then the read models `purchases` and `bookings` are filled
 * in bulk to --purchases rows each by copying those projected rows in SQL with new ids, markets,
 * statuses, steps and start times (the list, export and filter columns the projections write; the
 * copies have no events of their own, which the list and the export never read).
 * Options: --purchases <n> (100000), --keep (leave the database), --server tsx (the export's server
 * started as `npm start` starts it, under tsx, instead of `npm run serve`), --cpu-prof <dir> (the export's
 * server writes a V8 CPU profile, `*.cpuprofile`, into <dir> when it stops).
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import type { Actor } from '../domain/funnel/actor.ts';
import { LOCALES } from '../domain/markets.ts';
import { PURCHASE_STATUSES } from '../domain/purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../domain/routes/paramRules.ts';
import { createKnex } from '../engine/database/openDatabase.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { app } from '../http/app.ts';
import { loadConfig } from '../http/config.ts';
import { createServices } from '../http/createServices.ts';
import { SESSION_COOKIE } from '../http/plugins/session.ts';
import { appOptions } from '../http/server.ts';
import { testBrowser } from '../http/testing/testBrowser.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { BOOKING_STATUSES } from '../projections/funnels/bookingRow.ts';
import { serveArguments, startChildServer } from './backoffice/childServer.ts';
import { seedBenchCatalogue, seedUrl } from './catalogue/seedBenchCatalogue.ts';
import { benchAppEnv } from './catalogue/startBenchServer.ts';
import { benchAccounts, benchUsedCars, signUpBuyers } from './funnels/benchBuyers.ts';
import { infosFor } from './funnels/benchInfos.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const mb = (bytes: number) => bytes / 1024 / 1024;
const sqlList = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const purchases = Number(option('purchases') ?? 100_000);
  // The export's server: checked now (the bundle built?) rather than after the seeding.
  const serverArgs = [
    // V8's CPU profile of the export's server, written to that folder when it stops.
    ...(option('cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${option('cpu-prof')}`] : []),
    ...(option('server') === 'tsx' ? ['--import', 'tsx', 'bin/start.ts'] : serveArguments()),
  ];
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `bench_backoffice_${randomUUID().slice(0, 8)}`;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${database}`;
  // The CPU: figures from another kind of machine are not comparable (bench/RESULTS.md "backoffice").
  console.error(
    `# ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; PostgreSQL ${benchUrl.host}, database ${database}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  const admin = createKnex(url, 2, 'bench-admin');
  await admin.raw(`CREATE DATABASE "${database}"`);
  try {
    let started = performance.now();
    const seedKnex = createKnex(seedUrl(benchUrl.href), 8, 'bench-seed');
    try {
      await migrateToLatest(seedKnex);
      const seedStore = await createPostgresEventStore({ knex: seedKnex });
      await seedBenchCatalogue({
        knex: seedKnex,
        store: seedStore,
        schema: 'public',
        cars: 50,
        concurrency: 8,
      });
      await seedStore.close();
    } finally {
      await seedKnex.destroy();
    }
    console.error(`# catalogue seeded in ${seconds(started)} s`);

    const config = loadConfig(benchAppEnv({ url: benchUrl.href, poolSize: 10, logLevel: 'warn' }));
    const hooks = { migrate: (knex: Parameters<typeof migrateToLatest>[0]) => migrateToLatest(knex) };
    const services = await createServices(config, { info: () => {}, error: console.error }, hooks);
    const fastify = Fastify({ logger: false });
    let sid: string | undefined;
    try {
      await fastify.register(app, appOptions(config, services, hooks));
      const { knex } = services;

      // One purchase of ~40 events and one booking, through the funnel services and the projections.
      started = performance.now();
      const [customerId] = await signUpBuyers(benchAccounts(knex), 'backoffice', 1);
      const buyer: Actor = { kind: 'buyer', customerId: customerId! };
      const staff: Actor = { kind: 'staff', staffId: 'bench', role: 'admin' };
      let keys = 0;
      const as = (actor: Actor) => ({ actor, idempotencyKey: `bench-${++keys}`, reason: 'bench' });
      const [first, second] = benchUsedCars(50);
      const p = services.funnels.purchases;
      const { purchaseId } = await p.start({ carId: first!.car.carId, locale: first!.locale }, as(buyer));
      await p.submitInfos(purchaseId, infosFor(first!.car.country), as(buyer));
      await p.chooseDelivery(purchaseId, { mode: 'pickup' }, as(buyer));
      await p.skipTradeIn(purchaseId, as(buyer));
      await p.chooseInsurance(purchaseId, { offerId: null }, as(buyer));
      await p.chooseExtras(purchaseId, { extraIds: [] }, as(buyer));
      await p.chooseFunding(purchaseId, { mode: 'cash' }, as(buyer));
      let events = 0;
      for (let i = 0; events < 40 && i < 60; i++) {
        await p.extendHold(purchaseId, { minutes: 30 + i }, as(staff));
        events = (await services.store.readStream(`purchase-${purchaseId}`)).length;
      }
      await services.funnels.bookings.start({ carId: second!.car.carId, locale: second!.locale }, as(buyer));
      await services.projections.caughtUp();
      console.error(`# one purchase of ${events} events and one booking in ${seconds(started)} s`);

      // The read models filled in bulk from those rows.
      started = performance.now();
      const days = 730;
      const since = Date.UTC(2024, 11, 1);
      const fill = async (
        table: string,
        key: string,
        statuses: readonly string[],
        steps?: readonly string[],
      ) => {
        const columns = (
          (await knex('information_schema.columns')
            .where({ table_schema: 'public', table_name: table })
            .select('column_name')) as { column_name: string }[]
        ).map((c) => c.column_name);
        const varied: Record<string, string> = {
          [key]: `(1000000 + n)::text`,
          locale: `(${sqlList(LOCALES)})[1 + n % ${LOCALES.length}]`,
          status: `(${sqlList(statuses)})[1 + (n / 7) % ${statuses.length}]`,
          customer_id: `'cus_bench_' || (n % 5000)`,
          created_at: `to_timestamp(${since / 1000} + (n::bigint * ${days * 86_400}) / ${purchases})`,
          updated_at: `to_timestamp(${since / 1000} + (n::bigint * ${days * 86_400}) / ${purchases} + 3600)`,
          ...(steps ? { step: `(${sqlList(steps)})[1 + (n / 3) % ${steps.length}]` } : {}),
        };
        const select = columns.map((c) => varied[c] ?? `"${c}"`).join(', ');
        await knex.raw(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')})
           SELECT ${select} FROM "${table}" AS model, generate_series(1, ${purchases}) AS n
           WHERE model.${key} = (SELECT min(${key}) FROM "${table}")`,
        );
        await knex.raw(`ANALYZE "${table}"`);
      };
      await fill('purchases', 'purchase_id', PURCHASE_STATUSES, PURCHASE_STEPS);
      await fill('bookings', 'booking_id', BOOKING_STATUSES);
      console.error(`# ${purchases} purchases and ${purchases} bookings copied in ${seconds(started)} s`);

      // An admin signed in.
      await services.staffAccounts.create({
        email: 'bench-admin@example.test',
        name: 'Bench',
        password: 'a bench passphrase long enough',
        roles: ['admin'],
      });
      const browser = testBrowser(fastify, '127.0.0.9');
      const signIn = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: 'bench-admin@example.test', password: 'a bench passphrase long enough' },
        headers: { 'x-csrf-token': await browser.csrf() },
      });
      if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
      const get = async (path: string) => {
        const answer = await browser.call({ method: 'GET', url: path });
        if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
        return answer;
      };

      // The list: 20 filter sets (market + status + a date range).
      const filters = Array.from({ length: 20 }, (_, i) => {
        const from = new Date(since + ((i * 37) % 600) * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(Date.parse(from) + (30 + i * 5) * 86_400_000).toISOString().slice(0, 10);
        const status = PURCHASE_STATUSES[i % PURCHASE_STATUSES.length]!;
        return `/admin/api/purchases?market=${LOCALES[i % LOCALES.length]}&status=${status}&from=${from}&to=${to}&pageSize=50`;
      });
      for (const path of filters) await get(path);
      const listMs: number[] = [];
      let totals = 0;
      for (let round = 0; round < 5; round++) {
        for (const path of filters) {
          const t = performance.now();
          const answer = await get(path);
          listMs.push(performance.now() - t);
          if (round === 0) totals += answer.json().total as number;
        }
      }
      console.error(
        `# list: ${listMs.length} pages, ${(totals / filters.length).toFixed(0)} matching rows on average, p50 ${percentile(listMs, 0.5).toFixed(1)} ms`,
      );
      figure('admin.list.p95', percentile(listMs, 0.95), 'ms');

      // The timeline.
      const detail = `/admin/api/purchases/${purchaseId}`;
      const timeline = (await get(detail)).json().timeline as unknown[];
      for (let i = 0; i < 10; i++) await get(detail);
      const timelineMs: number[] = [];
      for (let i = 0; i < 100; i++) {
        const t = performance.now();
        await get(detail);
        timelineMs.push(performance.now() - t);
      }
      console.error(
        `# timeline: ${timeline.length} events, p50 ${percentile(timelineMs, 0.5).toFixed(1)} ms`,
      );
      figure('admin.timeline.p95', percentile(timelineMs, 0.95), 'ms');

      sid = browser.sid;
    } finally {
      await fastify.close();
      await services.close();
    }

    // The export, from the app in a process of its own (as `npm start` runs it, on this database,
    // signed in with the same session), over a socket into a sink that counts the bytes.
    const server = await startChildServer(
      benchAppEnv({ url: benchUrl.href, poolSize: 10, logLevel: 'warn' }),
      serverArgs,
    );
    try {
      const download = async (query: string) => {
        const response = await fetch(`${server.url}/admin/api/purchases/export?${query}`, {
          headers: { cookie: `${SESSION_COOKIE}=${sid}` },
        });
        if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
        let bytes = 0;
        for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
        return bytes;
      };
      const warming = performance.now();
      // Warm-up, as a server that has served before: a list page and a small export (one market, a month).
      const list = await fetch(`${server.url}/admin/api/purchases?pageSize=50`, {
        headers: { cookie: `${SESSION_COOKIE}=${sid}` },
      });
      if (list.status !== 200) throw new Error(`list: ${list.status}`);
      await list.arrayBuffer();
      await download(`format=xlsx&market=${LOCALES[0]}&from=2025-01-01&to=2025-01-31`);
      console.error(`# export server (pid ${server.pid}) up and warmed in ${seconds(warming)} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const rssBefore = server.rss();
      const hwm = server.resetPeak();
      let sampled = rssBefore;
      const sampler = setInterval(() => {
        sampled = Math.max(sampled, server.rss());
      }, 20);
      const t = performance.now();
      const cpu = server.cpuSeconds();
      const bytes = await download('format=xlsx');
      const exportSeconds = (performance.now() - t) / 1000;
      const exportCpu = server.cpuSeconds() - cpu;
      clearInterval(sampler);
      sampled = Math.max(sampled, server.rss());
      // The kernel's own peak (VmHWM, reset just before) catches what 20 ms sampling might miss.
      const peak = hwm ? Math.max(sampled, server.peak()) : sampled;
      console.error(
        `# export: ${(bytes / 1e6).toFixed(1)} MB of XLSX for ${purchases + 1} rows; server CPU ${exportCpu.toFixed(1)} s; server RSS sampled every 20 ms peaked at ${mb(sampled).toFixed(0)} MB, ${hwm ? `VmHWM ${mb(server.peak()).toFixed(0)} MB` : 'VmHWM not resettable'}; load ${loadavg()[0]!.toFixed(1)}`,
      );
      figure('admin.export.100k', exportSeconds, 's');
      figure('admin.export.rss', mb(peak), 'MB');
      figure('admin.export.rss-before', mb(rssBefore), 'MB');
    } finally {
      await server.stop();
    }
  } finally {
    if (!args.includes('--keep')) await admin.raw(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    else console.error(`# kept ${database}`);
    await admin.destroy();
  }
}
