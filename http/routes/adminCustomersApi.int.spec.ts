/**
 * The staff customers API on a real database: customers signed up through the accounts (their sign-up
 * recorded on their stream), the funnels' scenario for them, the customers' read model built by the
 * projection runner; list paging, total and filters, the email search, the export read back, the
 * detail, roles, and the GDPR erasure (nothing of the person left in the read models, sessions, the
 * export or the vault; the funnels show an erased customer; the erasure recorded; idempotent).
 */

import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { createCustomerBills } from '../../engine/bills/createCustomerBills.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createCustomerAccounts } from '../../engine/customers/accounts/createCustomerAccounts.ts';
import { createCustomerCars } from '../../engine/customers/cars/createCustomerCars.ts';
import { customerNumbers } from '../../engine/customers/customerNumbers.ts';
import { createCustomerErasure } from '../../engine/customers/eraseCustomer.ts';
import { createVisitorErasure } from '../../engine/customers/eraseVisitor.ts';
import {
  createPostgresCustomerVault,
  type PostgresCustomerVault,
} from '../../engine/customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createLeadContacts, type LeadContacts } from '../../engine/leads/leadContacts.ts';
import { createMediaStorage } from '../../engine/media/createMediaStorage.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { customerQueries } from '../../projections/customers/customerQueries.ts';
import { customersProjection } from '../../projections/customers/customersProjection.ts';
import { FUNNEL_PROJECTIONS, funnelReadModels } from '../../projections/funnels/funnelReadModels.ts';
import { appendScenario, CUSTOMERS } from '../../projections/funnels/testing/funnelScenario.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { formPosts } from '../plugins/formPosts.ts';
import { openApi } from '../plugins/openapi.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { openTestStaff, type StaffBrowser } from '../testing/testStaff.ts';
import { adminAuthApi } from './adminAuthApi.ts';
import { adminCustomersApi } from './adminCustomersApi.ts';
import { adminFunnelsApi } from './adminFunnelsApi.ts';

const PASSWORD = 'correct horse battery';
const TODAY = new Date('2026-12-10T12:00:00.000Z');
const ROLES: StaffRole[] = ['admin', 'sales', 'content', 'analyst'];
const PEOPLE = [
  { id: CUSTOMERS.anna, email: 'anna.berg@example.test', firstName: 'Annabel', lastName: 'Bergström' },
  { id: CUSTOMERS.ben, email: 'ben.okafor@example.test', firstName: 'Benedict', lastName: 'Okafor' },
  { id: CUSTOMERS.carla, email: 'carla.ruiz@example.test', firstName: 'Carlota', lastName: 'Ruizdael' },
];
const SIGN_UP_DAYS = ['2026-11-20T10:00:00.000Z', '2026-11-25T10:00:00.000Z', '2026-11-30T10:00:00.000Z'];

const ANNA_APPOINTMENT_CONTACT = `apc_${'a1'.repeat(16)}`;

describe('staff customers API', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  let mediaDir: string;
  const as: Partial<Record<StaffRole, StaffBrowser>> = {};
  let vault: PostgresCustomerVault;
  let leadContacts: LeadContacts;
  const numberOf: Record<string, number> = {};
  const call = (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    as[role]!.call({ method, url, ...(payload ? { payload } : {}) });
  const json = async (role: StaffRole, url: string) => {
    const response = await call(role, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const catchUp = async () => {
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), 'customers-media-'));
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    const keys = {
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 9),
    };
    vault = createPostgresCustomerVault({ knex: db.knex, schema: db.schema, ...keys });
    leadContacts = createLeadContacts({ knex: db.knex, schema: db.schema, ...keys });
    let now = new Date(SIGN_UP_DAYS[0]!);
    let next = 0;
    const accounts = createCustomerAccounts({
      knex: db.knex,
      schema: db.schema,
      vault,
      store,
      clock: () => now,
      newCustomerId: () => PEOPLE[next]!.id,
      hashCost: { memoryCost: 8192, timeCost: 1 },
    });
    for (const [i, person] of PEOPLE.entries()) {
      next = i;
      now = new Date(SIGN_UP_DAYS[i]!);
      const { id: _, ...data } = person;
      await accounts.signUp({ ...data, password: `${PASSWORD} ${i}`, consents: { terms: true } });
    }
    const media = createMediaStorage({ kind: 'local', dir: mediaDir });
    const cars = createCustomerCars({ knex: db.knex, schema: db.schema, vault, media });
    const bills = createCustomerBills({ knex: db.knex, schema: db.schema, media });
    await cars.add(CUSTOMERS.anna, {
      brand: 'Renault',
      model: 'Clio',
      year: 2019,
      mileageKm: 42000,
      plate: 'AB-123-CD',
    });
    await appendScenario(store);
    // The contact details Anna typed for a dealer appointment (domain/appointment/README.md).
    const { id: _id, ...annaData } = PEOPLE[0]!;
    await vault.createContact(ANNA_APPOINTMENT_CONTACT, {
      firstName: annaData.firstName,
      lastName: annaData.lastName,
      email: annaData.email,
      phone: '+33 6 11 22 33 44',
    });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [...FUNNEL_PROJECTIONS, customersProjection],
    });
    await runner.start();
    await catchUp();
    const numbers = customerNumbers({ knex: db.knex, schema: db.schema });
    for (const p of PEOPLE) numberOf[p.id] = (await numbers.numberOf(p.id))!;

    const people = await openTestStaff(db, Object.fromEntries(ROLES.map((role) => [role, [role]])));
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(openApi);
    await app.register(security, people.security);
    await app.register(formPosts);
    await app.register(adminAuthApi, { accounts: people.accounts });
    await app.register(adminFunnelsApi, {
      store,
      readModels: funnelReadModels({ knex: db.knex, schema: db.schema }),
      customers: vault,
      clock: () => TODAY,
    });
    await app.register(adminCustomersApi, {
      queries: customerQueries({ knex: db.knex, schema: db.schema }),
      vault,
      numbers,
      accounts,
      cars,
      bills,
      store,
      erasure: createCustomerErasure({
        knex: db.knex,
        schema: db.schema,
        store,
        vault,
        accounts,
        cars,
        bills,
        newId: randomUUID,
        clock: () => TODAY,
        appointmentContacts: async (customerId) =>
          customerId === PEOPLE[0]!.id ? [ANNA_APPOINTMENT_CONTACT] : [],
      }),
      visitorErasure: createVisitorErasure({
        store,
        vault,
        leads: leadContacts,
        numberOf: (customerId) => numbers.numberOf(customerId),
        newId: randomUUID,
        clock: () => TODAY,
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
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('builds the read model from the sign-up and funnel events: numbers, since, markets, counts', async () => {
    const rows = await db.knex.withSchema(db.schema).from('customers').orderBy('number');
    expect(rows.map((r) => r.customer_id)).toEqual(PEOPLE.map((p) => p.id));
    const numbers = rows.map((r) => Number(r.number));
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(rows[0].since.toISOString()).toBe(SIGN_UP_DAYS[0]);
    const funnels = funnelReadModels({ knex: db.knex, schema: db.schema });
    for (const row of rows) {
      const purchases = await funnels.purchases.page({ customerId: row.customer_id }, 1, 200);
      const bookings = await funnels.bookings.page({ customerId: row.customer_id }, 1, 200);
      expect(row.purchases, row.customer_id).toBe(purchases.total);
      expect(row.bookings, row.customer_id).toBe(bookings.total);
      const markets = new Set([...purchases.items, ...bookings.items].map((f) => f.market));
      expect([...row.markets].sort()).toEqual([...markets].sort());
      expect(row.last_activity_at.getTime()).toBeGreaterThanOrEqual(row.since.getTime());
    }
    // Nothing personal in the read model's tables.
    const dump = JSON.stringify(await db.knex.withSchema(db.schema).from('customer_funnels'));
    expect(dump).not.toMatch(/example\.test|Annabel/);
  });

  it('lists a page with the total, filters, sorts, and names for sales only', async () => {
    const first = await json('sales', '/admin/api/customers?pageSize=2');
    expect(first.total).toBe(3);
    expect(first.pages).toBe(2);
    expect(first.items.map((i: { customerId: string }) => i.customerId)).toEqual([
      CUSTOMERS.carla,
      CUSTOMERS.ben,
    ]);
    expect(first.items[0].name).toBe('Carlota Ruizdael');
    const second = await json('sales', '/admin/api/customers?pageSize=2&page=2');
    expect(second.items.map((i: { customerId: string }) => i.customerId)).toEqual([CUSTOMERS.anna]);
    const byNumber = await json('sales', '/admin/api/customers?sort=number');
    expect(byNumber.items.map((i: { number: number }) => i.number)).toEqual(
      PEOPLE.map((p) => numberOf[p.id]),
    );
    const period = await json('sales', '/admin/api/customers?from=2026-11-25&to=2026-11-29');
    expect(period.items.map((i: { customerId: string }) => i.customerId)).toEqual([CUSTOMERS.ben]);
    const anna = (await json('sales', `/admin/api/customers/${numberOf[CUSTOMERS.anna]}`)).customer;
    const market = anna.markets[0];
    const inMarket = await json('sales', `/admin/api/customers?market=${market}`);
    expect(inMarket.items.every((i: { markets: string[] }) => i.markets.includes(market))).toBe(true);
    expect(inMarket.items.length).toBeGreaterThan(0);
    const analyst = await json('analyst', '/admin/api/customers');
    expect(analyst.total).toBe(3);
    expect(analyst.items.every((i: { name: string | null }) => i.name === null)).toBe(true);
    expect(JSON.stringify(analyst)).not.toMatch(/Annabel|Benedict|Carlota|example\.test/);
  });

  it('finds exactly one customer by email (any case), none for an unknown one; analysts may not search', async () => {
    const found = await json('sales', '/admin/api/customers?email=Ben.Okafor@Example.test');
    expect(found.total).toBe(1);
    expect(found.items[0].customerId).toBe(CUSTOMERS.ben);
    const none = await json('sales', '/admin/api/customers?email=nobody@example.test');
    expect(none.total).toBe(0);
    expect(
      (await call('analyst', 'GET', '/admin/api/customers?email=ben.okafor@example.test')).statusCode,
    ).toBe(403);
  });

  it('exports exactly the filtered list (CSV read back)', async () => {
    for (const query of ['', 'from=2026-11-25', `market=fr`, 'sort=-activity']) {
      const list = await json('sales', `/admin/api/customers?pageSize=200&${query}`);
      const response = await call('sales', 'GET', `/admin/api/customers/export?format=csv&${query}`);
      expect(response.statusCode).toBe(200);
      const records = parse(response.body.replace(/^\uFEFF/, ''), {
        delimiter: ';',
        columns: true,
      }) as Record<string, string>[];
      expect(records.map((r) => r['Customer id'])).toEqual(
        list.items.map((i: { customerId: string }) => i.customerId),
      );
      expect(records.map((r) => r.Customer)).toEqual(list.items.map((i: { name: string }) => i.name ?? ''));
    }
  });

  it('shows the detail: funnels with status, favorites, consents, cars, bills', async () => {
    const detail = await json('sales', `/admin/api/customers/${numberOf[CUSTOMERS.anna]}`);
    expect(detail.customer.customerId).toBe(CUSTOMERS.anna);
    expect(detail.contact.email).toBe('anna.berg@example.test');
    expect(detail.funnels.length).toBe(detail.customer.purchases.total + detail.customer.bookings.total);
    expect(detail.funnels.every((f: { status: string }) => typeof f.status === 'string')).toBe(true);
    expect(detail.consents.terms.given).toBe(true);
    expect(detail.cars).toHaveLength(1);
    expect(detail.bills).toBe(0);
    expect(detail.erasure).toBeNull();
    const analyst = await json('analyst', `/admin/api/customers/${numberOf[CUSTOMERS.anna]}`);
    expect(analyst.contact).toBeNull();
    expect(analyst.customer.name).toBeNull();
    expect((await call('sales', 'GET', '/admin/api/customers/99999999')).statusCode).toBe(404);
  });

  it('refuses whoever may not read or erase', async () => {
    const number = numberOf[CUSTOMERS.ben];
    for (const url of [
      '/admin/api/customers',
      '/admin/api/customers/export',
      `/admin/api/customers/${number}`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await call('content', 'GET', url)).statusCode, url).toBe(403);
    }
    const erase = `/admin/api/customers/${number}/erase`;
    expect((await app.inject({ method: 'POST', url: erase, payload: { reason: 'asked' } })).statusCode).toBe(
      403,
    );
    for (const role of ['sales', 'analyst', 'content'] as const) {
      const browser = as[role]!;
      const response = await browser.call({
        method: 'POST',
        url: erase,
        payload: { reason: 'asked' },
        headers: { 'x-csrf-token': await browser.csrf() },
      });
      expect(response.statusCode, role).toBe(403);
    }
    // A customer who signs in: no staff session, refused.
    const visitor = testBrowser(app, '127.0.0.60');
    expect((await visitor.call({ method: 'GET', url: '/admin/api/customers' })).statusCode).toBe(401);
  });

  it('erases a customer: nothing of the person is left; funnels show an erased customer; recorded; idempotent', async () => {
    const anna = PEOPLE[0]!;
    const number = numberOf[anna.id];
    await db.knex
      .withSchema(db.schema)
      .table('http_sessions')
      .insert({
        sid: 'anna-session',
        data: JSON.stringify({ customerId: anna.id }),
        expires_at: new Date('2099-01-01'),
      });
    const admin = as.admin!;
    const erase = (reason: string) =>
      admin.call({ method: 'POST', url: `/admin/api/customers/${number}/erase`, payload: { reason } });
    const token = await admin.csrf();
    const post = (reason: string) =>
      admin.call({
        method: 'POST',
        url: `/admin/api/customers/${number}/erase`,
        payload: { reason },
        headers: { 'x-csrf-token': token },
      });
    expect((await erase('asked by mail')).statusCode).toBe(403); // no CSRF token
    expect((await post('')).statusCode).toBe(400);
    expect((await post('request from anna.berg@example.test')).statusCode).toBe(400);
    const first = await post('GDPR request received by the support team');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      customerId: anna.id,
      number,
      reason: 'GDPR request received by the support team',
    });
    const again = await post('another reason');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await post('x')).json()).toEqual(first.json());
    expect(
      (
        await admin.call({
          method: 'POST',
          url: '/admin/api/customers/99999999/erase',
          payload: { reason: 'asked' },
          headers: { 'x-csrf-token': token },
        })
      ).statusCode,
    ).toBe(404);

    await catchUp();
    const needles = [anna.email, anna.firstName, anna.lastName, 'AB-123-CD'];
    const haystacks: Record<string, unknown> = {
      customers: await db.knex.withSchema(db.schema).from('customers'),
      customer_funnels: await db.knex.withSchema(db.schema).from('customer_funnels'),
      bookings: await db.knex.withSchema(db.schema).from('bookings'),
      purchases: await db.knex.withSchema(db.schema).from('purchases'),
      car_holds: await db.knex.withSchema(db.schema).from('car_holds'),
      sessions: await db.knex.withSchema(db.schema).from('http_sessions'),
      vault: (await db.knex.withSchema(db.schema).from('customer_vault')).map((r) => ({
        ...r,
        sealed: r.sealed_data?.toString('latin1'),
      })),
      events: await db.knex.withSchema(db.schema).from('events').select('data', 'metadata'),
      list: await json('admin', '/admin/api/customers'),
      export: (await call('admin', 'GET', '/admin/api/customers/export?format=csv')).body,
    };
    for (const [where, value] of Object.entries(haystacks)) {
      const text = JSON.stringify(value).toLowerCase();
      for (const needle of needles)
        expect(text.includes(needle.toLowerCase()), `${needle} in ${where}`).toBe(false);
    }
    expect(
      await db.knex.withSchema(db.schema).from('http_sessions').where({ sid: 'anna-session' }),
    ).toHaveLength(0);
    expect(
      await db.knex.withSchema(db.schema).from('customer_accounts').where({ customer_id: anna.id }),
    ).toHaveLength(0);
    expect(
      await db.knex.withSchema(db.schema).from('customer_cars').where({ customer_id: anna.id }),
    ).toHaveLength(0);
    const vaultRow = await db.knex
      .withSchema(db.schema)
      .from('customer_vault')
      .where({ customer_id: anna.id })
      .first();
    expect(vaultRow.wrapped_key).toBeNull();
    expect(vaultRow.sealed_data).toBeNull();
    expect(vaultRow.erased_at).not.toBeNull();
    // Her appointment's contact details went with her.
    const contactRow = await db.knex
      .withSchema(db.schema)
      .from('customer_vault')
      .where({ customer_id: ANNA_APPOINTMENT_CONTACT })
      .first();
    expect(contactRow.sealed_data).toBeNull();
    expect(contactRow.erased_at).not.toBeNull();

    // The read model keeps the row, marked erased; the email search finds nobody.
    const row = (await json('admin', `/admin/api/customers/${number}`)).customer;
    expect(row).toMatchObject({ customerId: anna.id, erased: true, name: null });
    expect((await json('admin', `/admin/api/customers?email=${anna.email}`)).total).toBe(0);
    // The funnels show an erased customer.
    const purchases = await json('admin', `/admin/api/purchases?customerId=${anna.id}`);
    expect(purchases.items.length).toBeGreaterThan(0);
    for (const p of purchases.items) expect(p.customer).toEqual({ id: anna.id, name: null, erased: true });
    const detail = await json('admin', `/admin/api/purchases/${purchases.items[0].purchaseId}`);
    expect(detail.customer).toMatchObject({ id: anna.id, name: null, email: null, erased: true });
    // The erasure is recorded with the staff actor.
    const events = await store.readStream(`customer-${anna.id}`);
    const erased = events.filter((e) => e.type === 'CustomerErased');
    expect(erased).toHaveLength(1);
    const adminAccount = await db.knex
      .withSchema(db.schema)
      .from('staff_accounts')
      .where({ email: 'admin@example.test' })
      .first();
    expect(erased[0]!.data).toMatchObject({ customerId: anna.id, by: adminAccount.id });
    expect(erased[0]!.metadata).toMatchObject({ actor: { kind: 'staff', staffId: adminAccount.id } });
  });

  it('erases with the detail page’s form alone (the SPEC delete path): back with the refusal, 303 to the detail', async () => {
    const ben = PEOPLE[1]!;
    const number = numberOf[ben.id];
    const detail = `/admin/fr/customer/${number}`;
    const token = await as.admin!.csrf();
    const post = (fields: Record<string, string>, role: StaffRole = 'admin', csrf = token) =>
      as[role]!.call({
        method: 'POST',
        url: `/admin/fr/customer/${number}/delete`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: csrf, _back: detail, ...fields }).toString(),
      });
    // Without a reason, or unconfirmed: back to the detail (the messages wait in the session).
    const refusals: Record<string, string>[] = [{ reason: '', confirm: 'yes' }, { reason: 'asked by phone' }];
    for (const fields of refusals) {
      const refused = await post(fields);
      expect(refused.statusCode, refused.body).toBe(303);
      expect(refused.headers.location).toBe(detail);
    }
    expect((await json('admin', `/admin/api/customers/${number}`)).erasure).toBeNull();
    // Only an admin erases.
    expect(
      (await post({ reason: 'asked by phone', confirm: 'yes' }, 'sales', await as.sales!.csrf())).statusCode,
    ).toBe(403);
    const done = await post({ reason: 'asked by phone', confirm: 'yes' });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toBe(detail);
    await catchUp();
    const after = await json('admin', `/admin/api/customers/${number}`);
    expect(after.erasure).toMatchObject({ number, reason: 'asked by phone' });
    expect(after.customer).toMatchObject({ erased: true, name: null });
    expect(after.contact).toBeNull();
  });

  describe('erasing a visitor who never signed up, by email', () => {
    const VERA = 'Vera.Visitor@example.test';
    const lead = (n: number) => `lead_${String(n).repeat(32).slice(0, 32)}`;
    const contact = (n: number) => `apc_${String(n).repeat(32).slice(0, 32)}`;
    const person = (email: string) => ({
      email,
      firstName: 'Vera',
      lastName: 'Visitor',
      phone: '+33 6 00 00 00 00',
    });

    it('erases the contact details of her leads and appointments, records counts only; again, none', async () => {
      await leadContacts.create(
        lead(1),
        { ...person('vera.visitor@example.test'), message: 'Hello', notes: {} },
        null,
      );
      await leadContacts.create(lead(2), { ...person(VERA), message: 'Again', notes: {} }, null);
      await leadContacts.create(
        lead(3),
        { ...person('olga@example.test'), message: 'Other', notes: {} },
        null,
      );
      await vault.createContact(contact(1), person(VERA));
      await vault.createContact(contact(2), person('vera.visitor@example.test'));
      await vault.createContact(contact(3), person('olga@example.test'));
      // A contact stored before its lookup existed (migration 026) is found too.
      await db.knex
        .withSchema(db.schema)
        .table('customer_vault')
        .where({ customer_id: contact(2) })
        .update({
          contact_lookup: null,
        });
      const admin = as.admin!;
      const erase = (body: object, who = admin) => who.send('POST', '/admin/api/visitors/erase', body);
      const ok = { email: VERA, reason: 'request received by the support team', confirm: 'yes' };

      expect((await erase(ok, as.sales!)).statusCode).toBe(403);
      const bad = await erase({ email: 'not an email', reason: 'x', confirm: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['body.confirm']);
      expect((await erase({ ...ok, email: 'not an email' })).json().fields).toEqual({
        email: ['must be an email address'],
      });
      expect((await erase({ ...ok, reason: `asked by ${VERA.toLowerCase()}` })).json().fields).toEqual({
        reason: ['must not contain the email (it is kept)'],
      });
      const customer = await erase({ ...ok, email: PEOPLE[2]!.email });
      expect(customer.statusCode).toBe(409);
      expect(customer.json().customer).toBe(numberOf[PEOPLE[2]!.id]);

      const done = await erase(ok);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ leads: 2, appointmentContacts: 2, reason: ok.reason });
      await expect(leadContacts.read(lead(1))).rejects.toThrow(/erased/);
      await expect(vault.read(contact(2))).rejects.toThrow();
      expect((await leadContacts.read(lead(3))).data.email).toBe('olga@example.test');
      expect((await vault.read(contact(3))).data.email).toBe('olga@example.test');
      expect((await erase(ok)).json()).toMatchObject({ leads: 0, appointmentContacts: 0 });

      // Read as subscribers read ($all, gap-safe): a transaction open elsewhere on the server (another
      // test file's) may hold the newest events back for a moment.
      const recorded = async () =>
        store.readAll({ filter: { streamNamePrefixes: ['visitor-erasure-'] }, maxCount: 10 });
      await expect
        .poll(async () => (await recorded()).map((e) => [e.type, (e.data as { leads: number }).leads]))
        .toEqual([
          ['VisitorErased', 2],
          ['VisitorErased', 0],
        ]);
      expect(JSON.stringify((await recorded()).map((e) => [e.data, e.metadata]))).not.toMatch(/vera/i);
    });

    it('takes the customers page’s form alone: 303 back, the counts kept for the page', async () => {
      const page = '/admin/fr/customer/list';
      const posted = await as.admin!.call({
        method: 'POST',
        url: '/admin/api/visitors/erase',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          _csrf: as.admin!.token,
          _back: page,
          email: 'nobody@example.test',
          reason: 'asked by phone',
          confirm: 'yes',
        }).toString(),
      });
      expect(posted.statusCode, posted.body).toBe(303);
      expect(posted.headers.location).toBe(page);
    });
  });
});
