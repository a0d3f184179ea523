/**
 * Staff sign-in through the whole app (http/app.ts) with sessions in the database and real staff
 * accounts: success (new session id, cookie flags, CSRF token rotated), the same 401 for every
 * failure, the rate limit, disabling a signed-in account, sign-out, and sessions surviving a restart.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import type { StaffAccounts } from '../../engine/staff/staffAccounts.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { app } from '../app.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';
const SECRET = 's'.repeat(40);

describe('staff sign-in API', () => {
  let db: TestDatabase;
  let accounts: StaffAccounts;
  let fastify: FastifyInstance;

  const build = async () => {
    const instance = Fastify({ logger: false });
    await instance.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: SECRET,
        staffAccounts: accounts,
      },
    });
    await instance.ready();
    return instance;
  };
  const signIn = async (browser: TestBrowser, email: string, password = PASSWORD) =>
    browser.call({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email, password },
      headers: { 'x-csrf-token': await browser.csrf() },
    });
  const sessionRows = () => db.knex.withSchema(db.schema).table('http_sessions').select('sid', 'data');

  beforeAll(async () => {
    db = await openTestDatabase();
    accounts = createStaffAccounts({ knex: db.knex, schema: db.schema });
    await accounts.create({ email: 'anna@example.test', name: 'Anna', password: PASSWORD, roles: ['sales'] });
    await accounts.create({ email: 'ben@example.test', name: 'Ben', password: PASSWORD, roles: ['admin'] });
    await accounts.create({ email: 'gone@example.test', name: 'Gone', password: PASSWORD, roles: ['admin'] });
    await accounts.disable('gone@example.test');
    fastify = await build();
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.close();
  });

  it('given the right password, then 200, a new session id with safe cookie flags, and the staff member in the session', async () => {
    const browser = testBrowser(fastify, '127.0.0.11');
    await browser.csrf();
    const before = browser.sid;
    const response = await signIn(browser, 'Anna@Example.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'anna@example.test',
      name: 'Anna',
      roles: ['sales'],
      csrfToken: expect.any(String),
    });
    expect(browser.sid).toBeDefined();
    expect(browser.sid).not.toBe(before);
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await browser.call({ method: 'GET', url: '/admin/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'anna@example.test', roles: ['sales'] });
    const stored = (await sessionRows()).map((row) => row.data.staff?.id);
    expect(stored).toContain(me.json().id);
  });

  it('given a sign-in, then the old CSRF token is refused and the one from the answer works (sign-out)', async () => {
    const browser = testBrowser(fastify, '127.0.0.12');
    const oldToken = await browser.csrf();
    const response = await browser.call({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'ben@example.test', password: PASSWORD },
      headers: { 'x-csrf-token': oldToken },
    });
    const { csrfToken } = response.json();
    const refused = await browser.call({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { 'x-csrf-token': oldToken },
    });
    expect(refused.statusCode).toBe(403);
    const signedOut = await browser.call({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(signedOut.statusCode).toBe(204);
    expect((await browser.call({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(401);
  });

  it('given a wrong password, an unknown email or a disabled account, then the same 401 and no staff session', async () => {
    const answers = [];
    for (const [email, password] of [
      ['anna@example.test', 'wrong password!!'],
      ['nobody@example.test', PASSWORD],
      ['gone@example.test', PASSWORD],
    ] as const) {
      const browser = testBrowser(fastify, '127.0.0.13');
      const response = await signIn(browser, email, password);
      answers.push({ status: response.statusCode, body: response.json() });
      expect((await browser.call({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(401);
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'unauthenticated', message: 'the email or the password is wrong' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('given a sign-in without a CSRF token, then 403', async () => {
    const response = await fastify.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'anna@example.test', password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
  });

  it('given 5 attempts in a minute for one IP and email, then the 6th is 429 with retry-after; another email still gets through', async () => {
    const browser = testBrowser(fastify, '127.0.0.14');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(browser, 'ben@example.test', `guess number ${i}`)).statusCode).toBe(401);
    }
    const limited = await signIn(browser, 'BEN@example.test', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(browser, 'anna@example.test', PASSWORD)).statusCode).toBe(200);
    expect((await signIn(testBrowser(fastify, '127.0.0.15'), 'ben@example.test', PASSWORD)).statusCode).toBe(
      200,
    );
  });

  it('given a signed-in staff member whose account is then disabled, then the next request is 401', async () => {
    await accounts.create({
      email: 'carl@example.test',
      name: 'Carl',
      password: PASSWORD,
      roles: ['content'],
    });
    const browser = testBrowser(fastify, '127.0.0.16');
    expect((await signIn(browser, 'carl@example.test')).statusCode).toBe(200);
    expect((await browser.call({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(200);
    await accounts.disable('carl@example.test');
    expect((await browser.call({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(401);
  });

  it('given a signed-in staff member, when the app restarts, then the session is still there (it lives in the database)', async () => {
    const browser = testBrowser(fastify, '127.0.0.17');
    expect((await signIn(browser, 'ben@example.test')).statusCode).toBe(200);
    const restarted = await build();
    try {
      const me = await restarted.inject({
        method: 'GET',
        url: '/admin/api/me',
        cookies: { sid: browser.sid ?? '' },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('ben@example.test');
    } finally {
      await restarted.close();
    }
  });
});
