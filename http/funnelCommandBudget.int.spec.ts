/**
 * The budgets of a funnel command (ARCHITECTURE.md "Budgets"; the timed figures are the funnels bench's,
 * bench/RESULTS.md): the SQL statements a purchase command costs over HTTP with every projection of the
 * app running beside it, and the decisions it takes. Counted exactly: buyers take each step of a
 * purchase together, as they do under load, and the projections read those commands' events once they
 * are all appended (the event store's wake-ups are held until then), then commit what that read gives
 * them. A projection that costs its own transaction again, or a command that reads twice, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carSlug } from '../domain/catalogue/car.ts';
import { MY_INFOS_FR } from '../engine/funnels/testing/buyerForms.ts';
import { commandCounters } from '../engine/handleCommand.ts';
import {
  counted,
  countStatements,
  type StatementCounter,
  uncounted,
} from '../engine/testing/statementCounter.ts';
import { Wakeup } from '../engine/Wakeup.ts';
import { projectionStatus } from '../projections/projectionStatus.ts';
import { appProjections } from './createServices.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from './testing/funnelTestApp.ts';

/**
 * Statements per purchase command, its projections' included (the command's own and the reads'), the
 * appends' wake-up NOTIFY counted as one per command: at most that, fewer when appends share one (the
 * store sends one per 5 ms window: engine/README.md "Waking other instances"), so timing-dependent and
 * counted at its worst. A session's touch (at most once a minute, `touchAfterMs`) is not counted.
 */
const STATEMENTS_PER_COMMAND = 6;
/** What a command's own path sends (session, the append; a start's id, car, hold and timer…), NOTIFY aside. */
const COMMAND_PATH_PER_COMMAND = 3.25;
/** What timing decides (see above): left out of the exact count. */
const TIMED = /^(SELECT pg_notify|INSERT INTO \S+\.http_sessions)/;
/** Buyers whose commands one read of the projections takes (~400 commands/s with a 20 ms window). */
const BUYERS = 8;

const CALL = '/fr/acheter/connect/ajax';
/** A purchase's commands after its start, as the buyer sends them (pickup, no trade-in, cover, extras; cash). */
const STEPS: readonly (readonly [string, string, unknown])[] = [
  ['SubmitInfos', 'checkMyInfoStep', MY_INFOS_FR],
  ['ChooseDelivery', 'checkDealerDistance', { mode: 'pickup' }],
  ['SkipTradeIn', 'form/recovery', { action: 'skip' }],
  ['ChooseInsurance', 'insurance', { offerId: null }],
  ['ChooseExtras', 'additional-optional', { extraIds: [] }],
  ['ChooseFunding', 'funding', { action: 'cash' }],
  ['RequestAdvancePayment', 'form/summary-step-5', {}],
];

/** Wake-ups held back until released: the test says when the projections read. */
class HeldWakeup extends Wakeup {
  private held = true;
  override notify(): void {
    if (!this.held) super.notify();
  }
  release(): void {
    this.held = false;
    super.notify();
  }
  hold(): void {
    this.held = true;
  }
}

describe('a purchase command’s cost, every projection of the app running', () => {
  const wakeup = new HeldWakeup();
  let t: FunnelTestApp;
  let statements: StatementCounter;
  beforeAll(async () => {
    t = await openFunnelTestApp({
      cars: 240,
      projections: (h) =>
        appProjections({ meili: undefined }, { store: h.store, schema: h.db.schema, clock: h.now }),
      subscriptions: { wakeup, pollIntervalMs: 3_600_000 },
    });
    await uncounted(() => t.runner!.caughtUp());
    statements = countStatements();
  }, 240_000);
  afterAll(async () => {
    statements?.stop();
    await t?.close();
  });

  const ok = async (answer: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await answer;
    if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json() as { purchaseId: string; step: string };
  };

  /**
   * Each buyer sends `send(buyer, i)` at once, then the projections read them all (one read) and commit;
   * answers the statements the commands sent and those the projections did.
   */
  async function together<T>(buyers: readonly Buyer[], send: (b: Buyer, i: number) => Promise<T>) {
    statements.reset();
    const decided = commandCounters.decisions;
    wakeup.hold();
    const answers = await Promise.all(buyers.map((b, i) => counted('command', () => send(b, i))));
    wakeup.release();
    await uncounted(() => caughtUp(45_000));
    wakeup.hold();
    const decisions = commandCounters.decisions - decided;
    return {
      answers,
      decisions,
      command: statements.sent('command').filter((sql) => !TIMED.test(sql)),
      projections: statements.sent('background').filter((sql) => !TIMED.test(sql)),
    };
  }

  /** The projections caught up, or a failure saying which are behind after `ms` (never a silent wait). */
  async function caughtUp(ms: number) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(async () => {
        const projections = appProjections({ meili: undefined }, { store: t.h.store, schema: t.h.db.schema });
        const status = await projectionStatus({
          knex: t.h.db.knex,
          store: t.h.store,
          schema: t.h.db.schema,
          projections,
        });
        const behind = status.filter((p) => p.lag !== 0 || p.status !== 'live');
        reject(
          new Error(
            `projections not caught up after ${ms} ms: ${JSON.stringify(behind.map((p) => [p.name, p.status, p.lag, p.position]))}`,
          ),
        );
      }, ms);
    });
    // A transaction open elsewhere on the server (another test file's) holds back what a read sees
    // (gap-safe reading); the subscriptions poll once an hour here, so they are woken again each second
    // until caught up (a read that finds nothing new costs one statement more, rarely).
    const nudge = setInterval(() => wakeup.release(), 1_000);
    try {
      await Promise.race([t.runner!.caughtUp(), late]);
    } finally {
      clearTimeout(timer);
      clearInterval(nudge);
    }
  }

  /** A purchase for each buyer, step by step together; the statements of every round. */
  async function purchases(buyers: readonly Buyer[]) {
    const rounds: {
      name: string;
      decisions: number;
      command: readonly string[];
      projections: readonly string[];
    }[] = [];
    const cars = buyers.map(() => t.h.freshCar((car) => car.condition !== 'new'));
    const start = await together(buyers, (b, i) => {
      const car = cars[i]!;
      return ok(b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`));
    });
    rounds.push({ name: 'StartPurchase', ...start });
    const ids = start.answers.map((a) => a.purchaseId);
    for (const [name, call, body] of STEPS)
      rounds.push({
        name,
        ...(await together(buyers, (b, i) => ok(b.post(`${CALL}/${call}/${ids[i]}`, body)))),
      });
    return rounds;
  }

  it(`given ${BUYERS} buyers’ purchases, then a command costs ≤ ${STATEMENTS_PER_COMMAND} statements and one decision`, async () => {
    const buyers = await uncounted(async () => {
      const signedUp = Array.from({ length: BUYERS }, () => t.browser());
      for (const [i, b] of signedUp.entries()) await b.signUp(`budget-${i}@example.test`);
      return signedUp;
    });
    // First purchases warm what is kept (the cars' listings, the projections' rows): not counted.
    await purchases(buyers);
    const before = { ...commandCounters };
    const rounds = await purchases(buyers);
    const commands = rounds.length * BUYERS;
    const command = rounds.flatMap((r) => r.command);
    const projections = rounds.flatMap((r) => r.projections);
    const table = rounds
      .map(
        (r) =>
          `${r.name.padEnd(22)} command ${r.command.length / BUYERS}, projections ${r.projections.length}`,
      )
      .join('\n');
    const perCommand = (command.length + projections.length + commands) / commands;
    if (process.env.BUDGET_LOG)
      for (const r of rounds)
        console.log(`# ${r.name}\n${summary(r.command)}\n--\n${summary(r.projections)}`);
    expect(
      perCommand,
      `statements per command (budget ${STATEMENTS_PER_COMMAND}):\n${table}`,
    ).toBeLessThanOrEqual(STATEMENTS_PER_COMMAND);
    expect(command.length / commands, `${table}\n${summary(command)}`).toBeLessThanOrEqual(
      COMMAND_PATH_PER_COMMAND,
    );
    // A start is two commands (the car's hold, then the purchase): one decision each.
    expect(commandCounters.commands - before.commands).toBe(commands + BUYERS);
    expect(commandCounters.decisions - before.decisions, table).toBe(commands + BUYERS);
    console.log(`# statements per command ${perCommand.toFixed(2)}\n${table}\n${summary(projections)}`);
  }, 300_000);
});

/** The statements by their first words, most sent first. */
function summary(sent: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const sql of sent) counts.set(sql.slice(0, 90), (counts.get(sql.slice(0, 90)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([sql, n]) => `${String(n).padStart(4)}  ${sql}`)
    .join('\n');
}
