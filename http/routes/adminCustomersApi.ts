/**
 * The back office's customers as JSON (SPEC back office: customer list (page digits), export, delete
 * (id digits)). A customer is addressed by their public number (migration 014), never by name:
 *
 * - `GET /admin/api/customers?page&pageSize&market&from&to&sort&email` — a page of the customers' read
 *   model (projections/customers) with the total; `email` finds exactly that customer (the vault's
 *   lookup hash, no clear email stored anywhere); names are read from the vault for the page shown only;
 * - `GET /admin/api/customers/export?format=xlsx|csv&<same filters>` — exactly the filtered list, streamed;
 * - `GET /admin/api/customers/:number` — the detail: the row, their purchases and bookings with their
 *   status, favorites count, consents, own cars, bills count; contact data for sales and admin;
 * - `POST /admin/api/customers/:number/erase { reason }` — GDPR erasure (engine/customers/eraseCustomer.ts),
 *   admin only, CSRF-checked like every POST; answers the erasure record, the same one when repeated;
 * - `POST /admin/{locale}/customer/:number/delete` (the SPEC's `admin_customer_delete`) — the same erasure
 *   as a plain form post (the detail page's erase form without JavaScript: `_csrf`, `_back`, `reason` and
 *   the checkbox `confirm=yes`, http/plugins/formPosts.ts): 303 back to the detail, or back with the
 *   messages by field when the reason or the confirmation is missing;
 * - `POST /admin/api/visitors/erase { email, reason, confirm: 'yes' }` — erases a visitor who never
 *   signed up (engine/customers/eraseVisitor.ts): the contact details of the leads and dealer appointments
 *   sent with that email; answers the counts (both 0 when nothing is left: a retry is harmless); an
 *   account's email is a 409 naming the customer's number (erase the customer instead). Admin only; also
 *   the customers page's form without JavaScript (`_csrf`, `_back`): 303 back, the counts kept for it.
 *
 * Roles (domain/staff/staffRoles.ts): admin and sales read customers with their names; analysts read
 * the list, the detail and the export without any personal data (no names, no contact, no email
 * search); only admin erases. Unknown number → 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERASE_REASON_MAX } from '../../domain/customers/customerEvents.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { evolveFavorites, initialFavorites } from '../../domain/favorites/decide.ts';
import { favoritesStream } from '../../domain/favorites/events.ts';
import { LOCALES } from '../../domain/markets.ts';
import { type StaffRole, staffMayAct } from '../../domain/staff/staffRoles.ts';
import type { CustomerBills } from '../../engine/bills/customerBills.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import type { CustomerCars } from '../../engine/customers/cars/customerCars.ts';
import type { CustomerNumbers } from '../../engine/customers/customerNumbers.ts';
import type { CustomerErasure } from '../../engine/customers/eraseCustomer.ts';
import type { VisitorErasureService } from '../../engine/customers/eraseVisitor.ts';
import type { CustomerVault } from '../../engine/customers/vault/customerVault.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { readAggregate } from '../../engine/handleCommand.ts';
import {
  CUSTOMER_SORTS,
  type CustomerListFilter,
  type CustomerListItem,
  type CustomerQueries,
} from '../../projections/customers/customerQueries.ts';
import { type ExportColumn, sendTableExport } from '../exports/sendTableExport.ts';
import { AccessError, requireStaff } from '../plugins/staffGuard.ts';
import { daySchema, MAX_PAGE_SIZE } from './adminFunnelsSchemas.ts';
import { customerNames, type ListCustomer } from './funnelHistoryViews.ts';

export interface AdminCustomersApiOptions {
  readonly queries: CustomerQueries;
  readonly vault: Pick<CustomerVault, 'readMany' | 'findByEmail'>;
  readonly numbers: Pick<CustomerNumbers, 'customerIdOf'>;
  readonly accounts: Pick<CustomerAccounts, 'profile'>;
  readonly cars: Pick<CustomerCars, 'list'>;
  readonly bills: Pick<CustomerBills, 'list'>;
  readonly store: EventStore;
  readonly erasure: CustomerErasure;
  readonly visitorErasure: Pick<VisitorErasureService, 'erase'>;
  readonly clock?: () => Date;
}

const filters = z
  .object({
    market: z.enum(LOCALES).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    sort: z.enum(CUSTOMER_SORTS).default('-since'),
    email: z.string().trim().min(3).max(254).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'is before from',
    path: ['to'],
  });
const listQuery = z.intersection(
  filters,
  z.object({
    page: z.coerce.number().int('is not a whole number').min(1, 'starts at 1').max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int('is not a whole number')
      .min(1, 'is at least 1')
      .max(MAX_PAGE_SIZE, `is at most ${MAX_PAGE_SIZE}`)
      .default(50),
  }),
);
const exportQuery = z.intersection(filters, z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }));
const numberParams = z.object({ number: z.string().regex(/^\d{1,15}$/, 'digits') });
const eraseBody = z.object({ reason: z.string().trim().min(1, 'is required').max(ERASE_REASON_MAX) });
const eraseForm = eraseBody.extend({
  reason: z.string('is required').trim().min(1, 'is required').max(ERASE_REASON_MAX),
  confirm: z.literal('yes', 'is required'),
});
const deleteParams = numberParams.extend({ locale: z.enum(LOCALES) });
const visitorEraseBody = z.object({
  email: z.string('is required').trim().min(1, 'is required').max(254),
  reason: z.string('is required').trim().min(1, 'is required').max(ERASE_REASON_MAX),
  confirm: z.literal('yes', 'is required'),
});
const visitorErasureSchema = z.object({
  erasureId: z.string(),
  erasedAt: z.string(),
  by: z.string(),
  reason: z.string(),
  leads: z.number(),
  appointmentContacts: z.number(),
});

const statusCounts = z.record(z.string(), z.number());
const listItem = z.object({
  number: z.number().nullable(),
  customerId: z.string(),
  since: z.string(),
  markets: z.array(z.string()),
  purchases: z.object({ total: z.number(), byStatus: statusCounts }),
  bookings: z.object({ total: z.number(), byStatus: statusCounts }),
  lastActivityAt: z.string(),
  erased: z.boolean(),
  erasedAt: z.string().nullable(),
  /** Null for analysts and for erased customers. */
  name: z.string().nullable(),
});
const listPage = z.object({
  items: z.array(listItem),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  pages: z.number(),
});
const erasureSchema = z.object({
  customerId: z.string(),
  number: z.number().nullable(),
  erasedAt: z.string(),
  by: z.string(),
  reason: z.string(),
});
const detailSchema = z.object({
  customer: listItem,
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  funnels: z.array(
    z.object({
      funnel: z.enum(['purchase', 'booking']),
      id: z.string(),
      market: z.string().nullable(),
      status: z.string(),
      step: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  favorites: z.number(),
  consents: z.record(z.string(), z.object({ given: z.boolean(), at: z.string() })).nullable(),
  cars: z.array(
    z.object({
      carId: z.string(),
      brand: z.string(),
      model: z.string(),
      year: z.number(),
      mileageKm: z.number(),
    }),
  ),
  bills: z.number(),
  erasure: erasureSchema.nullable(),
});

type Item = z.infer<typeof listItem>;

const EXPORT_COLUMNS: readonly ExportColumn<Item>[] = [
  { header: 'Number', value: (c) => c.number },
  { header: 'Customer id', width: 38, value: (c) => c.customerId },
  { header: 'Customer', width: 24, value: (c) => (c.erased ? '(erased)' : c.name) },
  { header: 'Since', width: 22, value: (c) => new Date(c.since) },
  { header: 'Markets', value: (c) => c.markets.join(' ') },
  { header: 'Purchases', value: (c) => c.purchases.total },
  { header: 'Bookings', value: (c) => c.bookings.total },
  { header: 'Last activity', width: 22, value: (c) => new Date(c.lastActivityAt) },
  { header: 'Erased', width: 22, value: (c) => (c.erasedAt ? new Date(c.erasedAt) : null) },
];

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

export const adminCustomersApi: FastifyPluginAsyncZod<AdminCustomersApiOptions> = async (app, options) => {
  const { queries, vault, numbers, store, erasure } = options;
  const clock = options.clock ?? (() => new Date());
  const readers = requireStaff('admin', 'sales', 'analyst');
  const admins = requireStaff('admin');
  const rolesOf = (request: {
    staffAccount: { roles: readonly StaffRole[] } | null;
    session: { staff?: { roles: readonly StaffRole[] } | undefined };
  }) => request.staffAccount?.roles ?? request.session.staff?.roles ?? [];
  /** Personal data (names, contact, email search) for admin and sales, never for analysts alone. */
  const seesPersonalData = (request: Parameters<typeof rolesOf>[0]) =>
    staffMayAct(rolesOf(request), ['admin', 'sales']);

  /** The filter, with an email search turned into the one id it finds (or none). */
  const filterOf = async (query: z.infer<typeof filters>, personal: boolean): Promise<CustomerListFilter> => {
    const { email, ...rest } = query;
    if (email === undefined) return rest;
    if (!personal) throw new AccessError(403, 'forbidden', 'searching by email needs the sales role');
    const customerId = await vault.findByEmail(email).catch(() => undefined);
    return { ...rest, customerIds: customerId ? [customerId] : [] };
  };

  const withDetails = async (items: CustomerListItem[], personal: boolean): Promise<Item[]> => {
    const ids = items.map((i) => i.customerId);
    const statuses = await queries.statuses(ids);
    const names = personal ? await customerNames(vault, ids) : new Map<string, ListCustomer>();
    return items.map((i) => {
      const s = statuses.get(i.customerId);
      return {
        ...i,
        purchases: { total: i.purchases, byStatus: s?.purchases ?? {} },
        bookings: { total: i.bookings, byStatus: s?.bookings ?? {} },
        name: names.get(i.customerId)?.name ?? null,
      };
    });
  };

  async function* exportBatches(filter: CustomerListFilter, personal: boolean): AsyncGenerator<Item[]> {
    let chunk: CustomerListItem[] = [];
    for await (const item of queries.all(filter)) {
      chunk.push(item);
      if (chunk.length >= 500) {
        yield await withDetails(chunk, personal);
        chunk = [];
      }
    }
    yield await withDetails(chunk, personal);
  }

  const customerOf = async (number: string) => {
    const customerId = await numbers.customerIdOf(Number(number));
    if (!customerId) throw new NotFoundError(`customer ${number} not found`, { number });
    return customerId;
  };

  const erase = async (
    number: string,
    request: { staffAccount: { id: string } | null; session: { staff?: { id: string } | undefined } },
    reason: string,
  ) => {
    const customerId = await customerOf(number);
    const by = request.staffAccount?.id ?? request.session.staff?.id ?? 'unknown';
    return erasure.erase(customerId, { by, reason });
  };

  app.get(
    '/admin/api/customers',
    { preHandler: readers, schema: { querystring: listQuery, response: { 200: listPage } } },
    async (request) => {
      const { page, pageSize, ...query } = request.query;
      const personal = seesPersonalData(request);
      const result = await queries.page(await filterOf(query, personal), page, pageSize);
      return { ...result, items: await withDetails(result.items, personal) };
    },
  );

  app.get(
    '/admin/api/customers/export',
    { preHandler: readers, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const personal = seesPersonalData(request);
      const filter = await filterOf(query, personal);
      return sendTableExport(reply, {
        format,
        fileName: `customers-${dayOf(clock())}`,
        sheetName: 'Customers',
        columns: EXPORT_COLUMNS,
        batches: exportBatches(filter, personal),
      });
    },
  );

  app.get(
    '/admin/api/customers/:number',
    { preHandler: readers, schema: { params: numberParams, response: { 200: detailSchema } } },
    async (request) => {
      const customerId = await customerOf(request.params.number);
      const personal = seesPersonalData(request);
      const row = await queries.byId(customerId);
      if (!row)
        throw new NotFoundError(`customer ${request.params.number} not found`, {
          number: request.params.number,
        });
      const [item] = await withDetails([row], personal);
      const record = (await vault.readMany([customerId])).get(customerId);
      const present = record !== undefined && 'data' in record;
      const profile = present
        ? await options.accounts.profile(customerId).catch((error: unknown) => {
            if (error instanceof NotFoundError) return undefined;
            throw error;
          })
        : undefined;
      const { state: favorites } = await readAggregate(
        store,
        favoritesStream({ kind: 'customer', id: customerId }),
        {
          initialState: initialFavorites,
          evolve: evolveFavorites,
        },
      );
      const cars = present ? await options.cars.list(customerId) : [];
      const bills = present ? await options.bills.list(customerId) : [];
      return {
        customer: item!,
        contact: personal && present ? { email: record.data.email, phone: record.data.phone ?? null } : null,
        funnels: await queries.funnels(customerId),
        favorites: favorites.length,
        consents: (profile?.consents ?? null) as Record<string, { given: boolean; at: string }> | null,
        cars: cars.map((c) => ({
          carId: c.carId,
          brand: c.brand,
          model: c.model,
          year: c.year,
          mileageKm: c.mileageKm,
        })),
        bills: bills.length,
        erasure: (await erasure.erasureOf(customerId)) ?? null,
      };
    },
  );

  app.post(
    '/admin/api/customers/:number/erase',
    {
      preHandler: admins,
      schema: { params: numberParams, body: eraseBody, response: { 200: erasureSchema } },
    },
    async (request) => erase(request.params.number, request, request.body.reason),
  );

  app.post(
    '/admin/api/visitors/erase',
    {
      preHandler: admins,
      // The counts shown once by the page the form came from (no JavaScript: 303 back).
      config: {
        form: {
          keep: (answer) => {
            const { leads, appointmentContacts } = answer as z.infer<typeof visitorErasureSchema>;
            // The erased email and the reason are not typed back into the form.
            return {
              email: '',
              reason: '',
              erasedLeads: String(leads),
              erasedAppointments: String(appointmentContacts),
            };
          },
        },
      },
      schema: { body: visitorEraseBody, response: { 200: visitorErasureSchema } },
    },
    async (request) => {
      const by = request.staffAccount?.id ?? request.session.staff?.id ?? 'unknown';
      return options.visitorErasure.erase({ email: request.body.email, reason: request.body.reason, by });
    },
  );

  app.post(
    '/admin/:locale/customer/:number/delete',
    {
      preHandler: admins,
      config: { form: {} },
      schema: { params: deleteParams, body: eraseForm, response: { 200: erasureSchema } },
    },
    async (request) => erase(request.params.number, request, request.body.reason),
  );
};
