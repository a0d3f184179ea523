/**
 * The staff saved-views API on a real database: a view created and listed by its owner, seen shared by
 * another staff member (who may not change it, an admin may), a personal view hidden from others, the
 * same name refused (409 naming the view), a retried create with its Idempotency-Key answered the same
 * view, bad filters refused by field, lists the caller's roles do not open, unknown views, deletion.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { createSavedViews } from '../../engine/staff/createSavedViews.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { checkViewFilters } from '../../ui/admin/savedViewLists.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { openApi } from '../plugins/openapi.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';
import { adminAuthApi } from './adminAuthApi.ts';
import { adminSavedViewsApi } from './adminSavedViewsApi.ts';

const PASSWORD = 'correct horse battery';
const PEOPLE = ['admin', 'sales', 'seller', 'analyst', 'content'] as const;
type Person = (typeof PEOPLE)[number];
const ROLES: Record<Person, StaffRole> = {
  admin: 'admin',
  sales: 'sales',
  seller: 'sales',
  analyst: 'analyst',
  content: 'content',
};
const URL = '/admin/api/saved-views';

describe('staff saved views API', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  const as: Partial<Record<Person, { browser: TestBrowser; token: string }>> = {};
  const call = (
    who: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const { browser, token } = as[who]!;
    return browser.call({
      method,
      url,
      headers: { 'x-csrf-token': token, ...headers },
      ...(payload ? { payload } : {}),
    });
  };
  const create = async (who: Person, body: object, headers?: Record<string, string>) => {
    const answer = await call(who, 'POST', URL, body, headers);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json() as { id: string; name: string; filters: object; shared: boolean };
  };
  const listed = async (who: Person, list: string) => {
    const answer = await call(who, 'GET', `${URL}?list=${list}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { views: { id: string; name: string; mayChange: boolean; owner: object }[] })
      .views;
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    const staff = createStaffAccounts({
      knex: db.knex,
      schema: db.schema,
      hashCost: { memoryCost: 8192, timeCost: 1 },
    });
    for (const who of PEOPLE) {
      await staff.create({
        email: `${who}@example.test`,
        name: `${who} person`,
        password: PASSWORD,
        roles: [ROLES[who]],
      });
    }
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(openApi);
    await app.register(security, { sessionSecret: 's'.repeat(40), staffAccounts: staff });
    await app.register(adminAuthApi, { accounts: staff });
    await app.register(adminSavedViewsApi, {
      views: createSavedViews({ knex: db.knex, schema: db.schema, checkFilters: checkViewFilters }),
    });
    await app.ready();
    for (const [i, who] of PEOPLE.entries()) {
      const browser = testBrowser(app, `10.0.3.${i + 1}`);
      const signIn = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: `${who}@example.test`, password: PASSWORD },
        headers: { 'x-csrf-token': await browser.csrf() },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      as[who] = { browser, token: signIn.json().csrfToken };
    }
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  describe('creating and listing', () => {
    it('given a shared view, when another seller lists, then it shows with its owner and no right to change', async () => {
      const view = await create('sales', {
        list: 'purchases',
        name: 'German in progress',
        filters: { market: 'de', status: 'in-progress', pageSize: '50' },
        shared: true,
      });
      expect(view).toMatchObject({
        name: 'German in progress',
        filters: { market: 'de', status: 'in-progress', pageSize: 50 },
        shared: true,
      });
      expect(await listed('sales', 'purchases')).toEqual([
        expect.objectContaining({
          id: view.id,
          mayChange: true,
          owner: expect.objectContaining({ name: 'sales person' }),
        }),
      ]);
      expect(await listed('seller', 'purchases')).toEqual([
        expect.objectContaining({
          id: view.id,
          mayChange: false,
          owner: expect.objectContaining({ name: 'sales person' }),
        }),
      ]);
      expect(await listed('admin', 'purchases')).toEqual([
        expect.objectContaining({ id: view.id, mayChange: true }),
      ]);
    });

    it('given a personal view, then only its owner lists it, own views first', async () => {
      const mine = await create('seller', { list: 'purchases', name: 'mine', filters: { market: 'fr' } });
      expect((await listed('seller', 'purchases')).map((v) => v.name)).toEqual([
        'mine',
        'German in progress',
      ]);
      expect((await listed('sales', 'purchases')).map((v) => v.id)).not.toContain(mine.id);
      expect((await call('sales', 'PUT', `${URL}/${mine.id}`, { name: 'stolen' })).statusCode).toBe(404);
    });

    it('given the same name in another case by the same owner, then 409 naming the existing view', async () => {
      const first = await create('sales', {
        list: 'bookings',
        name: 'Paid deposits',
        filters: { status: 'confirmed' },
      });
      const again = await call('sales', 'POST', URL, {
        list: 'bookings',
        name: ' paid DEPOSITS ',
        filters: {},
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: 'conflict',
        view: { id: first.id, name: 'Paid deposits' },
      });
      // Another owner, or another list, may use the name.
      await create('seller', { list: 'bookings', name: 'Paid deposits', filters: {} });
      await create('sales', { list: 'customers', name: 'Paid deposits', filters: {} });
    });

    it('given a retry with the same Idempotency-Key, then the same view answers and nothing more is made', async () => {
      const headers = { 'idempotency-key': 'form-1234' };
      const body = {
        list: 'customers',
        name: 'Polish sign-ups',
        filters: { market: 'pl', sort: 'activity' },
      };
      const first = await create('analyst', body, headers);
      const retry = await call('analyst', 'POST', URL, body, headers);
      expect(retry.statusCode).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json()).toEqual(first);
      expect((await listed('analyst', 'customers')).filter((v) => v.name === 'Polish sign-ups')).toHaveLength(
        1,
      );
    });
  });

  describe('refusals', () => {
    it('given filters the list does not know, then 400 with a message per field and nothing made', async () => {
      const answer = await call('sales', 'POST', URL, {
        list: 'purchases',
        name: 'broken',
        filters: { market: 'xx', step: 'nowhere', colour: 'red', from: 'yesterday' },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: 'validation',
        fields: {
          'filters.market': ['is not a valid value'],
          'filters.step': ['is not a valid value'],
          'filters.colour': ['is not a filter of this list'],
          'filters.from': ['is not a valid value'],
        },
      });
      const noName = await call('sales', 'POST', URL, { list: 'purchases', name: '   ', filters: {} });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().fields).toEqual({ name: ['is required'] });
      const badList = await call('sales', 'POST', URL, { list: 'leads', name: 'x' });
      expect(badList.statusCode).toBe(400);
      expect(Object.keys(badList.json().fields)).toEqual(['body.list']);
      expect((await listed('sales', 'purchases')).map((v) => v.name)).not.toContain('broken');
    });

    it('given a list the roles do not open, then 403; content staff get 403 everywhere', async () => {
      expect((await call('analyst', 'GET', `${URL}?list=purchases`)).statusCode).toBe(403);
      expect(
        (await call('analyst', 'POST', URL, { list: 'bookings', name: 'x', filters: {} })).statusCode,
      ).toBe(403);
      expect((await call('content', 'GET', `${URL}?list=customers`)).statusCode).toBe(403);
    });

    it('given a view of another, when a non-owner changes or deletes it, then 403 and it is unchanged', async () => {
      const [view] = (await listed('seller', 'purchases')).filter((v) => v.name === 'German in progress');
      const renamed = await call('seller', 'PUT', `${URL}/${view!.id}`, { name: 'mine now' });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json()).toMatchObject({ error: 'forbidden' });
      expect((await call('seller', 'DELETE', `${URL}/${view!.id}`)).statusCode).toBe(403);
      expect((await listed('sales', 'purchases')).map((v) => v.name)).toContain('German in progress');
    });

    it('given an unknown view, then 404 for change and delete', async () => {
      expect((await call('admin', 'PUT', `${URL}/999999`, { name: 'x' })).statusCode).toBe(404);
      expect((await call('admin', 'DELETE', `${URL}/999999`)).statusCode).toBe(404);
      expect((await call('admin', 'DELETE', `${URL}/not-digits`)).statusCode).toBe(400);
    });

    it('given no CSRF token, then a write is refused with 403', async () => {
      const answer = await as.sales!.browser.call({
        method: 'POST',
        url: URL,
        payload: { list: 'purchases', name: 'forged', filters: {} },
      });
      expect(answer.statusCode).toBe(403);
      expect((await listed('sales', 'purchases')).map((v) => v.name)).not.toContain('forged');
    });
  });

  describe('changing and deleting', () => {
    it('given the owner, when renaming, replacing filters and unsharing, then the others no longer see it', async () => {
      const view = await create('sales', {
        list: 'purchases',
        name: 'Draft',
        filters: { market: 'it' },
        shared: true,
      });
      const changed = await call('sales', 'PUT', `${URL}/${view.id}`, {
        name: 'Italian finance',
        filters: { market: 'it', status: 'awaiting-finance-decision' },
        shared: false,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({
        name: 'Italian finance',
        filters: { market: 'it', status: 'awaiting-finance-decision' },
        shared: false,
      });
      expect((await listed('seller', 'purchases')).map((v) => v.id)).not.toContain(view.id);
      const bad = await call('sales', 'PUT', `${URL}/${view.id}`, { filters: { status: 'nope' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ 'filters.status': ['is not a valid value'] });
      const clash = await call('sales', 'PUT', `${URL}/${view.id}`, { name: 'german IN progress' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().view.name).toBe('German in progress');
    });

    it('given an admin, when changing or deleting another’s shared view, then it is allowed', async () => {
      const view = await create('seller', { list: 'bookings', name: 'To tidy', filters: {}, shared: true });
      const shared = await call('admin', 'PUT', `${URL}/${view.id}`, { name: 'Tidied' });
      expect(shared.statusCode, shared.body).toBe(200);
      expect(shared.json()).toMatchObject({
        name: 'Tidied',
        owner: { name: 'seller person' },
        mayChange: true,
      });
      expect((await call('admin', 'DELETE', `${URL}/${view.id}`)).statusCode).toBe(204);
      expect((await listed('seller', 'bookings')).map((v) => v.id)).not.toContain(view.id);
    });

    it('given the owner, when deleting, then 204, gone from every list, and deleting again is 404', async () => {
      const view = await create('seller', {
        list: 'purchases',
        name: 'Short-lived',
        filters: {},
        shared: true,
      });
      expect((await call('seller', 'DELETE', `${URL}/${view.id}`)).statusCode).toBe(204);
      expect((await listed('sales', 'purchases')).map((v) => v.id)).not.toContain(view.id);
      expect((await call('seller', 'DELETE', `${URL}/${view.id}`)).statusCode).toBe(404);
    });
  });
});
