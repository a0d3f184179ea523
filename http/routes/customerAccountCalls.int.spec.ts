/**
 * The customer account calls through the whole app (http/app.ts): sessions in the database, real
 * accounts and vault, the catalogue fixture for favorites. Field messages, CSRF, the session id
 * changing at sign-in with the visitor's favorites kept, the same 401 for every failure, rate limits
 * counted across locales, the profile calls, an erased customer's session.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerAccounts } from '../../engine/customers/accounts/createCustomerAccounts.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import { createPostgresCustomerVault } from '../../engine/customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { app } from '../app.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';
const SIGN_UP = '/fr/acheter/ajax/login/sign-up';
const SIGN_IN = '/fr/acheter/ajax/login/sign-in';
const SIGN_OUT = '/fr/acheter/ajax/login/sign-out';
const CHECK = '/fr/acheter/ajax/check-email';
const newcomer = (email: string) => ({
  email,
  password: PASSWORD,
  firstName: 'Anna',
  lastName: 'Berg',
  consents: { terms: true },
});

describe('customer account calls', () => {
  let fixture: CatalogueFixtureDatabase;
  let accounts: CustomerAccounts;
  let fastify: FastifyInstance;
  let ip = 0;
  /** A browser of its own client address, so each test has its own rate-limit counters. */
  const browser = () => testBrowser(fastify, `127.0.1.${++ip}`);
  const post = async (b: TestBrowser, url: string, payload?: object, token?: string) =>
    b.call({
      method: 'POST',
      url,
      ...(payload ? { payload } : {}),
      headers: { 'x-csrf-token': token ?? (await b.csrf()) },
    });
  const sessionData = async (sid: string | undefined) => {
    const rows = await fixture.db.knex
      .withSchema(fixture.db.schema)
      .table('http_sessions')
      .select('sid', 'data');
    // The cookie is the signed sid: `<sid>.<signature>`.
    return rows.find((row) => sid?.startsWith(`${row.sid}.`))?.data;
  };

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    const vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: Buffer.alloc(32, 2),
    });
    accounts = createCustomerAccounts({ knex: db.knex, schema: db.schema, vault });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: fixture.catalogue,
      storefront: { queries: fixture.storefront, store },
      customers: { accounts },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
      },
    });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  it('given a visitor with a favorite, when signing up, then 201, a new session id, the old token refused, the visitor id kept and the favorite on the account', async () => {
    const b = browser();
    const token = await b.csrf();
    const added = await b.call({
      method: 'POST',
      url: `/fr/ajax/add-car-to-favorite/${C.x3.carId}`,
      headers: { 'x-csrf-token': token },
    });
    expect(added.statusCode).toBe(200);
    const before = b.sid;
    const { visitorId } = await sessionData(before);
    expect(visitorId).toEqual(expect.any(String));

    const response = await post(b, SIGN_UP, newcomer('anna@example.test'), token);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      signedIn: true,
      customer: { email: 'anna@example.test', firstName: 'Anna', lastName: 'Berg' },
      csrfToken: expect.any(String),
    });
    expect(body.customer.customerId).toMatch(/^cus_[0-9a-f]{32}$/);
    expect(b.sid).not.toBe(before);
    expect(await sessionData(before)).toBeUndefined();
    expect(await sessionData(b.sid)).toMatchObject({ visitorId, customerId: body.customer.customerId });

    const favorites = await b.call({ method: 'GET', url: '/api/favorites' });
    expect(favorites.json().cars.map((car: { carId: string }) => car.carId)).toEqual([C.x3.carId]);
    const oldToken = await post(b, SIGN_OUT, undefined, token);
    expect(oldToken.statusCode).toBe(403);
    const state = await b.call({ method: 'GET', url: '/de/kaufen/ajax-booking/check-email' });
    expect(state.json()).toEqual({ signedIn: true, customer: body.customer });
  });

  it('given bad sign-up fields, then 400 with a message per field, nothing written', async () => {
    const response = await post(browser(), SIGN_UP, {
      email: 'nope',
      password: 'short',
      firstName: '',
      lastName: 'Berg',
      consents: { terms: false },
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(Object.keys(fields).sort()).toEqual([
      'body.consents.terms',
      'body.email',
      'body.firstName',
      'body.password',
    ]);
    expect(fields['body.password']).toEqual(['needs at least 10 characters']);
    expect(fields['body.consents.terms']).toEqual(['must be accepted']);
    expect((await accounts.checkEmail('nope@example.test')).known).toBe(false);
  });

  it('given an email registered, when signing up again, then 409 naming sign-in; with the same password, 200 and signed in', async () => {
    await post(browser(), SIGN_UP, newcomer('ben@example.test'));
    const conflict = await post(browser(), SIGN_UP, {
      ...newcomer('BEN@example.test'),
      password: 'another long one',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      error: 'conflict',
      allowed: ['sign-in'],
      fields: { email: ['is already registered: sign in instead'] },
    });
    const retry = await post(browser(), SIGN_UP, newcomer('ben@example.test'));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ signedIn: true, customer: { email: 'ben@example.test' } });
  });

  it('given an account, then sign-in rotates the session; wrong password and unknown email get the same 401; sign-out keeps the visitor', async () => {
    await post(browser(), SIGN_UP, newcomer('carl@example.test'));
    const b = browser();
    const wrong = await post(b, SIGN_IN, { email: 'carl@example.test', password: 'not the password' });
    const unknown = await post(b, SIGN_IN, { email: 'nobody@example.test', password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'unauthenticated', message: 'the email or the password is wrong' });
    expect(unknown.json()).toEqual(wrong.json());

    await post(b, `/fr/ajax/add-car-to-favorite/${C.x3Paris.carId}`);
    const before = b.sid;
    const { visitorId } = await sessionData(before);
    expect(visitorId).toEqual(expect.any(String));
    const signedIn = await post(b, '/it/ricerca-auto/ajax-booking/login/sign-in', {
      email: ' Carl@Example.test',
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(b.sid).not.toBe(before);
    const me = await b.call({ method: 'GET', url: '/api/customers/me' });
    expect(me.json().personal).toEqual({ email: 'carl@example.test', firstName: 'Anna', lastName: 'Berg' });

    expect(await sessionData(b.sid)).toMatchObject({ visitorId });
    const out = await post(b, SIGN_OUT, undefined, signedIn.json().csrfToken);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ signedIn: false, customer: null });
    expect((await b.call({ method: 'GET', url: '/api/customers/me' })).statusCode).toBe(401);
    expect(await sessionData(b.sid)).toMatchObject({ visitorId });
    expect((await sessionData(b.sid)).customerId).toBeUndefined();
  });

  it('given POSTs without a CSRF token, then 403 and nothing done', async () => {
    for (const url of [SIGN_UP, SIGN_IN, SIGN_OUT, CHECK]) {
      const response = await fastify.inject({ method: 'POST', url, payload: newcomer('dora@example.test') });
      expect(response.statusCode).toBe(403);
    }
    expect((await accounts.checkEmail('dora@example.test')).known).toBe(false);
  });

  it('given emails, then check-email answers known or not; a malformed one is a 400; GET answers the signed-out state', async () => {
    await post(browser(), SIGN_UP, newcomer('eva@example.test'));
    const b = browser();
    const known = await post(b, CHECK, { email: ' EVA@example.test' });
    expect(known.json()).toEqual({ email: 'eva@example.test', known: true });
    expect((await post(b, '/pl/kup/ajax-booking/check-email', { email: 'x@example.test' })).json()).toEqual({
      email: 'x@example.test',
      known: false,
    });
    const bad = await post(b, CHECK, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'body.email': ['is not an email address'] });
    const state = await browser().call({ method: 'GET', url: CHECK });
    expect(state.json()).toEqual({ signedIn: false, customer: null });
  });

  it('given a login type, then GET answers its form state; an unknown type is a 400 naming the types', async () => {
    const signUpForm = await browser().call({ method: 'GET', url: SIGN_UP });
    expect(signUpForm.json()).toEqual({
      type: 'sign-up',
      signedIn: false,
      customer: null,
      passwordPolicy: { minLength: 10, maxLength: 256 },
    });
    const unknown = await browser().call({ method: 'GET', url: '/fr/acheter/ajax/login/forgot' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'params.type': ['is one of sign-in, sign-up, sign-out'] });
  });

  it('given 5 sign-in attempts for one email from one client, across locales and both copies, then the 6th is 429', async () => {
    const b = browser();
    const token = await b.csrf();
    const urls = [
      SIGN_IN,
      '/de/kaufen/ajax/login/sign-in',
      '/es/comprar/ajax-booking/login/sign-in',
      '/pt/comprar/ajax/login/sign-in',
      '/nl-BE/kopen/ajax-booking/login/sign-in',
    ];
    for (const url of urls) {
      expect(
        (await post(b, url, { email: 'fred@example.test', password: 'a guess!!' }, token)).statusCode,
      ).toBe(401);
    }
    const limited = await post(b, SIGN_IN, { email: 'FRED@example.test', password: 'a guess!!' }, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('given 10 sign-ups or 10 email checks from one client, then the next is 429', async () => {
    const b = browser();
    const token = await b.csrf();
    for (let i = 0; i < 10; i++)
      expect((await post(b, SIGN_UP, { email: 'bad' }, token)).statusCode).toBe(400);
    expect((await post(b, SIGN_UP, newcomer('gina@example.test'), token)).statusCode).toBe(429);
    for (let i = 0; i < 10; i++)
      expect((await post(b, CHECK, { email: `n${i}@example.test` }, token)).statusCode).toBe(200);
    expect((await post(b, CHECK, { email: 'n10@example.test' }, token)).statusCode).toBe(429);
  });

  it('given a signed-in customer, then PATCH /api/customers/me changes the infos; stale version 409, bad fields 400, no token 403', async () => {
    const b = browser();
    const { csrfToken } = (await post(b, SIGN_UP, newcomer('hugo@example.test'))).json();
    const headers = { 'x-csrf-token': csrfToken };
    const patched = await b.call({
      method: 'PATCH',
      url: '/api/customers/me',
      headers,
      payload: {
        phone: '+33 6 12 34 56 78',
        address: { lines: ['12 rue des Lilas'], postcode: '75011', city: 'Paris', country: 'fr' },
        expectedVersion: 1,
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ version: 2, personal: { address: { country: 'FR' } } });
    const stale = await b.call({
      method: 'PATCH',
      url: '/api/customers/me',
      headers,
      payload: { lastName: 'X', expectedVersion: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const bad = await b.call({
      method: 'PATCH',
      url: '/api/customers/me',
      headers,
      payload: { birthDate: '1990-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'body.birthDate': ['is not a real date'] });
    expect(
      (await b.call({ method: 'PATCH', url: '/api/customers/me', payload: { lastName: 'X' } })).statusCode,
    ).toBe(403);
    const me = (await b.call({ method: 'GET', url: '/api/customers/me' })).json();
    expect(me).toMatchObject({ version: 2, personal: { lastName: 'Berg', phone: '+33 6 12 34 56 78' } });
    expect(me.consents.terms.given).toBe(true);
  });

  it('given a customer erased while signed in, then their session reads as signed out', async () => {
    const b = browser();
    const { customer } = (await post(b, SIGN_UP, newcomer('ida@example.test'))).json();
    await accounts.erase(customer.customerId);
    expect((await b.call({ method: 'GET', url: '/api/customers/me' })).statusCode).toBe(401);
    expect((await b.call({ method: 'GET', url: SIGN_IN })).json()).toMatchObject({
      signedIn: false,
      customer: null,
    });
  });

  it('the OpenAPI document lists the calls with their bodies', async () => {
    const document = (await fastify.inject('/api/docs/json')).json();
    expect(document.paths[SIGN_UP]?.post?.requestBody).toBeDefined();
    expect(document.paths['/de/kaufen/ajax-booking/check-email']?.post).toBeDefined();
    expect(document.paths['/api/customers/me']?.patch).toBeDefined();
  });
});
