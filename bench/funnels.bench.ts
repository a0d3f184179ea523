/**
 * Funnel figures on real PostgreSQL (DATABASE_URL, default the local server's `test` database), in a
 * fresh database on that server holding the bench's demo catalogue (catalogue/seedBenchCatalogue.ts,
 * 5,000 cars by default, projected):
 *   funnels.command.p50/p95   one purchase step in-process through the purchase service (load, decide,
 *                             append; funnels/purchaseStepBench.ts), one command at a time (ms)
 *   http.purchase-step.p50/p95  every command of a purchase over HTTP (start, my-infos, delivery,
 *                             recovery, insurance, extras, funding, advance payment), 50 buyers at once,
 *                             each with its own session, CSRF token and cars, pausing ~1 s after each
 *                             answer as a person would, against the app as `npm start` runs it
 *                             (http/server.ts) listening on a port (ms)
 *   http.purchase-step.throughput  commands answered per second by the same buyers without pauses
 *                             (commands/s; their latency then is on stderr)
 *   funnels.command.decisions-per-command  decisions made (a decider run, on the read or again after a
 *                             conflict) per command handled, in-process steps and their preparation
 *   funnels.http.app-cpu-per-command  ms of the app process's CPU per HTTP command (every phase)
 *   funnels.http.sql-per-command  SQL statements the app process sends per HTTP command (projections
 *                             and timers in the same process included)
 * The buyers run in a separate client process on the same machine (funnels/purchaseLoadClient.ts).
 * Options: --cars <n> (5000), --purchases <n> in-process (600, after 50 to warm up), --buyers <n> (50),
 * --commands <n> for the HTTP latency phase (2500), --think <ms> the buyers' pause there (1000),
 * --seconds <n> for the throughput phase (20),
 * --pool <n> the app's pool size (10), --log-level <level> (warn), --only <command,http>,
 * --profile <file.cpuprofile> (profile the app's process during the HTTP phases), --profile-command
 * <file.cpuprofile> (the same for the in-process steps, their preparation included), --count-queries (the
 * SQL statements the app sends per command), --more-projections <n> (n projections beside the app's, each
 * taking every purchase event: funnels/purchaseTallies.ts), --keep.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateUrl } from '../domain/routes/index.ts';
import { createKnex } from '../engine/database/openDatabase.ts';
import { commandCounters } from '../engine/handleCommand.ts';
import { createPostgresEventStore } from '../engine/postgres/createPostgresEventStore.ts';
import { purchaseFormUrl } from '../http/routes/purchaseLinks.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { seedBenchCatalogue, seedUrl } from './catalogue/seedBenchCatalogue.ts';
import { startBenchServer } from './catalogue/startBenchServer.ts';
import { BENCH_PASSWORD, benchAccounts, benchUsedCars, signUpBuyers } from './funnels/benchBuyers.ts';
import { startCpuProfile } from './funnels/cpuProfile.ts';
import { startCpuTime } from './funnels/cpuTime.ts';
import { runPurchaseLoadProcess } from './funnels/purchaseLoad.ts';
import type { BuyerPlan } from './funnels/purchaseLoadClient.ts';
import { benchPurchaseSteps } from './funnels/purchaseStepBench.ts';
import { purchaseTallies } from './funnels/purchaseTallies.ts';
import { countQueries } from './funnels/queryCounter.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
};
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
/** p50 / p95 of each command, on stderr. */
function breakdown(ms: Record<string, number[]>): void {
  for (const [name, values] of Object.entries(ms))
    console.error(
      `#   ${name.padEnd(22)} n=${values.length} p50 ${percentile(values, 0.5).toFixed(1)} p95 ${percentile(values, 0.95).toFixed(1)} ms`,
    );
}

function printQueries(counted: Map<string, number>, commands: number): void {
  const all = [...counted.values()].reduce((a, b) => a + b, 0);
  console.error(`# SQL statements sent: ${(all / commands).toFixed(1)} per command; most sent:`);
  for (const [text, n] of [...counted].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.error(`#   ${(n / commands).toFixed(2).padStart(6)}  ${text}`);
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const number = (name: string, fallback: number) => Number(option(name) ?? fallback);
  const cars = number('cars', 5000);
  const purchases = number('purchases', 600);
  const warmUp = 50;
  const buyers = number('buyers', 50);
  const only = new Set((option('only') ?? 'command,http').split(','));
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const database = `bench_funnels_${randomUUID().slice(0, 8)}`;
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${database}`;
  console.error(`# PostgreSQL ${benchUrl.host}, database ${database}; ${load()}`);

  const admin = createKnex(url, 2, 'bench-admin');
  await admin.raw(`CREATE DATABASE "${database}"`);
  // Durable commits from here on (the seed's connections do not wait for the flush: bench data only).
  const knex = createKnex(benchUrl.href, 10, 'bench-funnels');
  try {
    const seedKnex = createKnex(seedUrl(benchUrl.href), 36, 'bench-seed');
    try {
      await migrateToLatest(seedKnex);
      const seedStore = await createPostgresEventStore({ knex: seedKnex });
      await seedBenchCatalogue({ knex: seedKnex, store: seedStore, schema: 'public', cars, concurrency: 32 });
      await seedStore.close();
    } finally {
      await seedKnex.destroy();
    }
    const used = benchUsedCars(cars);
    const accounts = benchAccounts(knex);

    if (only.has('command')) {
      const store = await createPostgresEventStore({ knex });
      const [customerId] = await signUpBuyers(accounts, 'step-bench', 1);
      const started = performance.now();
      const commandProfile = option('profile-command');
      const profile = commandProfile ? await startCpuProfile() : undefined;
      const queries = args.includes('--count-queries') ? countQueries() : undefined;
      const before = { ...commandCounters };
      const result = await benchPurchaseSteps({
        knex,
        database,
        store,
        accounts,
        customerId: customerId!,
        cars: used.slice(0, purchases + warmUp),
        warmUp,
        concurrency: 8,
      });
      if (profile && commandProfile)
        for (const line of await profile.stop(commandProfile)) console.error(line);
      const counted = queries?.stop();
      await store.close();
      const all = Object.values(result.ms).flat();
      // Counted over the preparation too: seven commands per purchase (start, my-infos, delivery, four steps).
      if (counted) printQueries(counted, (purchases + warmUp) * 7);
      console.error(
        `# in-process: ${result.purchases} purchases, ${all.length} steps timed (${((performance.now() - started) / 1000).toFixed(1)} s with the preparation); ${load()}`,
      );
      breakdown(result.ms);
      console.error(
        `# CPU per step: this process ${(result.cpu.appMs / all.length).toFixed(1)} ms, PostgreSQL ${(result.cpu.databaseMs / all.length).toFixed(1)} ms`,
      );
      figure('funnels.command.p50', percentile(all, 0.5), 'ms');
      figure('funnels.command.p95', percentile(all, 0.95), 'ms');
      const decisions = commandCounters.decisions - before.decisions;
      const handled = commandCounters.commands - before.commands;
      figure('funnels.command.decisions-per-command', decisions / handled, 'decisions');
    }

    if (only.has('http')) {
      await signUpBuyers(accounts, 'http-buyer', buyers);
      const left = used.slice(purchases + warmUp);
      const plans: BuyerPlan[] = Array.from({ length: buyers }, (_, i) => ({
        email: `http-buyer-${i}@example.test`,
        password: BENCH_PASSWORD,
        cars: left
          .filter((_car, j) => j % buyers === i)
          .map(({ car, locale }) => ({ formPath: purchaseFormUrl(car, locale), country: car.country })),
      }));
      console.error(`# HTTP: ${buyers} buyers, ${plans[0]!.cars.length} cars each`);
      const more = number('more-projections', 0);
      if (more > 0) console.error(`# ${more} more projections take every purchase event`);
      const server = await startBenchServer({
        url: benchUrl.href,
        poolSize: number('pool', 10),
        logLevel: option('log-level') ?? 'warn',
        ...(more > 0 ? { moreProjections: purchaseTallies(more) } : {}),
      });
      const profileFile = option('profile');
      try {
        const job = {
          origin: server.url,
          signInPath: generateUrl('ajax_login.fr', { type: 'sign-in' }),
          buyers: plans,
        };
        const elu = performance.eventLoopUtilization();
        const profile = profileFile ? await startCpuProfile() : undefined;
        const queries = countQueries();
        const cpu = await startCpuTime(knex, database);
        const [warm, latency, throughput] = await runPurchaseLoadProcess({
          ...job,
          phases: [
            { name: 'warm-up', commands: buyers * 8 },
            { name: 'latency', commands: number('commands', 2500), thinkMs: number('think', 1000) },
            { name: 'throughput', durationMs: number('seconds', 20) * 1000 },
          ],
        });
        const busy = performance.eventLoopUtilization(elu);
        const counted = queries.stop();
        const used = await cpu.stop();
        if (profile && profileFile) for (const line of await profile.stop(profileFile)) console.error(line);
        for (const phase of [warm!, latency!, throughput!]) {
          const n = Object.values(phase.ms).flat().length;
          console.error(
            `# ${phase.name}: ${n} commands, ${phase.purchases} purchases in ${(phase.elapsedMs / 1000).toFixed(1)} s, statuses ${JSON.stringify(phase.statuses)}`,
          );
        }
        const phases = [warm!, latency!, throughput!];
        const commands = phases.reduce((n, phase) => n + Object.values(phase.ms).flat().length, 0);
        const wall = phases.reduce((ms, phase) => ms + phase.elapsedMs, 0);
        console.error(
          `# CPU per command: the app ${(used.appMs / commands).toFixed(1)} ms, PostgreSQL ${(used.databaseMs / commands).toFixed(1)} ms (the app used ${((used.appMs / wall) * 100).toFixed(0)} % of a core, PostgreSQL ${((used.databaseMs / wall) * 100).toFixed(0)} %)`,
        );
        if (args.includes('--count-queries')) printQueries(counted, commands);
        console.error(
          `# the app's event loop was busy ${(busy.utilization * 100).toFixed(0)} % of the HTTP phases; ${load()}`,
        );
        breakdown(latency!.ms);
        const saturated = Object.values(throughput!.ms).flat();
        console.error(
          `# without pauses (the throughput phase): p50 ${percentile(saturated, 0.5).toFixed(1)} p95 ${percentile(saturated, 0.95).toFixed(1)} ms`,
        );
        const steps = Object.values(latency!.ms).flat();
        figure('http.purchase-step.p50', percentile(steps, 0.5), 'ms');
        figure('http.purchase-step.p95', percentile(steps, 0.95), 'ms');
        const done = saturated.length;
        figure('http.purchase-step.throughput', done / (throughput!.elapsedMs / 1000), 'commands/s');
        figure('funnels.http.app-cpu-per-command', used.appMs / commands, 'ms');
        const statements = [...counted.values()].reduce((a, b) => a + b, 0);
        figure('funnels.http.sql-per-command', statements / commands, 'statements');
      } finally {
        await server.close();
      }
    }
  } finally {
    await knex.destroy();
    if (args.includes('--keep')) console.error(`# kept database ${database}`);
    else await admin.raw(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.destroy();
  }
}
