/**
 * Reads of `funnel_statistics`: a funnel's entries and exits per step over a period (every step of the
 * funnel listed, in funnel order, zeros included) and the same per day, for one market or all of them.
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

export interface FunnelStatisticsQueries {
  statistics(query: FunnelStatisticsQuery): Promise<FunnelStatistics>;
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
  };
}
