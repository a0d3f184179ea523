/**
 * The staff funnels API on a real database with real staff sign-in, sessions, the customer vault and
 * the funnel read models: roles (401, 403), list filters and paging, exports that read back as exactly
 * the filtered list (XLSX and CSV), the detail's timeline, the state after any event, statistics,
 * a car's holds, and bad input (400 with field messages, 404).
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_MACHINE_VERSION } from '../../domain/purchase/machine.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createPostgresCustomerVault } from '../../engine/customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { FUNNEL_PROJECTIONS, funnelReadModels } from '../../projections/funnels/funnelReadModels.ts';
import { appendScenario, CUSTOMERS, MIDNIGHT } from '../../projections/funnels/testing/funnelScenario.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { openApi } from '../plugins/openapi.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import type { TestBrowser } from '../testing/testBrowser.ts';
import { openTestStaff } from '../testing/testStaff.ts';
import { adminAuthApi } from './adminAuthApi.ts';
import { adminFunnelsApi } from './adminFunnelsApi.ts';

const TODAY = new Date('2026-12-10T12:00:00.000Z');
const ROLES: StaffRole[] = ['admin', 'sales', 'content', 'analyst'];

describe('staff funnels API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  const as: Partial<Record<StaffRole, TestBrowser>> = {};
  const get = (role: StaffRole, url: string) => as[role]!.call({ method: 'GET', url });
  const json = async (role: StaffRole, url: string) => {
    const response = await get(role, url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection, ...FUNNEL_PROJECTIONS],
    });
    await appendScenario(store);
    await runner.start();
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
    // Nothing more is appended: stop polling (on the embedded database every query shares one session).
    await runner.stop();

    const vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 9),
    });
    await vault.create(CUSTOMERS.anna, {
      email: 'anna@example.test',
      firstName: 'Anna',
      lastName: 'Berg',
      phone: '+33 6 12 34 56 78',
    });
    await vault.create(CUSTOMERS.ben, { email: 'ben@example.test', firstName: 'Ben', lastName: 'Okafor' });
    await vault.create(CUSTOMERS.carla, {
      email: 'carla@example.test',
      firstName: 'Carla',
      lastName: 'Ruiz',
    });
    await vault.erase(CUSTOMERS.carla);

    const people = await openTestStaff(db, Object.fromEntries(ROLES.map((role) => [role, [role]])));
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(openApi);
    await app.register(security, people.security);
    await app.register(adminAuthApi, { accounts: people.accounts });
    await app.register(adminFunnelsApi, {
      store,
      readModels: funnelReadModels({ knex: db.knex, schema: db.schema }),
      customers: vault,
      clock: () => TODAY,
    });
    await app.ready();
    for (const role of ROLES) {
      as[role] = await people.signIn(app, role);
    }
    // Generous: four argon2 sign-ins and a projection catch-up on a shared, busy test machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  const ROUTES = [
    '/admin/api/bookings',
    '/admin/api/bookings/export',
    '/admin/api/bookings/501',
    '/admin/api/bookings/501/state',
    '/admin/api/purchases',
    '/admin/api/purchases/export?format=csv',
    '/admin/api/purchases/1001',
    '/admin/api/purchases/1001/state?after=0',
    '/admin/api/cars/101/holds',
  ];

  it('given no staff sign-in, then every route answers 401', async () => {
    for (const url of [...ROUTES, '/admin/api/funnel-statistics']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('given content or analyst staff, then bookings, purchases and cars are 403; sales and admin get them', async () => {
    for (const url of ROUTES) {
      expect((await get('content', url)).statusCode, url).toBe(403);
      expect((await get('analyst', url)).statusCode, url).toBe(403);
      expect((await get('sales', url)).statusCode, url).toBe(200);
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
    const statistics = '/admin/api/funnel-statistics';
    expect((await get('content', statistics)).statusCode).toBe(403);
    for (const role of ['analyst', 'sales', 'admin'] as const) {
      expect((await get(role, statistics)).statusCode).toBe(200);
    }
  });

  it('given filters and pages, then the list is filtered, newest first, with customer names from the vault', async () => {
    const all = await json('sales', '/admin/api/purchases?pageSize=3');
    expect(all).toMatchObject({ page: 1, pageSize: 3, total: 4, pages: 2 });
    expect(all.items.map((p: { purchaseId: string }) => p.purchaseId)).toEqual(['1004', '1003', '1002']);
    expect(all.items[2]).toMatchObject({
      purchaseId: '1002',
      market: 'fr',
      step: 'funding',
      financeDecision: 'declined',
      customer: { id: CUSTOMERS.ben, name: 'Ben Okafor', erased: false },
      amounts: { currency: 'EUR', carPrice: 20_000_00, total: 20_000_00 },
    });
    // Carla was erased: her id stays, her name is gone.
    expect(all.items[0].customer).toEqual({ id: CUSTOMERS.carla, name: null, erased: true });
    const second = await json('sales', '/admin/api/purchases?pageSize=3&page=2');
    expect(second.items.map((p: { purchaseId: string }) => p.purchaseId)).toEqual(['1001']);

    const ids = async (url: string, key: string) =>
      (await json('sales', url)).items.map((i: Record<string, string>) => i[key]);
    expect(await ids('/admin/api/purchases?market=fr', 'purchaseId')).toEqual(['1002', '1001']);
    expect(await ids('/admin/api/purchases?status=confirmed', 'purchaseId')).toEqual(['1001']);
    expect(await ids('/admin/api/purchases?step=my-infos', 'purchaseId')).toEqual(['1004']);
    expect(await ids('/admin/api/purchases?from=2026-12-02&to=2026-12-02', 'purchaseId')).toEqual([
      '1004',
      '1003',
    ]);
    expect(await ids('/admin/api/bookings?status=confirmed', 'bookingId')).toEqual(['502', '501']);
    expect(await ids('/admin/api/bookings?market=fr&from=2026-12-02', 'bookingId')).toEqual(['504', '503']);
    expect(await ids(`/admin/api/bookings?customerId=${CUSTOMERS.anna}`, 'bookingId')).toEqual([
      '504',
      '501',
    ]);
    const none = await json('sales', '/admin/api/bookings?market=it');
    expect(none).toMatchObject({ items: [], total: 0, pages: 1 });
  });

  it('given a filter, then the XLSX and CSV exports read back as exactly the filtered list, in its order', async () => {
    const filter = 'market=fr';
    const listed = (await json('sales', `/admin/api/bookings?${filter}`)).items;
    const csv = await get('sales', `/admin/api/bookings/export?format=csv&${filter}`);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="bookings-2026-12-10.csv"');
    const records = parse(csv.rawPayload, { bom: true, delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    expect(records.map((r) => r.Booking)).toEqual(listed.map((b: { bookingId: string }) => b.bookingId));
    expect(records.map((r) => [r.Status, r.Customer])).toEqual([
      ['limit', 'Anna Berg'],
      ['cancelled', '(erased)'],
      ['confirmed', 'Anna Berg'],
    ]);

    const purchases = (await json('sales', '/admin/api/purchases?pageSize=200')).items;
    const xlsx = await get('sales', '/admin/api/purchases/export');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const values = (sheet.getRow(r).values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i]])));
    }
    expect(rows.map((r) => r.Purchase)).toEqual(purchases.map((p: { purchaseId: string }) => p.purchaseId));
    const confirmed = rows.find((r) => r.Purchase === '1001');
    expect(confirmed).toMatchObject({
      Status: 'confirmed',
      Customer: 'Anna Berg',
      Currency: 'EUR',
      'Car price': 20_000,
      'Advance paid': 500,
      'Balance at delivery': 19_500,
    });
    expect(confirmed?.Created).toEqual(new Date('2026-12-01T09:00:00.000Z'));

    const filtered = await get('sales', '/admin/api/purchases/export?format=csv&step=funding');
    const lines = parse(filtered.rawPayload, { bom: true, delimiter: ';', columns: true }) as Record<
      string,
      string
    >[];
    expect(lines.map((r) => r.Purchase)).toEqual(['1002']);
  });

  it('given a purchase, then its detail shows the full timeline: who, what, when, the data, where it stood after', async () => {
    const detail = await json('sales', '/admin/api/purchases/1002');
    expect(detail.purchase).toMatchObject({
      purchaseId: '1002',
      market: 'fr',
      step: 'funding',
      status: 'in-progress',
      financeDecision: 'declined',
      events: 9,
      createdAt: '2026-12-01T23:00:00.000Z',
      updatedAt: MIDNIGHT,
    });
    expect(detail.customer).toEqual({
      id: CUSTOMERS.ben,
      name: 'Ben Okafor',
      email: 'ben@example.test',
      phone: null,
      erased: false,
    });
    expect(detail.hold).toMatchObject({ holdId: 'purchase-1002', status: 'released', endReason: 'expired' });
    expect(detail.allowedCommands).toContain('ChooseFunding');
    expect(detail.timeline.map((e: { type: string }) => e.type)).toEqual([
      'PurchaseStarted',
      'InfosSubmitted',
      'DeliveryChosen',
      'TradeInSkipped',
      'InsuranceChosen',
      'ExtrasChosen',
      'FundingChosen',
      'FinanceApplied',
      'FinanceDecided',
    ]);
    expect(detail.timeline[0]).toMatchObject({
      revision: 0,
      at: '2026-12-01T23:00:00.000Z',
      who: `buyer ${CUSTOMERS.ben}`,
      actor: { kind: 'buyer', customerId: CUSTOMERS.ben },
      machine: `purchase@${PURCHASE_MACHINE_VERSION}`,
      correlationId: '1002',
      data: { purchaseId: '1002', carId: '42', locale: 'fr' },
      after: { step: 'my-infos', status: 'in-progress' },
    });
    expect(detail.timeline[7].after).toEqual({ step: 'funding', status: 'awaiting-finance-decision' });
    expect(detail.timeline[8]).toMatchObject({
      revision: 8,
      at: MIDNIGHT,
      data: { applicationId: 'app-1002', decision: 'declined' },
      after: { step: 'funding', status: 'in-progress' },
    });

    const booking = await json('sales', '/admin/api/bookings/503');
    expect(booking.booking).toMatchObject({
      status: 'cancelled',
      outcome: 'cancelled',
      cancelledBy: 'staff',
    });
    expect(booking.customer).toEqual({
      id: CUSTOMERS.carla,
      name: null,
      email: null,
      phone: null,
      erased: true,
    });
    expect(booking.timeline.at(-1)).toMatchObject({
      type: 'BookingCancelled',
      who: 'staff st_7 (sales)',
      after: { step: 'car_book_ko', status: 'cancelled' },
    });
    expect(booking.allowedCommands).toEqual([]);
  });

  it('given a chosen event, then the state after it: step, status, amounts and what was allowed then', async () => {
    const atFunding = await json('sales', '/admin/api/purchases/1001/state?after=6');
    expect(atFunding).toMatchObject({
      purchaseId: '1001',
      event: { revision: 6, type: 'FundingChosen', at: '2026-12-01T09:06:00.000Z' },
      step: 'advance-payment',
      status: 'in-progress',
      funding: 'cash',
      amounts: { total: 20_000_00, advancePayment: 500_00, advancePaid: 0 },
    });
    expect(atFunding.allowedCommands).toContain('RequestAdvancePayment');
    expect(atFunding.reopenableSteps).toContain('delivery');
    expect(atFunding.machine.context).toMatchObject({ purchaseId: '1001', customerId: CUSTOMERS.anna });

    const last = await json('sales', '/admin/api/purchases/1001/state');
    expect(last).toMatchObject({
      event: { revision: 9, type: 'PurchaseConfirmed' },
      status: 'confirmed',
      step: null,
    });
    expect(last.amounts.advancePaid).toBe(500_00);
    // Confirmed: staff may still record the car's handover.
    expect(last.allowedCommands).toEqual(['RecordHandover']);

    const paying = await json('sales', '/admin/api/bookings/502/state?after=3');
    expect(paying).toMatchObject({
      bookingId: '502',
      market: 'pl',
      event: { type: 'DepositPaymentRequested' },
      status: 'paying',
      screen: 'car_booking_check_contact',
      deposit: { amount: 1_000_00, currency: 'PLN' },
      depositPaid: false,
    });
    expect(paying.allowedCommands).toContain('RecordDepositPayment');
  });

  it('given statistics asked for, then entries and exits per step for the period (analysts may read them)', async () => {
    const day1 = await json(
      'analyst',
      '/admin/api/funnel-statistics?funnel=purchase&market=fr&from=2026-12-01&to=2026-12-01',
    );
    expect(day1).toMatchObject({ funnel: 'purchase', market: 'fr', from: '2026-12-01', to: '2026-12-01' });
    expect(day1.steps.find((s: { step: string }) => s.step === 'funding')).toEqual({
      step: 'funding',
      entries: 2,
      exits: 1,
    });
    const byDefault = await json('analyst', '/admin/api/funnel-statistics?funnel=booking');
    expect(byDefault).toMatchObject({ from: '2026-11-11', to: '2026-12-10', market: null });
    expect(byDefault.steps.find((s: { step: string }) => s.step === 'contact-check').entries).toBe(4);
  });

  it('given a car, then its availability with the active hold and every hold it had', async () => {
    const sold = await json('sales', '/admin/api/cars/101/holds');
    expect(sold).toMatchObject({ carId: '101', status: 'sold', activeHold: null });
    expect(sold.holds.map((h: { holdId: string; status: string }) => [h.holdId, h.status])).toEqual([
      ['purchase-1001', 'sold'],
      ['booking-501', 'transferred'],
    ]);
    const held = await json('sales', '/admin/api/cars/103/holds');
    expect(held).toMatchObject({
      status: 'reserved',
      activeHold: {
        holdId: 'booking-502',
        holder: { funnel: 'booking', id: '502' },
        customerId: CUSTOMERS.ben,
      },
    });
  });

  it('given bad filters, then 400 with a message per field; nothing listed', async () => {
    const bad = await get(
      'sales',
      '/admin/api/purchases?market=xx&from=2026-13-01&page=0&pageSize=1000&step=nope&status=open',
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(
      [
        'querystring.from',
        'querystring.market',
        'querystring.page',
        'querystring.pageSize',
        'querystring.status',
        'querystring.step',
      ].sort(),
    );
    const reversed = await get('sales', '/admin/api/bookings?from=2026-12-02&to=2026-12-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields).toEqual({ 'querystring.to': ['is before from'] });
    expect((await get('sales', '/admin/api/bookings/export?format=pdf')).statusCode).toBe(400);
    expect((await get('sales', '/admin/api/purchases/12ab')).statusCode).toBe(400);
    expect((await get('sales', '/admin/api/purchases/1001/state?after=-1')).statusCode).toBe(400);
    const tooLong = await get('analyst', '/admin/api/funnel-statistics?from=2025-01-01&to=2026-12-01');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toHaveProperty('from');
  });

  it('given the OpenAPI document, then it describes every route with its query parameters', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/admin/api/bookings',
      '/admin/api/bookings/export',
      '/admin/api/bookings/{id}',
      '/admin/api/bookings/{id}/state',
      '/admin/api/purchases',
      '/admin/api/purchases/export',
      '/admin/api/purchases/{id}',
      '/admin/api/purchases/{id}/state',
      '/admin/api/funnel-statistics',
      '/admin/api/cars/{carId}/holds',
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const names = doc.paths['/admin/api/purchases'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page', 'status', 'step', 'market', 'from', 'to']));
  });

  it('given an unknown funnel, event or car, then 404', async () => {
    for (const url of [
      '/admin/api/purchases/9999',
      '/admin/api/purchases/9999/state',
      '/admin/api/purchases/1003/state?after=1',
      '/admin/api/bookings/9999',
      '/admin/api/bookings/501/state?after=3',
      '/admin/api/cars/999/holds',
    ]) {
      const response = await get('admin', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });
});
