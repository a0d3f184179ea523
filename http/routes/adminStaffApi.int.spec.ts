/**
 * The staff API through the whole app on a real database: an invitation accepted and signed in with,
 * invited again, refused links (unknown, replaced, expired, used, revoked), roles, disabling ending the
 * person's sessions, an admin's own account protected, and non-admins refused.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createEndStaffSessions } from '../../engine/sessions/endStaffSessions.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import type { StaffAccounts } from '../../engine/staff/staffAccounts.ts';
import { createStaffManagement } from '../../engine/staff/staffManagement.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { app } from '../app.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const T0 = new Date('2030-03-01T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('staff API', () => {
  let db: TestDatabase;
  let accounts: StaffAccounts;
  let fastify: FastifyInstance;
  let now: Date;
  let ip = 0;
  const tokens = new Map<TestBrowser, string>();

  const browser = () => testBrowser(fastify, `127.0.1.${++ip}`);
  const send = async (who: TestBrowser, method: 'GET' | 'POST', url: string, payload?: object) =>
    who.call({
      method,
      url,
      headers: { 'x-csrf-token': tokens.get(who) ?? (await who.csrf()) },
      ...(payload ? { payload } : {}),
    });
  const signIn = async (email: string, password = PASSWORD) => {
    const who = browser();
    const answer = await send(who, 'POST', '/admin/api/session', { email, password });
    expect(answer.statusCode, answer.body).toBe(200);
    tokens.set(who, answer.json().csrfToken);
    return who;
  };
  const invite = (who: TestBrowser, body: object) => send(who, 'POST', '/admin/api/staff/invitations', body);
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;
  const accept = async (token: string, password = NEW_PASSWORD) => {
    const who = browser();
    const answer = await send(who, 'POST', '/admin/api/staff/invitation', { token, password });
    if (answer.statusCode === 200) tokens.set(who, answer.json().csrfToken);
    return { who, answer };
  };
  const idOf = async (email: string) => (await accounts.list()).find((a) => a.email === email)!.id;

  beforeAll(async () => {
    db = await openTestDatabase();
    accounts = createStaffAccounts({
      knex: db.knex,
      schema: db.schema,
      clock: () => now,
      hashCost: { memoryCost: 4096, timeCost: 1 },
    });
    now = T0;
    await accounts.create({ email: 'ada@example.test', name: 'Ada', password: PASSWORD, roles: ['admin'] });
    await accounts.create({ email: 'sam@example.test', name: 'Sam', password: PASSWORD, roles: ['sales'] });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 's'.repeat(40),
        staffAccounts: accounts,
      },
      staffAdmin: {
        staff: createStaffManagement({
          accounts,
          endSessions: createEndStaffSessions({ knex: db.knex, schema: db.schema }),
        }),
        clock: () => now,
        acceptLimit: 1000,
      },
    });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.close();
  });
  beforeEach(() => {
    now = T0;
  });

  describe('invitations', () => {
    it('given an invitation, when the link is opened and a password set, then the invitee is signed in with the roles', async () => {
      const ada = await signIn('ada@example.test');
      const invited = await invite(ada, {
        name: ' Iris Novak ',
        email: 'Iris@Example.test',
        roles: ['content'],
        locale: 'pl',
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const body = invited.json();
      expect(body).toMatchObject({
        account: { email: 'iris@example.test', name: 'Iris Novak', roles: ['content'], invited: true },
        expiresAt: new Date(T0.getTime() + 7 * DAY).toISOString(),
        replaced: false,
      });
      expect(body.invitationPath).toMatch(/^\/admin\/pl\/sign-in\/invitation\?token=[\w-]{43}$/);
      const stored = await db.knex.withSchema(db.schema).table('staff_invitations').first();
      expect(stored.token_hash).not.toContain(tokenOf(body.invitationPath));

      const signInFirst = await send(browser(), 'POST', '/admin/api/session', {
        email: 'iris@example.test',
        password: NEW_PASSWORD,
      });
      expect(signInFirst.statusCode).toBe(401);

      const opened = await browser().call({
        method: 'GET',
        url: `/admin/api/staff/invitation?token=${tokenOf(body.invitationPath)}`,
      });
      expect(opened.json()).toEqual({
        name: 'Iris Novak',
        email: 'iris@example.test',
        locale: 'pl',
        expiresAt: body.expiresAt,
      });

      const { who, answer } = await accept(tokenOf(body.invitationPath));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ email: 'iris@example.test', roles: ['content'] });
      const me = await who.call({ method: 'GET', url: '/admin/api/me' });
      expect(me.json()).toMatchObject({ email: 'iris@example.test', roles: ['content'] });
      await signIn('iris@example.test', NEW_PASSWORD);

      const list = (await send(ada, 'GET', '/admin/api/staff')).json().accounts;
      expect(list.find((a: { email: string }) => a.email === 'iris@example.test')).toMatchObject({
        invited: false,
        disabled: false,
        invitationExpiresAt: null,
        lastSignInAt: T0.toISOString(),
      });
    });

    it('given an email invited and not accepted, when invited again, then the same account with a new token', async () => {
      const ada = await signIn('ada@example.test');
      const first = (
        await invite(ada, { name: 'Jo', email: 'jo@example.test', roles: ['sales'], locale: 'fr' })
      ).json();
      const again = await invite(ada, {
        name: 'Jo Smith',
        email: 'jo@example.test',
        roles: ['analyst'],
        locale: 'de',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        account: { id: first.account.id, name: 'Jo Smith', roles: ['analyst'], invited: true },
        replaced: true,
      });
      expect(again.json().invitationPath).toMatch(/^\/admin\/de\//);
      const old = await accept(tokenOf(first.invitationPath));
      expect(old.answer.statusCode).toBe(400);
      expect(old.answer.json()).toMatchObject({ error: 'validation', invitation: 'unknown' });
      expect(old.answer.json().fields.token).toHaveLength(1);
      expect((await accept(tokenOf(again.json().invitationPath))).answer.statusCode).toBe(200);
    });

    it('given the email of an active account, when invited, then 409 saying it has an account', async () => {
      const ada = await signIn('ada@example.test');
      const answer = await invite(ada, {
        name: 'Sam',
        email: 'SAM@example.test',
        roles: ['sales'],
        locale: 'fr',
      });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ error: 'conflict', state: 'active' });
      expect(answer.json().message).toContain('already has an account');
    });

    it('given bad input, then 400 with a message per field', async () => {
      const ada = await signIn('ada@example.test');
      const answer = await invite(ada, { name: ' ', email: 'nope', roles: [], locale: 'xx' });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().fields).sort()).toEqual([
        'body.email',
        'body.locale',
        'body.name',
        'body.roles',
      ]);
    });

    it('given links that no longer work, then 400 naming why: expired, used, revoked, unknown', async () => {
      const ada = await signIn('ada@example.test');
      const make = async (email: string) =>
        tokenOf(
          (await invite(ada, { name: 'X', email, roles: ['analyst'], locale: 'fr' })).json().invitationPath,
        );
      const expiring = await make('late@example.test');
      const used = await make('used@example.test');
      const revoked = await make('revoked@example.test');
      expect((await accept(used)).answer.statusCode).toBe(200);
      await send(ada, 'POST', `/admin/api/staff/${await idOf('revoked@example.test')}/disable`);
      now = new Date(T0.getTime() + 7 * DAY);
      const reasons = [];
      for (const token of [expiring, used, revoked, 'x'.repeat(43), 'short']) {
        const { answer } = await accept(token, 'short');
        expect(answer.statusCode).toBe(400);
        reasons.push(answer.json().invitation);
      }
      expect(reasons).toEqual(['expired', 'used', 'revoked', 'unknown', 'unknown']);
      const opened = await browser().call({
        method: 'GET',
        url: `/admin/api/staff/invitation?token=${expiring}`,
      });
      expect(opened.statusCode).toBe(400);
      expect(opened.json().message).toContain('expired');
    });

    it('given a short password, then 400 on the password and the link still works', async () => {
      const ada = await signIn('ada@example.test');
      const token = tokenOf(
        (await invite(ada, { name: 'Kim', email: 'kim@example.test', roles: ['sales'], locale: 'fr' })).json()
          .invitationPath,
      );
      const short = await accept(token, 'too short');
      expect(short.answer.statusCode).toBe(400);
      expect(short.answer.json().fields).toEqual({ password: ['needs at least 12 characters'] });
      expect((await accept(token)).answer.statusCode).toBe(200);
    });
  });

  describe('roles and access', () => {
    it('given roles, then they replace the old ones at once; none at all is 400', async () => {
      const ada = await signIn('ada@example.test');
      await accounts.create({ email: 'rui@example.test', name: 'Rui', password: PASSWORD, roles: ['sales'] });
      const rui = await signIn('rui@example.test');
      const id = await idOf('rui@example.test');
      expect((await send(rui, 'GET', '/admin/api/staff')).statusCode).toBe(403);
      const changed = await send(ada, 'POST', `/admin/api/staff/${id}/roles`, { roles: ['admin', 'sales'] });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().roles).toEqual(['admin', 'sales']);
      expect((await send(rui, 'GET', '/admin/api/staff')).statusCode).toBe(200);
      const none = await send(ada, 'POST', `/admin/api/staff/${id}/roles`, { roles: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields['body.roles']).toEqual(['needs at least one role']);
      const unknown = await send(ada, 'POST', '/admin/api/staff/00000000-0000-4000-8000-000000000000/roles', {
        roles: ['sales'],
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('given a signed-in person, when disabled, then their session ends at once and they cannot sign in; enabling lets them', async () => {
      const ada = await signIn('ada@example.test');
      await accounts.create({
        email: 'eve@example.test',
        name: 'Eve',
        password: PASSWORD,
        roles: ['content'],
      });
      const eve = await signIn('eve@example.test');
      const id = await idOf('eve@example.test');
      const disabled = await send(ada, 'POST', `/admin/api/staff/${id}/disable`);
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json().disabled).toBe(true);
      const sessions = await db.knex.withSchema(db.schema).table('http_sessions').select('data');
      expect(sessions.filter((row) => row.data.staff?.id === id)).toEqual([]);
      expect((await eve.call({ method: 'GET', url: '/admin/api/me' })).statusCode).toBe(401);
      const refused = await send(browser(), 'POST', '/admin/api/session', {
        email: 'eve@example.test',
        password: PASSWORD,
      });
      expect(refused.statusCode).toBe(401);
      expect((await send(ada, 'POST', `/admin/api/staff/${id}/disable`)).statusCode).toBe(200);
      expect((await send(ada, 'POST', `/admin/api/staff/${id}/enable`)).json().disabled).toBe(false);
      await signIn('eve@example.test');
    });

    it('given an admin, when they disable themselves or drop their own admin role, then 409 and nothing changes', async () => {
      const ada = await signIn('ada@example.test');
      const id = await idOf('ada@example.test');
      const disable = await send(ada, 'POST', `/admin/api/staff/${id}/disable`);
      expect(disable.statusCode).toBe(409);
      expect(disable.json()).toMatchObject({
        error: 'conflict',
        reason: 'own_account',
        message: 'you cannot disable your own account: another admin can',
      });
      const roles = await send(ada, 'POST', `/admin/api/staff/${id}/roles`, { roles: ['sales'] });
      expect(roles.statusCode).toBe(409);
      expect(roles.json()).toMatchObject({ reason: 'own_admin_role' });
      expect(
        (await send(ada, 'POST', `/admin/api/staff/${id}/roles`, { roles: ['admin', 'analyst'] })).statusCode,
      ).toBe(200);
      expect((await send(ada, 'GET', '/admin/api/me')).json().roles).toEqual(['admin', 'analyst']);
    });

    it('given a non-admin or a visitor, then every staff call is refused (403, 401) and a write needs CSRF', async () => {
      const sam = await signIn('sam@example.test');
      const id = await idOf('sam@example.test');
      const calls = [
        ['GET', '/admin/api/staff'],
        ['POST', '/admin/api/staff/invitations'],
        ['POST', `/admin/api/staff/${id}/roles`],
        ['POST', `/admin/api/staff/${id}/disable`],
        ['POST', `/admin/api/staff/${id}/enable`],
      ] as const;
      const body = { name: 'Z', email: 'z@example.test', roles: ['admin'], locale: 'fr' };
      for (const [method, url] of calls) {
        expect((await send(sam, method, url, method === 'POST' ? body : undefined)).statusCode).toBe(403);
        expect((await send(browser(), method, url, method === 'POST' ? body : undefined)).statusCode).toBe(
          401,
        );
      }
      const ada = await signIn('ada@example.test');
      const forged = await ada.call({ method: 'POST', url: '/admin/api/staff/invitations', payload: body });
      expect(forged.statusCode).toBe(403);
      expect((await accounts.list()).map((a) => a.email)).not.toContain('z@example.test');
    });
  });
});
