/**
 * SPEC §7's lead calls over HTTP on a real database: every kind is stored (event with ids only, the
 * person's words in the lead's vault subject), routed to the expected dealer, and both mails are in the
 * outbox in the right languages; the honeypot stores nothing; bad fields answer 400 by field; an unknown
 * car, dealer, hub or brand 404; a plain form post answers 303.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { leadStream } from '../../domain/leads/schemas.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import { createLeadContacts, type LeadContacts } from '../../engine/leads/leadContacts.ts';
import { createLeadService } from '../../engine/leads/leadService.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { leadFacts } from '../../projections/leads/leadFacts.ts';
import { leadQueries } from '../../projections/leads/leadQueries.ts';
import { leadsProjection } from '../../projections/leads/leadsProjection.ts';
import { createMailReactor } from '../../projections/mail/mailReactor.ts';
import { FIXTURE_CARS as C, FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';

/** The fixture's dealers where they really are (Lyon, Paris, Berlin), so "nearest" means something. */
const PLACES: Record<string, { postcode: string; lat: number; lng: number }> = {
  '11': { postcode: '69001', lat: 45.76, lng: 4.83 },
  '12': { postcode: '75001', lat: 48.86, lng: 2.34 },
  '21': { postcode: '10115', lat: 52.53, lng: 13.38 },
};
const DEALERS: Dealer[] = FIXTURE_DEALERS.map((d) => ({
  ...d,
  address: { ...d.address, postcode: PLACES[d.dealerId]!.postcode },
  coordinates: { lat: PLACES[d.dealerId]!.lat, lng: PLACES[d.dealerId]!.lng },
}));

const PERSON = {
  firstName: 'Anna',
  lastName: 'Martin',
  email: 'anna.martin@example.test',
  phone: '+33 6 12 34 56 78',
  message: 'Bonjour, je voudrais en savoir plus, merci.',
  consent: 'yes',
};

describe('lead calls', () => {
  let fixture: CatalogueFixtureDatabase;
  let runner: ProjectionRunner;
  let contacts: LeadContacts;
  let fastify: FastifyInstance;

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase({ dealers: DEALERS });
    const { db, store } = fixture;
    const keys = {
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 7) }]),
      lookupKey: Buffer.alloc(32, 9),
    };
    contacts = createLeadContacts({ knex: db.knex, schema: db.schema, ...keys });
    const facts = leadFacts({ knex: db.knex, schema: db.schema });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [leadsProjection, createMailReactor({ store, schema: db.schema })],
    });
    await runner.start();
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
      storefront: { queries: fixture.storefront, store },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
      },
      leads: {
        leads: createLeadService({ store, contacts, facts, newId: randomUUID }),
        facts,
        queries: leadQueries({ knex: db.knex, schema: db.schema }),
        limit: 1000,
      },
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await fixture?.close();
  });

  const session = async () => {
    const csrf = await fastify.inject({ method: 'GET', url: '/api/csrf' });
    const set = csrf.headers['set-cookie'];
    const cookie = String((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0]!;
    return { cookie, token: csrf.json().token as string };
  };
  const send = async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const { cookie, token } = await session();
    return fastify.inject({
      method: 'POST',
      url,
      headers: { cookie, 'x-csrf-token': token, accept: 'application/json', ...headers },
      payload: fields,
    });
  };
  const outbox = async (leadId: string) =>
    (await fixture.db.knex
      .withSchema(fixture.db.schema)
      .table('mail_outbox')
      .whereRaw("params->>'leadId' = ?", [leadId])
      .orderBy('template')) as Record<string, unknown>[];

  describe.each([
    ['car', `/fr/acheter/contact/${C.x3.carId}/0`, {}, '11', 'fr'],
    ['car (a Berlin car asked in French)', `/fr/acheter/contact/${C.berlinX3.carId}/0`, {}, '21', 'de'],
    ['dealer', '/fr/nos-concessionnaires/contact/12', {}, '12', 'fr'],
    ['hub', '/fr/nos-concessionnaires/ile-de-france/lead', { dealerId: '12' }, '12', 'fr'],
    ['brand', '/fr/marques/bmw/contact-send', { postcode: '75015' }, '12', 'fr'],
    ['contact', '/fr/contact/send', { postcode: '69003', topic: 'purchase' }, '11', 'fr'],
    ['cee', '/fr/lead/cee', { postcode: '92100' }, '12', 'fr'],
    ['electric', '/fr/lead/electric', { postcode: '38000' }, '11', 'fr'],
    ['faq', '/fr/lead/faq', { postcode: '75011' }, '12', 'fr'],
    ['finance', '/de/lead/finance', { postcode: '10115' }, '21', 'de'],
    ['warranty', '/fr/lead/warranty', { postcode: '13001' }, '11', 'fr'],
  ] as const)('given a %s lead', (_name, url, extra, dealerId, dealerLocale) => {
    it('when sent, then it is stored with ids only, routed to the expected dealer, and both mails wait in their languages', async () => {
      const response = await send(url, { ...PERSON, ...extra, sourcePage: '/fr/contact' });
      expect(response.statusCode, response.body).toBe(200);
      const { leadId, links } = response.json() as { leadId: string; links: { page: string } };
      expect(links.page).toMatch(/\/(merci|danke)\?kind=/);

      const events = await fixture.store.readStream(leadStream(leadId));
      expect(events.map((e) => e.type)).toEqual(['LeadSubmitted']);
      expect(events[0]!.data).toMatchObject({ dealerId, consent: { given: true } });
      expect(JSON.stringify([events[0]!.data, events[0]!.metadata])).not.toMatch(/anna|martin|\+33|bonjour/i);
      expect((await contacts.read(leadId)).data).toMatchObject({
        email: PERSON.email,
        message: PERSON.message,
      });

      await runner.caughtUp();
      const row = await leadQueries({ knex: fixture.db.knex, schema: fixture.db.schema }).one(leadId);
      expect(row).toMatchObject({ dealer_id: dealerId, status: 'new' });
      const mails = await outbox(leadId);
      const buyerLocale = url.startsWith('/de/') ? 'de' : 'fr';
      expect(mails.map((m) => [m.template, m.locale, m.recipient_kind, m.recipient_id])).toEqual([
        ['lead_confirmation', buyerLocale, 'lead', leadId],
        ['lead_notification', dealerLocale, 'dealer', dealerId],
      ]);
      expect(JSON.stringify(mails)).not.toMatch(/anna|martin|example\.test/i);
    });
  });

  it('given a bot filling the honeypot, then it gets the same thanks and nothing is stored', async () => {
    const response = await send('/fr/contact/send', { ...PERSON, postcode: '69003', website: 'http://spam' });
    expect(response.statusCode).toBe(200);
    const { leadId } = response.json() as { leadId: string };
    await expect(fixture.store.readStream(leadStream(leadId))).rejects.toThrow();
    await expect(contacts.read(leadId)).rejects.toThrow(/not found/);
  });

  it('given bad fields, then 400 with the messages by field and nothing stored', async () => {
    const response = await send('/fr/lead/finance', {
      firstName: '',
      lastName: 'Martin',
      email: 'not-an-email',
      message: 'short',
      postcode: '',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['consent', 'email', 'firstName', 'message']);
    const noPostcode = await send('/fr/lead/finance', { ...PERSON, postcode: '' });
    expect(noPostcode.json().fields).toEqual({ postcode: ['is required'] });
    const badPostcode = await send('/fr/lead/finance', { ...PERSON, postcode: '7501' });
    expect(Object.keys(badPostcode.json().fields)).toEqual(['postcode']);
    const notInHub = await send('/fr/nos-concessionnaires/ile-de-france/lead', { ...PERSON, dealerId: '11' });
    expect(notInHub.json().fields).toEqual({ dealerId: ['is not one of the choices'] });
  });

  it.each([
    ['car', '/fr/acheter/contact/999999/0'],
    ['dealer', '/fr/nos-concessionnaires/contact/999'],
    ['hub', '/fr/nos-concessionnaires/nowhere/lead'],
    ['brand', '/fr/marques/no-such-brand/contact-send'],
  ])('given an unknown %s, then 404', async (_what, url) => {
    const response = await send(url, { ...PERSON, dealerId: '12', postcode: '75001' });
    expect(response.statusCode).toBe(404);
  });

  it('given the same Idempotency-Key twice (a retried request), then one lead', async () => {
    const key = randomUUID();
    const first = await send('/fr/nos-concessionnaires/contact/12', PERSON, { 'idempotency-key': key });
    const again = await send('/fr/nos-concessionnaires/contact/12', PERSON, { 'idempotency-key': key });
    expect(again.json().leadId).toBe(first.json().leadId);
    expect(await fixture.store.readStream(leadStream(first.json().leadId))).toHaveLength(1);
  });

  it('given a form posted twice with its own key (a double click without JavaScript), then one lead', async () => {
    const formKey = randomUUID();
    const first = await send('/fr/nos-concessionnaires/contact/11', { ...PERSON, formKey });
    const again = await send('/fr/nos-concessionnaires/contact/11', { ...PERSON, formKey });
    expect(again.json().leadId).toBe(first.json().leadId);
    expect(await fixture.store.readStream(leadStream(first.json().leadId))).toHaveLength(1);
  });

  describe('given a plain form post (no JavaScript)', () => {
    const form = async (url: string, fields: Record<string, string>) => {
      const { cookie, token } = await session();
      return fastify.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, _csrf: token, _back: '/fr/contact' }).toString(),
      });
    };
    it('when accepted, then 303 to the thank-you page', async () => {
      const response = await form('/fr/contact/send', { ...PERSON, postcode: '75001' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/fr/contact/merci?kind=contact');
    });
    it('when refused, then 303 back to the form page (its messages kept for it)', async () => {
      const response = await form('/fr/contact/send', { ...PERSON, email: 'nope', postcode: '75001' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/fr/contact');
    });
    it('when the CSRF field is missing, then 403', async () => {
      const response = await fastify.inject({
        method: 'POST',
        url: '/fr/contact/send',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(PERSON).toString(),
      });
      expect(response.statusCode).toBe(403);
    });
  });

  it('given the rate limit reached (here 2 a window), then 429 and nothing more stored', async () => {
    const { db, store } = fixture;
    const limited = Fastify({ logger: false });
    const facts = leadFacts({ knex: db.knex, schema: db.schema });
    await limited.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
      },
      leads: {
        leads: createLeadService({ store, contacts, facts, newId: randomUUID }),
        facts,
        queries: leadQueries({ knex: db.knex, schema: db.schema }),
        limit: 2,
      },
    });
    const csrf = await limited.inject({ method: 'GET', url: '/api/csrf' });
    const set = csrf.headers['set-cookie'];
    const cookie = String((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0]!;
    const post = () =>
      limited.inject({
        method: 'POST',
        url: '/fr/nos-concessionnaires/contact/12',
        headers: { cookie, 'x-csrf-token': csrf.json().token, accept: 'application/json' },
        payload: PERSON,
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const third = await post();
    expect(third.statusCode).toBe(429);
    await limited.close();
  });

  it('GET describes a hub form with its dealers', async () => {
    const response = await fastify.inject({
      method: 'GET',
      url: '/fr/nos-concessionnaires/ile-de-france/lead',
    });
    expect(response.json()).toMatchObject({ kind: 'hub', dealers: ['12'], postcodeRequired: false });
  });
});
