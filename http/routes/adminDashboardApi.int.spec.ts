/**
 * The staff dashboard API on a real database with real staff sign-in and the funnel read models, fed by
 * the projection runner from purchase and booking histories decided by the domain: conversion per step,
 * started and confirmed per day, revenue per currency, holds expired, finance decisions, the median time
 * to confirmation and the projections' lag, for all markets and one; roles; bad periods (400).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingHoldTimes, bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import type { PurchaseCommand } from '../../domain/purchase/commands.ts';
import {
  CASH,
  FINANCE,
  INFOS,
  PAY,
  paid,
  START_SIGNED_IN,
} from '../../domain/purchase/testing/purchaseTestKit.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { dashboardQueries } from '../../projections/dashboardQueries.ts';
import { FUNNEL_PROJECTIONS } from '../../projections/funnels/funnelReadModels.ts';
import {
  appendFunnel,
  bookingHistory,
  minutesAfter,
  type PurchaseStepOf,
  purchaseHistory,
  startBooking,
} from '../../projections/funnels/testing/funnelHistories.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { openApi } from '../plugins/openapi.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import type { TestBrowser } from '../testing/testBrowser.ts';
import { openTestStaff } from '../testing/testStaff.ts';
import { adminAuthApi } from './adminAuthApi.ts';
import { adminDashboardApi } from './adminDashboardApi.ts';

const TODAY = new Date('2026-11-20T12:00:00.000Z');
const ROLES: StaffRole[] = ['admin', 'sales', 'content', 'analyst'];

type Market = 'fr' | 'de' | 'pl';
const to = (market: Market): PurchaseStepOf[] => [
  { ...START_SIGNED_IN, customerId: `cus_${'d'.repeat(32)}`, locale: market },
  { ...INFOS, country: market.toUpperCase() as 'FR' },
  { type: 'ChooseDelivery', mode: 'pickup' },
  { type: 'SkipTradeIn' },
  { type: 'ChooseInsurance', offerId: null },
  { type: 'ChooseExtras', extraIds: [] },
];
/** A cash purchase started at `start`, paid `minutes` later (within its two-hour hold). */
const confirmedAfter = (
  market: Market,
  start: string,
  minutes: number,
  delivery: 'pickup' | 'home' = 'pickup',
) => ({
  steps: [
    ...to(market).map((step) =>
      (step as PurchaseCommand).type === 'ChooseDelivery' ? { type: 'ChooseDelivery', mode: delivery } : step,
    ),
    CASH,
    PAY,
    [paid('pay-1'), { at: minutesAfter(start, minutes) }],
  ] as PurchaseStepOf[],
  start,
});
const financed = (
  market: Market,
  id: string,
  start: string,
  decision: 'accepted' | 'declined' | 'by-pass',
) => ({
  steps: [
    ...to(market),
    FINANCE,
    [{ type: 'ApplyForFinance' }, { financeApplication: { applicationId: `app-${id}` } }],
    { type: 'RecordFinanceDecision', applicationId: `app-${id}`, decision },
  ] as PurchaseStepOf[],
  start,
});

/** The known set: four confirmed in the period (one in pl), one before it, three finance answers, one expiry. */
const PURCHASES: Record<string, { steps: PurchaseStepOf[]; start: string }> = {
  // Confirmed after 30, 60, 20 minutes (EUR) and 90 minutes (PLN); one with home delivery (+390,00 €).
  '2001': confirmedAfter('fr', '2026-11-02T10:00:00.000Z', 30),
  '2002': confirmedAfter('de', '2026-11-03T10:00:00.000Z', 60),
  '2003': confirmedAfter('pl', '2026-11-03T12:00:00.000Z', 90),
  '2004': confirmedAfter('fr', '2026-11-04T10:00:00.000Z', 20, 'home'),
  // Confirmed before the period (left out of the default one).
  '2005': confirmedAfter('fr', '2026-10-01T10:00:00.000Z', 10),
  '2006': financed('fr', '2006', '2026-11-05T10:00:00.000Z', 'accepted'),
  '2007': financed('de', '2007', '2026-11-05T11:00:00.000Z', 'declined'),
  '2008': financed('fr', '2008', '2026-11-06T10:00:00.000Z', 'by-pass'),
  // Comes back after its two-hour hold: the purchase ends with HoldLost (expired).
  '2009': {
    steps: [to('fr')[0]!, [INFOS, { at: '2026-11-07T13:00:00.000Z' }]],
    start: '2026-11-07T10:00:00.000Z',
  },
};

describe('staff dashboard API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  const as: Partial<Record<StaffRole, TestBrowser>> = {};
  const get = (role: StaffRole, url: string) => as[role]!.call({ method: 'GET', url });
  const json = async (url: string, role: StaffRole = 'analyst') => {
    const response = await get(role, url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    for (const [id, { steps, start }] of Object.entries(PURCHASES)) {
      await appendFunnel(store, 'purchase', id, purchaseHistory(steps, { purchaseId: id, start }).events);
    }
    // Bookings: a free one confirmed in fr, one started in fr and left at the contact check.
    const start = '2026-11-02T09:00:00.000Z';
    const held = bookingHistory(
      [
        startBooking('601', 'fr'),
        [{ type: 'ConfirmContact', customerId: `cus_${'e'.repeat(32)}`, method: 'signed_in' }],
        [
          { type: 'PlaceHold' },
          {
            slot: { taken: true },
            hold: {
              held: true,
              holdId: 'booking-601',
              until: bookingHoldTimes(bookingTerms('fr'), start).until,
            },
          },
        ],
      ],
      { start },
    );
    await appendFunnel(store, 'booking', '601', held.events);
    const left = bookingHistory([startBooking('602', 'fr', '102')], { start: '2026-11-03T09:00:00.000Z' });
    await appendFunnel(store, 'booking', '602', left.events);

    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: FUNNEL_PROJECTIONS,
    });
    await runner.start();
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
    await runner.stop();

    const people = await openTestStaff(db, Object.fromEntries(ROLES.map((role) => [role, [role]])));
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(openApi);
    await app.register(security, people.security);
    await app.register(adminAuthApi, { accounts: people.accounts });
    await app.register(adminDashboardApi, {
      dashboard: dashboardQueries({
        knex: db.knex,
        schema: db.schema,
        store,
        projections: FUNNEL_PROJECTIONS,
      }),
      clock: () => TODAY,
    });
    await app.ready();
    for (const role of ROLES) {
      as[role] = await people.signIn(app, role);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  describe('given staff roles', () => {
    it('when a visitor or content staff asks, then 401 and 403; analysts, sales and admin get it', async () => {
      expect((await app.inject({ method: 'GET', url: '/admin/api/dashboard' })).statusCode).toBe(401);
      expect((await get('content', '/admin/api/dashboard')).statusCode).toBe(403);
      for (const role of ['analyst', 'sales', 'admin'] as const) {
        expect((await get(role, '/admin/api/dashboard')).statusCode, role).toBe(200);
      }
    });
  });

  describe('given the known purchases and bookings', () => {
    it('when no period is given, then the last 30 days: revenue per currency, median, counts', async () => {
      const d = await json('/admin/api/dashboard');
      expect(d).toMatchObject({ from: '2026-10-22', to: '2026-11-20', market: null });
      expect(d.revenue).toEqual([
        { currency: 'EUR', amount: 20_000_00 + 20_000_00 + 20_390_00, purchases: 3 },
        { currency: 'PLN', amount: 20_000_00, purchases: 1 },
      ]);
      // 20, 30, 60 and 90 minutes: the median is halfway between 30 and 60.
      expect(d.confirmation).toEqual({ purchases: 4, medianSeconds: 45 * 60 });
      expect(d.holdsExpired).toBe(1);
      expect(d.finance).toEqual({ accepted: 1, declined: 1, 'by-pass': 1 });
      expect(d.days).toHaveLength(30);
      const day = (date: string) => d.days.find((x: { day: string }) => x.day === date);
      expect(day('2026-11-03')).toEqual({
        day: '2026-11-03',
        purchasesStarted: 2,
        purchasesConfirmed: 2,
        bookingsStarted: 1,
        bookingsConfirmed: 0,
      });
      expect(day('2026-11-02')).toMatchObject({
        purchasesConfirmed: 1,
        bookingsStarted: 1,
        bookingsConfirmed: 1,
      });
      expect(d.projections.map((p: { name: string }) => p.name)).toEqual(
        FUNNEL_PROJECTIONS.map((p) => p.name),
      );
      expect(
        d.projections.every((p: { lag: number; status: string }) => p.lag === 0 && p.status === 'live'),
      ).toBe(true);
    });

    it('when the conversion is read, then entries per step and the share reaching the next one', async () => {
      const d = await json('/admin/api/dashboard');
      const purchase = d.conversion.find((c: { funnel: string }) => c.funnel === 'purchase');
      const step = (name: string, steps = purchase.steps) =>
        steps.find((s: { step: string }) => s.step === name);
      // Eight started in the period (2005 before it); seven chose funding; four cash, the accepted and the
      // by-passed finance went on to pay (the declined one stays at funding); the four cash ones confirmed.
      expect(step('my-infos')).toMatchObject({ entries: 8 });
      expect(step('funding')).toMatchObject({ entries: 7, reachedNext: 6 / 7 });
      expect(step('advance-payment')).toMatchObject({ entries: 6, reachedNext: 4 / 6 });
      expect(step('confirmed')).toMatchObject({ entries: 4, reachedNext: null });
      expect(step('car-not-available')).toMatchObject({ entries: 1 });
      const fr = purchase.markets.find((m: { market: string }) => m.market === 'fr');
      expect(step('confirmed', fr.steps)).toMatchObject({ entries: 2 });
      expect(purchase.markets.map((m: { market: string }) => m.market)).toEqual(['de', 'fr', 'pl']);
      const booking = d.conversion.find((c: { funnel: string }) => c.funnel === 'booking');
      expect(step('contact-check', booking.steps)).toMatchObject({ entries: 2, reachedNext: 1 / 2 });
      expect(step('holding', booking.steps)).toMatchObject({ entries: 1, reachedNext: 1 });
    });

    it('when one market and a period are given, then only its figures', async () => {
      const pl = await json('/admin/api/dashboard?market=pl&from=2026-11-01&to=2026-11-30');
      expect(pl.revenue).toEqual([{ currency: 'PLN', amount: 20_000_00, purchases: 1 }]);
      expect(pl.confirmation).toEqual({ purchases: 1, medianSeconds: 90 * 60 });
      expect(pl.finance).toEqual({ accepted: 0, declined: 0, 'by-pass': 0 });
      expect(pl.conversion[0].markets.map((m: { market: string }) => m.market)).toEqual(['pl']);

      const october = await json('/admin/api/dashboard?from=2026-10-01&to=2026-10-01&market=fr');
      expect(october.revenue).toEqual([{ currency: 'EUR', amount: 20_000_00, purchases: 1 }]);
      expect(october.confirmation).toEqual({ purchases: 1, medianSeconds: 10 * 60 });
      expect(october.days).toEqual([
        {
          day: '2026-10-01',
          purchasesStarted: 1,
          purchasesConfirmed: 1,
          bookingsStarted: 0,
          bookingsConfirmed: 0,
        },
      ]);
    });
  });

  describe('given a bad period', () => {
    it.each([
      ['from=2026-13-01', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-11-10&to=2026-11-01', 'to'],
      ['from=2025-01-01&to=2026-11-01', 'from'],
      ['market=be', 'market'],
    ])('when %s, then 400 naming %s', async (query, field) => {
      const response = await get('analyst', `/admin/api/dashboard?${query}`);
      expect(response.statusCode, response.body).toBe(400);
      const fields = Object.keys(response.json().fields).map((name) => name.replace('querystring.', ''));
      expect(fields).toEqual([field]);
    });
  });
});
