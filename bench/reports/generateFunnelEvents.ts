/**
 * Writes purchase funnel events in bulk, straight into the Postgres event store's tables (events and
 * streams, in the shape its append function writes them), generated in SQL: a million events take
 * seconds where appends would take minutes. For benches only (no append checks, no NOTIFY).
 *
 * Each purchase: PurchaseStarted, then the steps (account, infos, delivery, trade-in skipped,
 * insurance, extras, funding), a finance application and its decision for one in three, the
 * confirmation for four in five; its market is one of the nine; its steps take 20 s to 15 min
 * (deterministic per purchase and step), recorded from `start` on, one purchase every 20 s.
 */
import type { Knex } from 'knex';

export interface FunnelEventsOptions {
  readonly schema: string;
  /** About this many events (whole purchases: a few more at most). */
  readonly events: number;
  /** When the first purchase starts (default 2026-01-01). */
  readonly start?: Date;
  /** Purchases per INSERT (default 20,000). */
  readonly chunk?: number;
}

/** Events per purchase on average: 8 + 2 × 1/3 (finance) + 4/5 (confirmed). */
export const EVENTS_PER_PURCHASE = 8 + 2 / 3 + 4 / 5;

const STEPS = [
  [1, 'PurchaseStarted', 'true'],
  [2, 'AccountStepPassed', 'true'],
  [3, 'InfosSubmitted', 'true'],
  [4, 'DeliveryChosen', 'true'],
  [5, 'TradeInSkipped', 'true'],
  [6, 'InsuranceChosen', 'true'],
  [7, 'ExtrasChosen', 'true'],
  [8, 'FundingChosen', 'true'],
  [9, 'FinanceApplied', 'p % 3 = 0'],
  [10, 'FinanceDecided', 'p % 3 = 0'],
  [11, 'PurchaseConfirmed', 'p % 5 <> 0'],
] as const;

/** Writes the events; returns how many were written and how many purchases. */
export async function generateFunnelEvents(
  knex: Knex,
  options: FunnelEventsOptions,
): Promise<{ events: number; purchases: number }> {
  const s = `"${options.schema.replaceAll('"', '""')}"`;
  const purchases = Math.ceil(options.events / EVENTS_PER_PURCHASE);
  const chunk = options.chunk ?? 20_000;
  const start = (options.start ?? new Date('2026-01-01T00:00:00Z')).toISOString();
  const steps = STEPS.map(([k, type, when]) => `(${k}, '${type}', ${when})`).join(',\n');
  let events = 0;
  for (let from = 0; from < purchases; from += chunk) {
    const to = Math.min(purchases, from + chunk) - 1;
    const { rowCount } = await knex.raw(
      `INSERT INTO ${s}.events (stream_name, revision, event_id, event_type, data, metadata, created)
       SELECT 'purchase-' || p, row_number() OVER w - 1, gen_random_uuid(), type,
         CASE type
           WHEN 'PurchaseStarted' THEN jsonb_build_object(
             'purchaseId', p::text, 'carId', (p % 50000 + 1)::text,
             'locale', (ARRAY['at','de','es','fr','fr-BE','it','nl-BE','pl','pt'])[p % 9 + 1],
             'dealerId', (p % 40 + 1)::text,
             'carPrice', jsonb_build_object('amount', 1000000 + (p % 97) * 50000, 'currency', CASE WHEN p % 9 = 7 THEN 'PLN' ELSE 'EUR' END),
             'customerId', NULL, 'hold', NULL, 'fromBookingId', NULL)
           WHEN 'FinanceApplied' THEN jsonb_build_object('applicationId', 'app-' || p,
             'amount', jsonb_build_object('amount', 500000 + (p % 97) * 50000, 'currency', CASE WHEN p % 9 = 7 THEN 'PLN' ELSE 'EUR' END))
           WHEN 'FinanceDecided' THEN jsonb_build_object('applicationId', 'app-' || p,
             'decision', (ARRAY['accepted','accepted','declined','by-pass'])[p % 4 + 1])
           ELSE jsonb_build_object('step', k)
         END,
         '{"machineVersion": 3}'::jsonb,
         ?::timestamptz + make_interval(secs => p * 20 + sum(CASE WHEN k = 1 THEN 0 ELSE 20 + abs(hashtext(p || ':' || k)) % 880 END) OVER w)
       FROM generate_series(?::bigint, ?::bigint) AS p
       CROSS JOIN LATERAL (SELECT k, type FROM (VALUES ${steps}) AS t(k, type, included) WHERE included) AS step
       WINDOW w AS (PARTITION BY p ORDER BY k)
       ORDER BY p, k`,
      [start, from, to],
    );
    events += rowCount ?? 0;
  }
  await knex.raw(
    `INSERT INTO ${s}.streams (stream_name, revision)
     SELECT stream_name, max(revision) FROM ${s}.events WHERE stream_name LIKE 'purchase-%' GROUP BY stream_name
     ON CONFLICT (stream_name) DO UPDATE SET revision = excluded.revision`,
  );
  return { events, purchases };
}
