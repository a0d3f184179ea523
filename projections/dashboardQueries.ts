/**
 * The back office's dashboard figures over a period (UTC days, both included) for one market or all,
 * read from the funnels' read models only: conversion per step (funnel_statistics), purchases and
 * bookings started and confirmed per day, confirmed revenue per currency, holds expired, finance
 * decisions and the median time from start to confirmation of purchases, and each projection's lag.
 */
import type { Knex } from 'knex';
import type { Locale } from '../domain/markets.ts';
import type { FinanceDecision } from '../domain/routes/paramRules.ts';
import type { EventStore } from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';
import { type StepConversion, stepConversion } from './funnels/funnelConversion.ts';
import { funnelStatisticsQueries } from './funnels/funnelStatisticsQueries.ts';
import { FUNNELS, type Funnel } from './funnels/funnelSteps.ts';
import { projectionStatus } from './projectionStatus.ts';

export interface DashboardPeriod {
  /** `YYYY-MM-DD`, both included. */
  readonly from: string;
  readonly to: string;
  readonly market?: Locale | undefined;
}

export interface FunnelConversion {
  readonly funnel: Funnel;
  /** The period's steps for the market asked (or all markets together). */
  readonly steps: StepConversion[];
  /** The same, market by market (markets without a move left out). */
  readonly markets: { readonly market: string; readonly steps: StepConversion[] }[];
}

export interface DashboardDay {
  readonly day: string;
  readonly purchasesStarted: number;
  readonly purchasesConfirmed: number;
  readonly bookingsStarted: number;
  readonly bookingsConfirmed: number;
}

export interface ProjectionLag {
  readonly name: string;
  readonly status: string;
  /** Events of its types the projection has not processed yet (at least, when `capped`). */
  readonly lag: number;
  readonly capped: boolean;
}

export interface DashboardFigures {
  readonly conversion: FunnelConversion[];
  /** Every day of the period, oldest first. */
  readonly days: DashboardDay[];
  /** Confirmed purchases' total due per currency, in minor units. */
  readonly revenue: { readonly currency: string; readonly amount: number; readonly purchases: number }[];
  /** Purchases whose hold ran out (`HoldLost` reason `expired`). */
  readonly holdsExpired: number;
  /** Purchases whose finance was (last) decided in the period, by their decision. */
  readonly finance: Readonly<Record<FinanceDecision, number>>;
  /** Purchases confirmed in the period: the median time from their start, in seconds. */
  readonly confirmation: { readonly purchases: number; readonly medianSeconds: number | null };
  readonly projections: ProjectionLag[];
}

export interface DashboardQueries {
  figures(period: DashboardPeriod): Promise<DashboardFigures>;
}

const DAY = 86_400_000;

/** Every `YYYY-MM-DD` from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

export function dashboardQueries(options: {
  knex: Knex;
  schema?: string | undefined;
  store: EventStore;
  projections: readonly Projection[];
  /** Lag is counted up to this many events per projection (default 10 000). */
  lagCap?: number;
}): DashboardQueries {
  const { knex, store } = options;
  const schema = options.schema ?? 'public';
  const lagCap = options.lagCap ?? 10_000;
  const statistics = funnelStatisticsQueries({ knex, schema });

  /** Rows of `table` whose `column` falls in the period (and market). */
  const within = (table: 'purchases' | 'bookings', column: string, { from, to, market }: DashboardPeriod) => {
    const q = knex
      .withSchema(schema)
      .from(table)
      .where(column, '>=', `${from}T00:00:00Z`)
      .where(column, '<', new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString());
    if (market) q.where('locale', market);
    return q;
  };
  const perDay = async (table: 'purchases' | 'bookings', column: string, period: DashboardPeriod) => {
    const rows = (await within(table, column, period)
      .select(knex.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`))
      .count({ count: '*' })
      .groupBy('day')) as unknown as { day: string; count: string }[];
    return new Map(rows.map((r) => [r.day, Number(r.count)]));
  };

  async function conversion(funnel: Funnel, period: DashboardPeriod): Promise<FunnelConversion> {
    const [all, markets] = await Promise.all([
      statistics.statistics({ funnel, ...period }),
      statistics.byMarket({ funnel, ...period }),
    ]);
    return {
      funnel,
      steps: stepConversion(funnel, all.steps),
      markets: markets.map((m) => ({ market: m.market, steps: stepConversion(funnel, m.steps) })),
    };
  }

  return {
    async figures(period) {
      const [purchasesStarted, purchasesConfirmed, bookingsStarted, bookingsConfirmed] = await Promise.all([
        perDay('purchases', 'created_at', period),
        perDay('purchases', 'confirmed_at', period),
        perDay('bookings', 'created_at', period),
        perDay('bookings', 'confirmed_at', period),
      ]);
      const revenue = (await within('purchases', 'confirmed_at', period)
        .select('currency')
        .sum({ amount: 'total' })
        .count({ purchases: '*' })
        .groupBy('currency')
        .orderBy('currency')) as unknown as { currency: string; amount: string; purchases: string }[];
      const [expired] = (await within('purchases', 'hold_expired_at', period).count({
        count: '*',
      })) as unknown as { count: string }[];
      const decisions = (await within('purchases', 'finance_decided_at', period)
        .select('finance_decision')
        .count({ count: '*' })
        .groupBy('finance_decision')) as unknown as { finance_decision: string | null; count: string }[];
      const [median] = (await within('purchases', 'confirmed_at', period).select(
        knex.raw(
          'count(*) AS purchases, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM confirmed_at - created_at)) AS median',
        ),
      )) as unknown as { purchases: string; median: string | number | null }[];
      const decided = (decision: FinanceDecision) =>
        Number(decisions.find((d) => d.finance_decision === decision)?.count ?? 0);
      const statuses = await projectionStatus({
        knex,
        store,
        schema,
        projections: options.projections,
        lagCap,
      });
      return {
        conversion: await Promise.all(FUNNELS.map((funnel) => conversion(funnel, period))),
        days: daysOf(period.from, period.to).map((day) => ({
          day,
          purchasesStarted: purchasesStarted.get(day) ?? 0,
          purchasesConfirmed: purchasesConfirmed.get(day) ?? 0,
          bookingsStarted: bookingsStarted.get(day) ?? 0,
          bookingsConfirmed: bookingsConfirmed.get(day) ?? 0,
        })),
        revenue: revenue.map((r) => ({
          currency: r.currency,
          amount: Number(r.amount),
          purchases: Number(r.purchases),
        })),
        holdsExpired: Number(expired?.count ?? 0),
        finance: {
          accepted: decided('accepted'),
          declined: decided('declined'),
          'by-pass': decided('by-pass'),
        },
        confirmation: {
          purchases: Number(median?.purchases ?? 0),
          medianSeconds: median?.median == null ? null : Math.round(Number(median.median)),
        },
        projections: statuses.map((s) => ({
          name: s.name,
          status: s.status,
          lag: s.lag,
          capped: s.lag >= lagCap,
        })),
      };
    },
  };
}
