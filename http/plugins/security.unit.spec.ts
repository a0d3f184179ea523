/**
 * The security plugins on a bare Fastify app with in-memory sessions: cookie flags, CSRF refused and
 * accepted, the per-route opt-in and opt-out, the staff guard's 401/403, and the start-up check that
 * refuses an /admin route without a guard.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STAFF_ROLES } from '../../domain/staff/staffRoles.ts';
import type { StaffAccount } from '../../engine/staff/staffAccounts.ts';
import { adminAuthApi } from '../routes/adminAuthApi.ts';
import { testBrowser } from '../testing/testBrowser.ts';
import { csrfCheck } from './csrf.ts';
import { errorHandler } from './errorHandler.ts';
import { buyerOf, visitorIdOf } from './principals.ts';
import { type SecurityOptions, security } from './security.ts';
import { requireStaff } from './staffGuard.ts';
import { zodTypeProvider } from './zodTypeProvider.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/page', async () => ({ ok: true }));
  app.post('/api/favorites', { schema: { body: z.object({ carId: z.string() }) } }, async (request) => ({
    visitorId: visitorIdOf(request),
  }));
  app.get('/api/legacy-favorite', { config: { csrf: true } }, async (request) => ({
    visitorId: visitorIdOf(request),
  }));
  app.post('/hooks/payment', { config: { csrf: false } }, async () => ({ ok: true }));
  app.get('/api/add-favorite', { preHandler: csrfCheck }, async (request) => ({
    owner: buyerOf(request, true),
  }));
  app.get('/api/owner', async (request) => ({ owner: buyerOf(request, false) ?? null }));
  app.post('/test/as-customer', { config: { csrf: false } }, async (request) => {
    request.session.customerId = 'c-1';
    return { ok: true };
  });
  // Test-only: puts a staff principal in the session, as the sign-in route would.
  app.post(
    '/test/as-staff',
    {
      config: { csrf: false },
      schema: { body: z.object({ id: z.string(), roles: z.array(z.enum(STAFF_ROLES)) }) },
    },
    async (request) => {
      request.session.staff = { ...request.body, signedInAt: now.toISOString() };
      return { ok: true };
    },
  );
  app.get('/admin/api/bookings', { preHandler: requireStaff('sales') }, async () => ({ bookings: [] }));
  app.post('/admin/api/banners', { preHandler: [requireStaff('content')] }, async () => ({ saved: true }));
  app.get('/admin/api/anyone', { preHandler: requireStaff() }, async () => ({ ok: true }));
};

let now = new Date('2030-01-01T10:00:00.000Z');

async function build(options: SecurityOptions = {}, more?: FastifyPluginAsyncZod): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: true });
  await app.register(zodTypeProvider);
  await app.register(errorHandler);
  await app.register(security, { sessionSecret: 'x'.repeat(32), clock: () => now, ...options });
  await app.register(routes);
  if (more) await app.register(more);
  await app.ready();
  return app;
}

describe('security plugins', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
    now = new Date('2030-01-01T10:00:00.000Z');
  });

  it('given a page view, then no session cookie is set', async () => {
    app = await build();
    const response = await app.inject({ method: 'GET', url: '/api/page' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
  });

  it('given a CSRF token fetched, then the session cookie is sid, httpOnly, SameSite=Lax, not Secure on http', async () => {
    app = await build();
    const response = await app.inject({ method: 'GET', url: '/api/csrf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge ?? cookie?.expires).toBeTruthy();
  });

  it('given an https public URL, then the cookie is Secure (behind a proxy that says https)', async () => {
    app = await build({ secureCookies: true });
    const response = await app.inject({
      method: 'GET',
      url: '/api/csrf',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((c) => c.name === 'sid')).toMatchObject({ secure: true, httpOnly: true });
  });

  it('given a POST without a token, then 403 (no session, then a session without token, then a wrong token)', async () => {
    app = await build();
    const browser = testBrowser(app);
    const post = (headers: Record<string, string> = {}) =>
      browser.call({ method: 'POST', url: '/api/favorites', payload: { carId: '12' }, headers });
    const noSession = await post();
    expect(noSession.statusCode).toBe(403);
    expect(noSession.json().error).toBe('FST_CSRF_MISSING_SECRET');
    await browser.csrf();
    expect((await post()).statusCode).toBe(403);
    const wrong = await post({ 'x-csrf-token': 'not-a-token' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('FST_CSRF_INVALID_TOKEN');
  });

  it('given a token in the header or in the _csrf field, then the POST is accepted', async () => {
    app = await build();
    const browser = testBrowser(app);
    const token = await browser.csrf();
    const viaHeader = await browser.call({
      method: 'POST',
      url: '/api/favorites',
      payload: { carId: '12' },
      headers: { 'x-csrf-token': token },
    });
    expect(viaHeader.statusCode).toBe(200);
    const viaField = await browser.call({
      method: 'POST',
      url: '/api/favorites',
      payload: { carId: '12', _csrf: token },
    });
    expect(viaField.statusCode).toBe(200);
    expect(viaField.json().visitorId).toBe(viaHeader.json().visitorId);
  });

  it("given another browser's token, then it is refused", async () => {
    app = await build();
    const token = await testBrowser(app).csrf();
    const other = testBrowser(app);
    await other.csrf();
    const response = await other.call({
      method: 'POST',
      url: '/api/favorites',
      payload: { carId: '12' },
      headers: { 'x-csrf-token': token },
    });
    expect(response.statusCode).toBe(403);
  });

  it('given a forged body that is also invalid, then 403, not 400 (validation says nothing to a forger)', async () => {
    app = await build();
    const response = await app.inject({ method: 'POST', url: '/api/favorites', payload: { nope: 1 } });
    expect(response.statusCode).toBe(403);
  });

  it('given a GET route that opted in, then it needs the token; a route that opted out does not', async () => {
    app = await build();
    const browser = testBrowser(app);
    const token = await browser.csrf();
    expect((await browser.call({ method: 'GET', url: '/api/legacy-favorite' })).statusCode).toBe(403);
    const ok = await browser.call({
      method: 'GET',
      url: '/api/legacy-favorite',
      headers: { 'x-csrf-token': token },
    });
    expect(ok.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/hooks/payment' })).statusCode).toBe(200);
  });

  it('given an unknown route, then 404 whatever the method', async () => {
    app = await build();
    expect((await app.inject({ method: 'POST', url: '/api/nowhere' })).statusCode).toBe(404);
  });

  it('given no staff sign-in, then guarded routes answer 401', async () => {
    app = await build();
    const response = await app.inject({ method: 'GET', url: '/admin/api/bookings' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('given staff without the role, then 403; with it, or as admin, then 200', async () => {
    app = await build();
    const as = async (roles: string[]) => {
      const browser = testBrowser(app);
      await browser.call({ method: 'POST', url: '/test/as-staff', payload: { id: 's-1', roles } });
      return browser;
    };
    const content = await as(['content']);
    const forbidden = await content.call({ method: 'GET', url: '/admin/api/bookings' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ error: 'forbidden' });
    expect((await content.call({ method: 'GET', url: '/admin/api/anyone' })).statusCode).toBe(200);
    expect((await (await as(['sales'])).call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(
      200,
    );
    expect((await (await as(['admin'])).call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(
      200,
    );
  });

  it('given a guarded POST, then the CSRF check comes first and the guard second', async () => {
    app = await build();
    const browser = testBrowser(app);
    await browser.call({ method: 'POST', url: '/test/as-staff', payload: { id: 's-1', roles: ['sales'] } });
    expect((await browser.call({ method: 'POST', url: '/admin/api/banners' })).statusCode).toBe(403);
    const token = await browser.csrf();
    const response = await browser.call({
      method: 'POST',
      url: '/admin/api/banners',
      headers: { 'x-csrf-token': token },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('forbidden');
  });

  it('given a staff sign-in older than its maximum age, then 401 and the principal is dropped', async () => {
    app = await build();
    const browser = testBrowser(app);
    await browser.call({ method: 'POST', url: '/test/as-staff', payload: { id: 's-1', roles: ['admin'] } });
    now = new Date(now.getTime() + 12 * 60 * 60 * 1000);
    expect((await browser.call({ method: 'GET', url: '/admin/api/anyone' })).statusCode).toBe(401);
  });

  it('given accounts, then a disabled account or changed roles count from the next request', async () => {
    let account: StaffAccount = {
      id: 's-1',
      email: 'anna@example.test',
      name: 'Anna',
      roles: ['sales'],
      disabled: false,
      invited: false,
      createdAt: now,
      lastSignInAt: null,
    };
    app = await build({ staffAccounts: { find: async (id) => (id === account.id ? account : undefined) } });
    const browser = testBrowser(app);
    await browser.call({ method: 'POST', url: '/test/as-staff', payload: { id: 's-1', roles: ['sales'] } });
    expect((await browser.call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(200);
    account = { ...account, roles: ['content'] };
    expect((await browser.call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(403);
    account = { ...account, disabled: true };
    expect((await browser.call({ method: 'GET', url: '/admin/api/anyone' })).statusCode).toBe(401);
    account = { ...account, disabled: false };
    expect((await browser.call({ method: 'GET', url: '/admin/api/anyone' })).statusCode).toBe(401);
  });

  it('given an /admin route without a guard, then the app refuses to start', async () => {
    const unguarded: FastifyPluginAsyncZod = async (scope) => {
      scope.get('/admin/api/customers/export', async () => ({ rows: [] }));
    };
    await expect(build({}, unguarded)).rejects.toThrow(
      /GET \/admin\/api\/customers\/export has no staff guard/,
    );
  });

  it('given an /admin route guarded through a prefix, or declared public, then the app starts', async () => {
    const prefixed: FastifyPluginAsyncZod = async (scope) => {
      const guard = requireStaff('analyst');
      await scope.register(
        async (admin) => {
          admin.get('/dashboard', { onRequest: guard }, async () => ({ ok: true }));
          admin.get('/sign-in', { config: { staffGuard: 'public' } }, async () => ({ ok: true }));
        },
        { prefix: '/admin' },
      );
    };
    app = await build({}, prefixed);
    expect((await app.inject({ method: 'GET', url: '/admin/dashboard' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/admin/sign-in' })).statusCode).toBe(200);
  });

  it('given a visitor who signs in as staff and out again, then the visitor id survives both session id changes', async () => {
    const anna: StaffAccount = {
      id: 's-1',
      email: 'anna@example.test',
      name: 'Anna',
      roles: ['sales'],
      disabled: false,
      invited: false,
      createdAt: now,
      lastSignInAt: null,
    };
    const signInRoutes: FastifyPluginAsyncZod = async (scope) => {
      await scope.register(adminAuthApi, {
        clock: () => now,
        accounts: {
          verify: async (email, password) => (email === anna.email && password === 'pw' ? anna : undefined),
        },
      });
    };
    app = await build({}, signInRoutes);
    const browser = testBrowser(app);
    let token = await browser.csrf();
    const favorite = async () =>
      (
        await browser.call({
          method: 'POST',
          url: '/api/favorites',
          payload: { carId: '12' },
          headers: { 'x-csrf-token': token },
        })
      ).json().visitorId as string;
    const visitorId = await favorite();
    const firstSid = browser.sid;
    const signedIn = await browser.call({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: anna.email, password: 'pw' },
      headers: { 'x-csrf-token': token },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(browser.sid).not.toBe(firstSid);
    token = signedIn.json().csrfToken;
    expect(await favorite()).toBe(visitorId);
    expect((await browser.call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(200);
    const signedOut = await browser.call({
      method: 'DELETE',
      url: '/admin/api/session',
      headers: { 'x-csrf-token': token },
    });
    expect(signedOut.statusCode).toBe(204);
    expect((await browser.call({ method: 'GET', url: '/admin/api/bookings' })).statusCode).toBe(401);
    token = await browser.csrf();
    expect(await favorite()).toBe(visitorId);
  });

  it('given a GET guarded by csrfCheck, then 403 without the token and the buyer with it; a customer comes before the visitor', async () => {
    app = await build();
    const browser = testBrowser(app);
    expect((await browser.call({ method: 'GET', url: '/api/owner' })).json()).toEqual({ owner: null });
    expect(browser.sid).toBeUndefined();
    const token = await browser.csrf();
    expect((await browser.call({ method: 'GET', url: '/api/add-favorite' })).statusCode).toBe(403);
    const added = await browser.call({
      method: 'GET',
      url: '/api/add-favorite',
      headers: { 'x-csrf-token': token },
    });
    expect(added.statusCode).toBe(200);
    const visitor = added.json().owner;
    expect(visitor).toEqual({ kind: 'visitor', id: expect.any(String) });
    expect((await browser.call({ method: 'GET', url: '/api/owner' })).json()).toEqual({ owner: visitor });
    await browser.call({ method: 'POST', url: '/test/as-customer' });
    expect((await browser.call({ method: 'GET', url: '/api/owner' })).json()).toEqual({
      owner: { kind: 'customer', id: 'c-1' },
    });
  });
});
