/**
 * The back office's page shell through the whole app: every GET page of the route table's admin routes,
 * in every locale, answers the app's HTML shell (lang, title, the admin entry's script and stylesheet
 * from the build, `no-store`) to a signed-in admin, and a redirect to the sign-in page (with `?next=`)
 * to a visitor (but the invitation page, the shell for anyone); `/admin` redirects to the dashboard; an unknown admin path is a 404 shell; the sign-in
 * page renders a real form that signs in without JavaScript (303 to `_next`) and comes back with its
 * refusal otherwise.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/markets.ts';
import { ADMIN_ROUTES } from '../../domain/routes/adminRoutes.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { BOOKING_STATUSES } from '../../projections/funnels/bookingRow.ts';
import { FUNNEL_LIST_SORTS } from '../../projections/funnels/funnelList.ts';
import { BOOKING_STATUS_VALUES, LIST_SORTS } from '../../ui/admin/listSearch.ts';
import { app } from '../app.ts';
import { type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';

/** A sample path of each GET page of the admin route table, in `locale`. */
const SAMPLE_PARAMS: Record<string, Record<string, string>> = {
  admin_car_booking_detail: { id: '12' },
  admin_purchase_detail: { id: '34' },
  admin_customer_detail: { id: '56' },
  admin_lead_detail: { leadId: `lead_${'a'.repeat(32)}` },
  admin_image_upload: { id: '5' },
  admin_import_list: { yearMonth: '2024-05' },
  admin_translation_edit: { local: 'de', domain: 'messages', key: 'title' },
  admin_analytics_stream: { stream: 'car-1' },
  admin_translation_list: { local: 'de', domain: 'storefront' },
  admin_content_item: { id: 'ct_seedfaqbooking1fr' },
  admin_report_detail: { name: 'purchase_step_times' },
};
const NOT_PAGES = new Set([
  'admin_car_booking_export',
  'admin_purchase_export',
  'admin_customer_export',
  'admin_customer_delete',
  'admin_dealers_export_excel',
  'admin_sign_in',
]);
const pages = Object.entries(ADMIN_ROUTES)
  .filter(([name, route]) => route.methods.includes('GET') && !NOT_PAGES.has(name))
  .map(([name]) => name);

describe('the back office page shell', () => {
  let db: TestDatabase;
  let fastify: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDatabase();
    const accounts = createStaffAccounts({ knex: db.knex, schema: db.schema });
    await accounts.create({ email: 'ada@example.test', name: 'Ada', password: PASSWORD, roles: ['admin'] });
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 's'.repeat(40),
        staffAccounts: accounts,
      },
    });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.close();
  });

  const signedIn = async (ip: string): Promise<TestBrowser> => {
    const browser = testBrowser(fastify, ip);
    const answer = await browser.call({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'ada@example.test', password: PASSWORD },
      headers: { 'x-csrf-token': await browser.csrf() },
    });
    expect(answer.statusCode).toBe(200);
    return browser;
  };

  it('knows a page for every GET route of the table (a new route needs a sample here)', () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const name of pages)
      expect(() => generateUrl(`${name}.fr`, SAMPLE_PARAMS[name] ?? {})).not.toThrow();
  });

  it('answers the shell to a signed-in admin for every admin page in every locale', async () => {
    const browser = await signedIn('127.0.0.21');
    for (const locale of LOCALES) {
      for (const name of pages) {
        const url = generateUrl(`${name}.${locale}`, SAMPLE_PARAMS[name] ?? {});
        const answer = await browser.call({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
        expect(answer.headers['cache-control'], url).toBe('no-store');
        expect(answer.body, url).toMatch(
          /<script type="module" src="\/assets\/entryAdmin-[\w-]+\.js"><\/script>/,
        );
        expect(answer.body, url).toMatch(/<link rel="stylesheet" href="\/assets\/entryAdmin-[\w-]+\.css">/);
        expect(answer.body, url).not.toMatch(/entryClient-[\w-]+\.css/);
        expect(answer.body, url).toContain(`<html lang="`);
        expect(answer.body, url).toContain('<div id="admin-root">');
      }
    }
    const de = await browser.call({ method: 'GET', url: generateUrl('admin_dashboard.de') });
    expect(de.body).toContain('<html lang="de-DE">');
    expect(de.body).toContain('<title>Backoffice</title>');
  });

  it('sends a visitor (or a customer) to the sign-in page with the page asked for', async () => {
    const visitor = testBrowser(fastify, '127.0.0.22');
    // The invitation page is for people without a sign-in yet: the shell for anyone.
    const invitation = await visitor.call({
      method: 'GET',
      url: `${generateUrl('admin_staff_invitation.pl')}?token=abc`,
    });
    expect(invitation.statusCode).toBe(200);
    expect(invitation.body).toContain('<html lang="pl-PL">');
    for (const name of pages.filter((page) => page !== 'admin_staff_invitation')) {
      const url = generateUrl(`${name}.fr`, SAMPLE_PARAMS[name] ?? {});
      const answer = await visitor.call({ method: 'GET', url: `${url}?market=de` });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe(
        `/admin/fr/sign-in?next=${encodeURIComponent(`${url}?market=de`)}`,
      );
    }
    const signIn = await visitor.call({
      method: 'GET',
      url: '/admin/pl/sign-in?next=/admin/pl/purchase/list',
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    expect(signIn.body).toContain('<html lang="pl-PL">');
    expect(signIn.body).toMatch(/<form [^>]*action="\/admin\/api\/session" method="post"/);
    expect(signIn.body).toContain('name="_next" value="/admin/pl/purchase/list"');
    expect(signIn.body).toMatch(/name="_csrf" value="[^"]+"/);
  });

  it('redirects /admin to the dashboard, the SPEC exports to the API export, and 404s unknown paths', async () => {
    const browser = await signedIn('127.0.0.23');
    expect((await browser.call({ method: 'GET', url: '/admin' })).headers.location).toBe(
      '/admin/fr/dashboard',
    );
    const exported = await browser.call({
      method: 'GET',
      url: '/admin/de/purchase/export?market=de&format=csv',
    });
    expect(exported.statusCode).toBe(302);
    expect(exported.headers.location).toBe('/admin/api/purchases/export?market=de&format=csv');
    const customers = await browser.call({ method: 'GET', url: '/admin/pl/customer/export?market=pl' });
    expect(customers.statusCode).toBe(302);
    expect(customers.headers.location).toBe('/admin/api/customers/export?market=pl');
    // The customer delete is a POST only: its GET is no page.
    expect((await browser.call({ method: 'GET', url: '/admin/fr/customer/7/delete' })).statusCode).toBe(404);
    for (const url of ['/admin/fr/nothing-here', '/admin/xx/dashboard', '/admin/fr/purchase/list/abc']) {
      const answer = await browser.call({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).toContain('<div id="admin-root">');
    }
    expect(
      (await browser.call({ method: 'GET', url: '/admin/api/nothing' })).headers['content-type'],
    ).toMatch(/json/);
    // Signed in, the sign-in page goes on to `next`.
    const again = await browser.call({
      method: 'GET',
      url: '/admin/fr/sign-in?next=/admin/fr/car-booking/list',
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/admin/fr/car-booking/list');
  });

  it('signs in with the form alone: 303 to _next, or back with the refusal by field', async () => {
    const browser = testBrowser(fastify, '127.0.0.24');
    const page = await browser.call({ method: 'GET', url: '/admin/fr/sign-in' });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const post = (password: string) =>
      browser.call({
        method: 'POST',
        url: '/admin/api/session',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          _csrf: csrf,
          _back: '/admin/fr/sign-in',
          _next: '/admin/fr/purchase/list',
          email: 'ada@example.test',
          password,
        }).toString(),
      });
    const refused = await post('wrong password!!');
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/admin/fr/sign-in');
    const back = await browser.call({ method: 'GET', url: '/admin/fr/sign-in' });
    expect(back.body).toContain('L’adresse e-mail ou le mot de passe est incorrect.');
    expect(back.body).toContain('value="ada@example.test"');
    const csrfAgain = /name="_csrf" value="([^"]+)"/.exec(back.body)![1]!;
    const accepted = await browser.call({
      method: 'POST',
      url: '/admin/api/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        _csrf: csrfAgain,
        _back: '/admin/fr/sign-in',
        _next: '/admin/fr/purchase/list',
        email: 'ada@example.test',
        password: PASSWORD,
      }).toString(),
    });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/admin/fr/purchase/list');
    expect((await browser.call({ method: 'GET', url: '/admin/fr/purchase/list' })).statusCode).toBe(200);
  });

  it('lists the same booking statuses and orders as the read models', () => {
    expect([...BOOKING_STATUS_VALUES]).toEqual(BOOKING_STATUSES);
    expect([...LIST_SORTS]).toEqual([...FUNNEL_LIST_SORTS]);
  });
});
