/**
 * The back office's dashboard figures (SPEC back office `dashboard`), read from the read models only:
 *
 * - `GET /admin/api/dashboard?from&to&market` — over the period (UTC days `YYYY-MM-DD`, both included; the
 *   last 30 days by default, at most 366) and one market or all: conversion per funnel step (entries and
 *   the share reaching the next step, overall and per market) for purchases and bookings; purchases and
 *   bookings started and confirmed per day; confirmed revenue per currency (minor units); holds expired;
 *   finance decisions (accepted, declined, by-pass); the median time from start to confirmation of
 *   purchases; and how many events each projection is behind.
 *
 * Aggregates without personal data: admin, sales and analysts. A bad day is a 400 with the field's
 * message, as are `from` after `to` and a longer period.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import { LOCALES } from '../../domain/markets.ts';
import type { DashboardQueries } from '../../projections/dashboardQueries.ts';
import { FUNNELS } from '../../projections/funnels/funnelSteps.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { daySchema, MAX_STATISTICS_DAYS } from './adminFunnelsSchemas.ts';

export interface AdminDashboardApiOptions {
  readonly dashboard: DashboardQueries;
  /** Today, for the default period. */
  readonly clock?: () => Date;
}

const DAY = 86_400_000;
const DEFAULT_DAYS = 30;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export const dashboardQuery = z
  .object({
    from: daySchema.optional(),
    to: daySchema.optional(),
    market: z.enum(LOCALES).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'is before from',
    path: ['to'],
  });

const stepConversion = z.object({
  step: z.string(),
  entries: z.number(),
  exits: z.number(),
  reachedNext: z.number().nullable(),
});

export const dashboardFigures = z.object({
  from: z.string(),
  to: z.string(),
  market: z.enum(LOCALES).nullable(),
  conversion: z.array(
    z.object({
      funnel: z.enum(FUNNELS),
      steps: z.array(stepConversion),
      markets: z.array(z.object({ market: z.string(), steps: z.array(stepConversion) })),
    }),
  ),
  days: z.array(
    z.object({
      day: z.string(),
      purchasesStarted: z.number(),
      purchasesConfirmed: z.number(),
      bookingsStarted: z.number(),
      bookingsConfirmed: z.number(),
    }),
  ),
  revenue: z.array(z.object({ currency: z.string(), amount: z.number(), purchases: z.number() })),
  holdsExpired: z.number(),
  finance: z.object({ accepted: z.number(), declined: z.number(), 'by-pass': z.number() }),
  confirmation: z.object({ purchases: z.number(), medianSeconds: z.number().nullable() }),
  projections: z.array(
    z.object({ name: z.string(), status: z.string(), lag: z.number(), capped: z.boolean() }),
  ),
});
export type DashboardAnswer = z.output<typeof dashboardFigures>;

/** The period asked, completed to 30 days from whichever end is given (ending today when neither is). */
export function dashboardPeriod(query: { from?: string; to?: string }, today: Date) {
  const span = (DEFAULT_DAYS - 1) * DAY;
  const to = query.to ?? (query.from ? dayOf(Date.parse(query.from) + span) : dayOf(today.getTime()));
  const from = query.from ?? dayOf(Date.parse(to) - span);
  if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_STATISTICS_DAYS) {
    throw ValidationError.field('from', `the period has at most ${MAX_STATISTICS_DAYS} days`);
  }
  return { from, to };
}

export const adminDashboardApi: FastifyPluginAsyncZod<AdminDashboardApiOptions> = async (app, options) => {
  const clock = options.clock ?? (() => new Date());
  const analysts = requireStaff('admin', 'sales', 'analyst');

  app.get(
    '/admin/api/dashboard',
    { preHandler: analysts, schema: { querystring: dashboardQuery, response: { 200: dashboardFigures } } },
    async ({ query }) => {
      const period = dashboardPeriod(query, clock());
      const figures = await options.dashboard.figures({ ...period, market: query.market });
      return { ...period, market: query.market ?? null, ...figures };
    },
  );
};
