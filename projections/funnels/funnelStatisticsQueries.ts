/**
 * Reads of `funnel_statistics`: a funnel's entries and exits per step over a period (every step of the
 * funnel listed, in funnel order, zeros included) and the same per day, for one market or all of them;
 * or the period's totals market by market.
 */
import type { Knex } from 'knex';
import { FUNNEL_STEPS, type Funnel } from './funnelSteps.ts';

export interface StepCounts {
  readonly step: string;
  readonly entries: number;
  readonly exits: number;
}

export interface FunnelStatistics {
  readonly steps: StepCounts[];
  /** Days with any move, oldest first, steps in funnel order. */
  readonly days: (StepCounts & { readonly day: string })[];
}

export interface FunnelStatisticsQuery {
  readonly funnel: Funnel;
  readonly market?: string | undefined;
  /** `YYYY-MM-DD`, both included. */
  readonly from: string;
  readonly to: string;
}

/** A market's entries and exits per step over the period (every step of the funnel, in order). */
export interface MarketStepCounts {
  readonly market: string;
  readonly steps: StepCounts[];
}

export interface FunnelStatisticsQueries {
  statistics(query: FunnelStatisticsQuery): Promise<FunnelStatistics>;
  /** The period's totals per market (only `market` when given; markets without a move left out). */
  byMarket(query: FunnelStatisticsQuery): Promise<MarketStepCounts[]>;
}

export function funnelStatisticsQueries(options: {
  knex: Knex;
  schema?: string | undefined;
}): FunnelStatisticsQueries {
  const { knex } = options;
  const schema = options.schema ?? 'public';
  return {
    async statistics({ funnel, market, from, to }) {
      const q = knex
        .withSchema(schema)
        .from('funnel_statistics')
        .select(knex.raw(`to_char(day, 'YYYY-MM-DD') AS day`), 'step')
        .sum({ entries: 'entries', exits: 'exits' })
        .where('funnel', funnel)
        .whereBetween('day', [from, to])
        .groupBy('day', 'step')
        .orderBy('day');
      if (market) q.where('locale', market);
      const rows = (await q) as { day: string; step: string; entries: string; exits: string }[];
      const order = FUNNEL_STEPS[funnel];
      const rank = (step: string) => (order.includes(step) ? order.indexOf(step) : order.length);
      const days = rows
        .map((r) => ({ day: r.day, step: r.step, entries: Number(r.entries), exits: Number(r.exits) }))
        .sort((a, b) => a.day.localeCompare(b.day) || rank(a.step) - rank(b.step));
      const totals = new Map<string, { entries: number; exits: number }>(
        order.map((step) => [step, { entries: 0, exits: 0 }]),
      );
      for (const d of days) {
        const t = totals.get(d.step) ?? { entries: 0, exits: 0 };
        totals.set(d.step, { entries: t.entries + d.entries, exits: t.exits + d.exits });
      }
      return { steps: [...totals].map(([step, t]) => ({ step, ...t })), days };
    },
    async byMarket({ funnel, market, from, to }) {
      const q = knex
        .withSchema(schema)
        .from('funnel_statistics')
        .select('locale', 'step')
        .sum({ entries: 'entries', exits: 'exits' })
        .where('funnel', funnel)
        .whereBetween('day', [from, to])
        .groupBy('locale', 'step')
        .orderBy('locale');
      if (market) q.where('locale', market);
      const rows = (await q) as { locale: string; step: string; entries: string; exits: string }[];
      const markets = new Map<string, Map<string, StepCounts>>();
      for (const r of rows) {
        const steps =
          markets.get(r.locale) ??
          new Map(FUNNEL_STEPS[funnel].map((step) => [step, { step, entries: 0, exits: 0 }]));
        steps.set(r.step, { step: r.step, entries: Number(r.entries), exits: Number(r.exits) });
        markets.set(r.locale, steps);
      }
      return [...markets].map(([locale, steps]) => ({ market: locale, steps: [...steps.values()] }));
    },
  };
}
