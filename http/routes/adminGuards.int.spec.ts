import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/markets.ts';
import { ADMIN_ROUTES } from '../../domain/routes/adminRoutes.ts';
import { generateUrl, type RouteBaseName } from '../../domain/routes/index.ts';
import { STAFF_ROLES, type StaffRole } from '../../domain/staff/staffRoles.ts';
import { unavailableReason } from '../../engine/testing/testDatabase.ts';
import { pageRoles } from '../../ui/admin/sections.ts';
import type { Services } from '../createServices.ts';
import { isAdminPath } from '../plugins/staffGuard.ts';
import { signedUpBuyer, type TestBrowser, testBrowser } from '../testing/testBrowser.ts';
import { openWholeApp, type WholeApp } from '../testing/wholeApp.ts';

const PASSWORD = 'correct horse battery';

/** The /admin routes that need no staff sign-in, and why. */
const PUBLIC: Record<string, string> = {
  'POST /admin/api/session': 'the sign-in itself',
  'DELETE /admin/api/session': 'the sign-out: harmless without a sign-in (204), so a retry is too',
  'GET /admin': 'a redirect to the dashboard, which is guarded',
  'HEAD /admin': 'the same redirect',
  'GET /admin/*':
    'the pages shell: checks the sign-in and the page roles itself (the pages are checked below)',
  'HEAD /admin/*': 'the same shell',
  'GET /admin/api/staff/invitation': 'an invited person opening their link: the token is the credential',
  'HEAD /admin/api/staff/invitation': 'the same',
  'POST /admin/api/staff/invitation': 'an invited person setting their password: the token is the credential',
};
/** Registered /admin/api routes the OpenAPI document leaves out (they declare no schema), and why. */
const UNDOCUMENTED: Record<string, string> = {
  'DELETE /admin/api/session': 'the sign-out answers 204 with no body and takes none',
};
/** Pages of the route table the shell does not serve as pages (as http/ssr/adminShell.ts). */
const NOT_PAGES = new Set<RouteBaseName>([
  'admin_car_booking_export',
  'admin_purchase_export',
  'admin_customer_export',
  'admin_customer_delete',
  'admin_dealers_export_excel',
  'admin_sign_in',
  // Public: an invited person has no sign-in yet (checked on its own below).
  'admin_staff_invitation',
]);
/** Valid sample values of the routes' path parameters (so validation passes and the guard answers). */
const SAMPLE_PARAMS: Record<string, string> = {
  id: '12',
  carId: '34',
  number: '56',
  importId: 'import-1',
  locale: 'fr',
  yearMonth: '2024-05',
  dealerId: '11',
  domain: 'storefront',
  key: 'nav.used',
  kind: 'faq',
  leadId: `lead_${'a'.repeat(32)}`,
  photoId: '0123456789abcdef',
  // reports and analytics: an unknown report or projection (a 404, no rebuild started), a car's stream
  name: 'guard_test_projection',
  view: 'by_step',
  stream: 'car-1',
};
const SAMPLE_PAGE_PARAMS: Record<string, Record<string, string>> = {
  admin_car_booking_detail: { id: '12' },
  admin_purchase_detail: { id: '34' },
  admin_customer_detail: { id: '100001' },
  admin_lead_detail: { leadId: `lead_${'a'.repeat(32)}` },
  admin_image_upload: { id: '5' },
  admin_import_list: { yearMonth: '2024-05' },
  admin_translation_list: { local: 'de', domain: 'storefront' },
  admin_content_item: { id: 'ct_seedfaqbooking1fr' },
  admin_translation_edit: { local: 'de', domain: 'storefront', key: 'nav.used' },
  admin_report_detail: { name: 'purchase_step_times' },
  admin_analytics_stream: { stream: 'car-1' },
};
/**
 * A valid body for the commands (each needs a reason; some more; the erase form its confirmation; a
 * staff invitation its person, roles and locale; a car's price its amount).
 */
const SAMPLE_BODY = {
  reason: 'guard test',
  decision: 'accepted',
  minutes: 60,
  confirm: 'yes',
  name: 'Guard Test',
  email: 'guard-test@example.test',
  roles: ['analyst'],
  locale: 'fr',
  price: '100',
  from: 'new',
  to: 'contacted',
};

interface AdminRoute {
  readonly method: string;
  readonly url: string;
  readonly roles: readonly StaffRole[] | undefined;
  readonly public: boolean;
}

/** A staff role that does not pass `needed` (none when any staff member passes). */
const roleWithout = (needed: readonly StaffRole[]): StaffRole | undefined =>
  needed.length === 0 ? undefined : STAFF_ROLES.find((role) => role !== 'admin' && !needed.includes(role));

const samplePath = (url: string) =>
  url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = SAMPLE_PARAMS[name];
    if (!value) throw new Error(`no sample value for :${name} in ${url}: add one to SAMPLE_PARAMS`);
    return value;
  });

const skip = unavailableReason('postgres');

describe.skipIf(skip)('every /admin route is guarded by the roles it declares', () => {
  const routes: RouteOptions[] = [];
  let whole: WholeApp;
  let services: Services;
  let fastify: FastifyInstance;
  let adminRoutes: AdminRoute[];
  const persona: Record<string, TestBrowser> = {};
  const tokens = new Map<TestBrowser, string>();

  beforeAll(async () => {
    whole = await openWholeApp('guards', {
      beforeApp: (root) =>
        root.addHook('onRoute', (route) => {
          if (isAdminPath(route.url)) routes.push(route);
        }),
    });
    ({ services, fastify } = whole);
    // The staff guard's own hook ran after ours on the same options object: read them once all is built.
    adminRoutes = routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method,
        url: route.url,
        roles: route.config?.staffRoles,
        public: route.config?.staffGuard === 'public',
      })),
    );

    for (const role of STAFF_ROLES) {
      await services.staffAccounts.create({
        email: `${role}@example.test`,
        name: role,
        password: PASSWORD,
        roles: [role],
      });
    }
    persona.visitor = testBrowser(fastify, '10.0.1.1');
    tokens.set(persona.visitor, await persona.visitor.csrf());
    const buyer = await signedUpBuyer(fastify, 'buyer@example.test', '10.0.1.2');
    persona.buyer = buyer;
    tokens.set(buyer, await buyer.csrf());
    for (const [i, role] of STAFF_ROLES.entries()) {
      const browser = testBrowser(fastify, `10.0.2.${i + 1}`);
      const signIn = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: `${role}@example.test`, password: PASSWORD },
        headers: { 'x-csrf-token': await browser.csrf() },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      persona[role] = browser;
      tokens.set(browser, signIn.json().csrfToken);
    }
  }, 120_000);

  afterAll(() => whole?.close());

  const call = (who: string, method: string, url: string) => {
    const browser = persona[who]!;
    const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : SAMPLE_BODY;
    return browser.call({
      method: method as 'GET',
      url,
      headers: { 'x-csrf-token': tokens.get(browser)!, accept: 'application/json' },
      ...(body ? { payload: body } : {}),
    });
  };

  it('collects the routes from the app itself, and each one declares its roles or is a listed exception', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
    const undeclared = adminRoutes
      .filter((route) => !route.public && route.roles === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
    const publicRoutes = adminRoutes.filter((route) => route.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(Object.keys(PUBLIC).sort());
  });

  it('shows who may call what: a change of a route or of its roles changes this table, for review', () => {
    const table = adminRoutes
      .filter((route) => !route.public && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}: ${route.roles?.join(', ') || 'any staff'}`)
      .sort();
    expect(table).toMatchInlineSnapshot(`
      [
        "DELETE /admin/api/cars/:carId/photos/:photoId: content",
        "DELETE /admin/api/saved-views/:id: admin, sales, analyst",
        "DELETE /admin/api/translations/:locale/:domain/:key: admin, content",
        "GET /admin/api/analytics/events.ndjson: analyst",
        "GET /admin/api/analytics/events: analyst",
        "GET /admin/api/analytics/projections: analyst",
        "GET /admin/api/analytics/streams/:stream: analyst",
        "GET /admin/api/appointments: admin, sales",
        "GET /admin/api/blog/ratings: admin, content",
        "GET /admin/api/bookings/:id/screen: admin, sales",
        "GET /admin/api/bookings/:id/state: admin, sales",
        "GET /admin/api/bookings/:id: admin, sales",
        "GET /admin/api/bookings/export: admin, sales",
        "GET /admin/api/bookings: admin, sales",
        "GET /admin/api/cars/:carId/holds: admin, sales",
        "GET /admin/api/cars/:carId/photos: content",
        "GET /admin/api/cars/:carId: admin, sales",
        "GET /admin/api/content/:kind/check-exists: admin, content",
        "GET /admin/api/content/:kind: admin, content",
        "GET /admin/api/content/facet/check: admin, content",
        "GET /admin/api/content/items/:id/leads: admin, content",
        "GET /admin/api/content/items/:id: admin, content",
        "GET /admin/api/content/range/landing-check: admin, content",
        "GET /admin/api/content/slugify: admin, content",
        "GET /admin/api/customers/:number: admin, sales, analyst",
        "GET /admin/api/customers/export: admin, sales, analyst",
        "GET /admin/api/customers: admin, sales, analyst",
        "GET /admin/api/dashboard: admin, sales, analyst",
        "GET /admin/api/dealers/:dealerId: any staff",
        "GET /admin/api/dealers: any staff",
        "GET /admin/api/funnel-statistics: admin, sales, analyst",
        "GET /admin/api/imports/:importId: admin",
        "GET /admin/api/imports/template.csv: admin",
        "GET /admin/api/imports/template.xlsx: admin",
        "GET /admin/api/imports: admin",
        "GET /admin/api/leads/:leadId: sales",
        "GET /admin/api/leads/export: sales",
        "GET /admin/api/leads: sales",
        "GET /admin/api/mail/:id/preview: admin",
        "GET /admin/api/mail: admin",
        "GET /admin/api/me: any staff",
        "GET /admin/api/model-versions: any staff",
        "GET /admin/api/purchases/:id/screen: admin, sales",
        "GET /admin/api/purchases/:id/state: admin, sales",
        "GET /admin/api/purchases/:id: admin, sales",
        "GET /admin/api/purchases/export: admin, sales",
        "GET /admin/api/purchases: admin, sales",
        "GET /admin/api/reports/:name/runs/:id: admin, analyst",
        "GET /admin/api/reports/:name/views/:view/export: admin, analyst",
        "GET /admin/api/reports/:name/views/:view: admin, analyst",
        "GET /admin/api/reports/:name: admin, analyst",
        "GET /admin/api/reports: admin, analyst",
        "GET /admin/api/saved-views: admin, sales, analyst",
        "GET /admin/api/staff: admin",
        "GET /admin/api/translations/:locale/:domain/export: admin, content",
        "GET /admin/api/translations/:locale/:domain: admin, content",
        "GET /admin/dealers/export-excel/:locale: admin, sales, content, analyst",
        "GET /admin/dealers/export-excel: admin, sales, content, analyst",
        "POST /admin/:locale/customer/:number/delete: admin",
        "POST /admin/:locale/image/upload/:id: content",
        "POST /admin/:locale/import/:yearMonth: admin",
        "POST /admin/:locale/import: admin",
        "POST /admin/api/analytics/projections/:name/rebuild: analyst",
        "POST /admin/api/appointments/:id/cancel: admin, sales",
        "POST /admin/api/bookings/:id/cancel: admin, sales",
        "POST /admin/api/bookings/:id/deposit/refund: admin, sales",
        "POST /admin/api/bookings/:id/hold/extend: admin, sales",
        "POST /admin/api/bookings/:id/hold/release: admin, sales",
        "POST /admin/api/cars/:carId/photos: content",
        "POST /admin/api/cars/:carId/price: admin, sales",
        "POST /admin/api/cars/:carId/withdraw: admin, sales",
        "POST /admin/api/content/:kind/validate: admin, content",
        "POST /admin/api/content/:kind: admin, content",
        "POST /admin/api/content/files: admin, content",
        "POST /admin/api/content/images: admin, content",
        "POST /admin/api/content/items/:id/delete: admin, content",
        "POST /admin/api/content/items/:id/publish: admin, content",
        "POST /admin/api/content/items/:id/remove-pdf: admin, content",
        "POST /admin/api/content/items/:id/revert: admin, content",
        "POST /admin/api/content/items/:id/save: admin, content",
        "POST /admin/api/content/items/:id/unpublish: admin, content",
        "POST /admin/api/customers/:number/erase: admin",
        "POST /admin/api/imports: admin",
        "POST /admin/api/leads/:leadId/status: sales",
        "POST /admin/api/mail/:id/send-again: admin",
        "POST /admin/api/purchases/:id/cancel: admin, sales",
        "POST /admin/api/purchases/:id/finance-decision: admin, sales",
        "POST /admin/api/purchases/:id/handover: admin, sales",
        "POST /admin/api/purchases/:id/hold/extend: admin, sales",
        "POST /admin/api/purchases/:id/hold/release: admin, sales",
        "POST /admin/api/reports/:name/rebuilds: admin, analyst",
        "POST /admin/api/saved-views: admin, sales, analyst",
        "POST /admin/api/staff/:id/disable: admin",
        "POST /admin/api/staff/:id/enable: admin",
        "POST /admin/api/staff/:id/roles: admin",
        "POST /admin/api/staff/invitations: admin",
        "POST /admin/api/translations/:locale/:domain/import: admin, content",
        "POST /admin/api/visitors/erase: admin",
        "PUT /admin/api/cars/:carId/photos/order: content",
        "PUT /admin/api/saved-views/:id: admin, sales, analyst",
        "PUT /admin/api/translations/:locale/:domain/:key: admin, content",
      ]
    `);
  });

  it('documents exactly the registered /admin/api routes (but the listed ones) in the OpenAPI document', async () => {
    const served = await fastify.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.statusCode).toBe(200);
    const document = served.json() as { paths?: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/admin/api/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        ),
      );
    const registered = adminRoutes
      .filter((route) => route.url.startsWith('/admin/api/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(documented.filter((op) => !registered.includes(op))).toEqual([]);
    expect(registered.filter((op) => !documented.includes(op)).sort()).toEqual(
      Object.keys(UNDOCUMENTED).sort(),
    );
  });

  it('answers 401 to a visitor and a buyer, 403 to staff without the roles, neither to an admin', async () => {
    const wrong: string[] = [];
    for (const route of adminRoutes.filter((r) => !r.public)) {
      const path = samplePath(route.url);
      const name = `${route.method} ${route.url}`;
      for (const who of ['visitor', 'buyer']) {
        const answer = await call(who, route.method, path);
        if (answer.statusCode !== 401) wrong.push(`${name} as ${who}: ${answer.statusCode}`);
      }
      const lacking = roleWithout(route.roles ?? []);
      if (lacking) {
        const answer = await call(lacking, route.method, path);
        if (answer.statusCode !== 403) wrong.push(`${name} as ${lacking}: ${answer.statusCode}`);
      }
      for (const role of route.roles ?? []) {
        const answer = await call(role, route.method, path);
        if ([401, 403].includes(answer.statusCode)) wrong.push(`${name} as ${role}: ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves the invitation page to a visitor, the token being checked by the API', async () => {
    for (const locale of LOCALES) {
      const path = `${generateUrl(`admin_staff_invitation.${locale}`)}?token=x`;
      expect((await persona.visitor!.call({ method: 'GET', url: path })).statusCode).toBe(200);
    }
  });

  it('redirects a visitor and a buyer to the sign-in on every page, 403 without the page roles', async () => {
    const pages = (Object.keys(ADMIN_ROUTES) as RouteBaseName[]).filter(
      (name) =>
        ADMIN_ROUTES[name as keyof typeof ADMIN_ROUTES].methods.includes('GET') && !NOT_PAGES.has(name),
    );
    expect(pages.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const name of pages) {
      const needed = pageRoles(name);
      for (const locale of LOCALES) {
        const path = generateUrl(`${name}.${locale}`, SAMPLE_PAGE_PARAMS[name] ?? {});
        const signIn = generateUrl(`admin_sign_in.${locale}`);
        for (const who of ['visitor', 'buyer']) {
          const answer = await persona[who]!.call({ method: 'GET', url: path });
          const location = String(answer.headers.location ?? '');
          if (answer.statusCode !== 302 || !location.startsWith(`${signIn}?next=`))
            wrong.push(`${path} as ${who}: ${answer.statusCode} ${location}`);
        }
        const lacking = roleWithout(needed);
        if (lacking) {
          const answer = await persona[lacking]!.call({ method: 'GET', url: path });
          if (answer.statusCode !== 403) wrong.push(`${path} as ${lacking}: ${answer.statusCode}`);
        }
        const holder = needed[0] ?? 'analyst';
        const answer = await persona[holder]!.call({ method: 'GET', url: path });
        if (answer.statusCode !== 200) wrong.push(`${path} as ${holder}: ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
