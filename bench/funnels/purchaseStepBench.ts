/**
 * `funnels.command.*`: one purchase step in-process through the purchase service, as a command handler
 * runs it: load the purchase's stream and fold it, check access and the key, dry-run `decide`, gather
 * the step's facts (in-process providers), decide, append with the expected revision. The funnel
 * services are wired as the app wires them (engine/funnels/createFunnelServices.ts: Postgres event store,
 * car holds, built-in providers, payment sandbox, timers table), on durable connections.
 *
 * Many purchases are prepared first (each started on a car of its own and taken to the recovery step:
 * hold, my-infos, delivery), then the four following steps are timed one command at a time, purchase
 * after purchase: skip the trade-in, no insurance, no extras, cash. A first batch of purchases warms up
 * and is not counted. The CPU time of this process and of the database's backends is measured too.
 */
import type { Knex } from 'knex';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { Locale } from '../../domain/markets.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import {
  createBuiltInFunnelProviders,
  createFunnelServices,
} from '../../engine/funnels/createFunnelServices.ts';
import { outcomePageUrls } from '../../engine/funnels/funnelPorts.ts';
import { createTimerStore } from '../../engine/timers/createTimerScheduler.ts';
import { infosFor } from './benchInfos.ts';
import { startCpuTime } from './cpuTime.ts';

export interface PurchaseStepBenchOptions {
  readonly knex: Knex;
  /** The bench database's name (to find its PostgreSQL backends' CPU time). */
  readonly database: string;
  readonly store: EventStore;
  readonly accounts: CustomerAccounts;
  readonly customerId: string;
  /** Used cars nobody holds, one per purchase (warm-up ones first). */
  readonly cars: readonly { readonly car: CarFacts; readonly locale: Locale }[];
  readonly warmUp: number;
  /** Preparations in flight at once (not timed). */
  readonly concurrency: number;
}

export async function benchPurchaseSteps(
  options: PurchaseStepBenchOptions,
): Promise<{ ms: Record<string, number[]>; purchases: number; cpu: { appMs: number; databaseMs: number } }> {
  const { knex, store, accounts } = options;
  const clock = () => new Date();
  // The sandbox only holds its webhooks here: the steps timed take no payment.
  const { providers } = createBuiltInFunnelProviders({
    knex,
    publicUrl: 'http://bench.invalid',
    webhookSecret: 'bench-only-webhook-secret',
    clock,
  });
  // The holds' timers are only stored (due long after the bench).
  const funnels = createFunnelServices({
    store,
    knex,
    clock,
    timers: createTimerStore({ knex }),
    providers,
    accounts,
    returnUrls: outcomePageUrls('http://bench.invalid'),
  });
  const p = funnels.purchases;
  const me: Actor = { kind: 'buyer', customerId: options.customerId };
  let keys = 0;
  const call = () => ({ actor: me, idempotencyKey: `step-bench-${++keys}` });

  // Prepared up to the recovery step, `concurrency` at a time.
  const ids: string[] = new Array(options.cars.length);
  let next = 0;
  const prepare = async () => {
    for (let i = next++; i < options.cars.length; i = next++) {
      const { car, locale } = options.cars[i]!;
      const started = await p.start({ carId: car.carId, locale }, call());
      if (started.status !== 'in-progress') throw new Error(`car ${car.carId}: ${started.status}`);
      await p.submitInfos(started.purchaseId, infosFor(car.country), call());
      const view = await p.chooseDelivery(started.purchaseId, { mode: 'pickup' }, call());
      if (view.step !== 'recovery') throw new Error(`purchase ${started.purchaseId} is on ${view.step}`);
      ids[i] = started.purchaseId;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, prepare));

  // The four steps after delivery, each a command with no outside fact but in-process ones.
  const steps: [string, (id: string) => Promise<unknown>][] = [
    ['SkipTradeIn', (id) => p.skipTradeIn(id, call())],
    ['ChooseInsurance', (id) => p.chooseInsurance(id, { offerId: null }, call())],
    ['ChooseExtras', (id) => p.chooseExtras(id, { extraIds: [] }, call())],
    ['ChooseFunding', (id) => p.chooseFunding(id, { mode: 'cash' }, call())],
  ];
  const ms: Record<string, number[]> = Object.fromEntries(steps.map(([step]) => [step, []]));
  let cpu: Awaited<ReturnType<typeof startCpuTime>> | undefined;
  // Purchase after purchase, its four steps in a row: a change of the machine's load hits every step alike.
  for (const [i, id] of ids.entries()) {
    if (i === options.warmUp) cpu = await startCpuTime(knex, options.database);
    for (const [step, run] of steps) {
      const started = performance.now();
      await run(id);
      if (i >= options.warmUp) ms[step]!.push(performance.now() - started);
    }
  }
  const used = await cpu!.stop();
  const last = await p.get(ids.at(-1)!, me);
  if (last.step !== 'advance-payment') throw new Error(`the last purchase ended on ${last.step}`);
  return { ms, purchases: ids.length - options.warmUp, cpu: used };
}
