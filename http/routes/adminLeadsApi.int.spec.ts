/**
 * The back office's leads API through the app on a real database: the filtered list (ids, the dealer's
 * and the person's names), the export of exactly that list, the detail with its history and actors'
 * names, status changes by staff (409 with what is allowed now when another was faster), and the
 * refusals (a buyer's session 401/403, unknown lead 404).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import { createLeadContacts } from '../../engine/leads/leadContacts.ts';
import { createLeadService } from '../../engine/leads/leadService.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { leadFacts } from '../../projections/leads/leadFacts.ts';
import { leadQueries } from '../../projections/leads/leadQueries.ts';
import { leadsProjection } from '../../projections/leads/leadsProjection.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { openTestStaff, type TestStaff } from '../testing/testStaff.ts';

const PERSON = {
  firstName: 'Anna',
  lastName: 'Martin',
  email: 'anna@example.test',
  message: 'Bonjour, est-elle encore disponible ?',
  consent: 'yes',
};

describe('leads back-office API', () => {
  let fixture: CatalogueFixtureDatabase;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let people: TestStaff;
  const signIn = (name: string) => people.signIn(fastify, name);
  const lead = async (url: string, extra: Record<string, string> = {}) => {
    const buyer = testBrowser(fastify, '127.0.4.1');
    const answer = await buyer.call({
      method: 'POST',
      url,
      headers: { 'x-csrf-token': await buyer.csrf(), accept: 'application/json' },
      payload: { ...PERSON, ...extra },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().leadId as string;
  };
  let carLead: string;
  let financeLead: string;

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    people = await openTestStaff(db, { Sam: ['sales'], Sue: ['sales'], Carl: ['content'] });
    const keys = {
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 3) }]),
      lookupKey: Buffer.alloc(32, 4),
    };
    const contacts = createLeadContacts({ knex: db.knex, schema: db.schema, ...keys });
    const facts = leadFacts({ knex: db.knex, schema: db.schema });
    const queries = leadQueries({ knex: db.knex, schema: db.schema });
    const service = createLeadService({ store, contacts, facts, newId: randomUUID });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [leadsProjection],
    });
    await runner.start();
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
      storefront: { queries: fixture.storefront, store },
      security: people.security,
      leads: { leads: service, facts, queries, limit: 1000 },
      leadsAdmin: { leads: service, queries, contacts, facts, store, staff: people.accounts },
    });
    await fastify.ready();
    carLead = await lead(`/fr/acheter/contact/${C.x3.carId}/0`);
    financeLead = await lead('/fr/lead/finance', { postcode: '75001' });
    await runner.caughtUp();
  });
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await fixture?.close();
  });

  it('given two leads, when sales filter the list by kind, then only that kind, with names beside ids', async () => {
    const sam = await signIn('Sam');
    const all = await sam.send('GET', '/admin/api/leads');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    const cars = await sam.send('GET', '/admin/api/leads?kind=car&market=fr&dealer=11&status=new');
    expect(cars.json().items).toMatchObject([
      { leadId: carLead, kind: 'car', dealerId: '11', dealerName: 'Garage Lyon', name: 'Anna Martin' },
    ]);
    const none = await sam.send('GET', '/admin/api/leads?from=2000-01-01&to=2000-01-31');
    expect(none.json().total).toBe(0);
    expect((await sam.send('GET', '/admin/api/leads?kind=nope')).statusCode).toBe(400);
  });

  it('the export is exactly the filtered list, as a spreadsheet', async () => {
    const sam = await signIn('Sam');
    const csv = await sam.send('GET', '/admin/api/leads/export?format=csv&kind=finance');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(financeLead);
    const xlsx = await sam.send('GET', '/admin/api/leads/export?kind=finance');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });

  it('given a lead, when two staff members move it from the same status, then the slower gets 409 with what is allowed now', async () => {
    const sam = await signIn('Sam');
    const sue = await signIn('Sue');
    const url = `/admin/api/leads/${carLead}/status`;
    const first = await sam.send('POST', url, { from: 'new', to: 'contacted', note: 'Rappelée, RDV jeudi' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'contacted', allowed: ['qualified', 'won', 'lost'] });
    const late = await sue.send('POST', url, { from: 'new', to: 'lost' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: 'contacted', allowed: ['qualified', 'won', 'lost'] });

    const detail = await sue.send('GET', `/admin/api/leads/${carLead}`);
    expect(detail.json()).toMatchObject({
      contact: { erased: false, email: 'anna@example.test', message: PERSON.message },
      history: [
        { type: 'LeadSubmitted', actor: { kind: 'visitor' } },
        {
          type: 'LeadStatusChanged',
          from: 'new',
          to: 'contacted',
          note: 'Rappelée, RDV jeudi',
          actor: { kind: 'staff', name: 'Sam' },
        },
      ],
    });
    const back = await sue.send('POST', url, { from: 'contacted', to: 'new' });
    expect(back.statusCode).toBe(409);
  });

  it('refuses staff without the sales role, and unknown leads', async () => {
    const carl = await signIn('Carl');
    expect((await carl.send('GET', '/admin/api/leads')).statusCode).toBe(403);
    const sam = await signIn('Sam');
    expect((await sam.send('GET', `/admin/api/leads/lead_${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await sam.send('GET', '/admin/api/leads/nope')).statusCode).toBe(400);
  });
});
