/**
 * The back office's bookings and purchases as JSON (SPEC back office: car-booking list, export, detail;
 * purchase list, export). The pages at `/admin/{locale}/car-booking/list{/page}` and the
 * like (domain/routes/adminRoutes.ts) read these:
 *
 * - `GET /admin/api/bookings?page&pageSize&status&market&from&to&customerId&carId&sort` — a page of the
 *   filtered list, newest first (`sort=oldest`, or `updated`: last event first); `/admin/api/purchases`
 *   likewise, with `step` too;
 * - `GET /admin/api/{bookings|purchases}/export?format=xlsx|csv&<same filters>` — exactly the filtered
 *   list (every page, same order, same query), streamed;
 * - `GET /admin/api/{bookings|purchases}/:id` — the detail: the funnel now, the customer, the car's hold,
 *   and the full event timeline (who, what, when, a staff member's reason, the data, where the funnel
 *   stood after each event);
 * - `GET /admin/api/{bookings|purchases}/:id/state?after=<revision>` — the state after any event (the
 *   last when absent): step or screen, status, amounts, allowed commands, the machine's value and context;
 * - `GET /admin/api/funnel-statistics?funnel&market&from&to` — entries and exits per step (totals and
 *   per day; the last 30 days by default, at most 366);
 * - `GET /admin/api/cars/:carId/holds` — the car's availability with its active hold and hold history.
 *
 * Lists come from the read models (projections/funnels); details and states from the event stream, so
 * they are never behind. Customer names are read from the vault at request time, never stored with the
 * read models; an erased customer shows without a name. Roles (domain/staff/staffRoles.ts): admin and
 * sales for bookings, purchases and cars (they show customers); analysts too for the statistics.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import type { FunnelReadModels } from '../../projections/funnels/funnelReadModels.ts';
import { BOOKING_EXPORT_COLUMNS, PURCHASE_EXPORT_COLUMNS } from '../exports/funnelExportColumns.ts';
import { sendTableExport } from '../exports/sendTableExport.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import {
  bookingDetail,
  bookingExportQuery,
  bookingListQuery,
  bookingPage,
  bookingStateAfter,
  carAvailability,
  carParams,
  funnelStatistics,
  idParams,
  MAX_STATISTICS_DAYS,
  purchaseDetail,
  purchaseExportQuery,
  purchaseListQuery,
  purchasePage,
  purchaseStateAfter,
  stateQuery,
  statisticsQuery,
} from './adminFunnelsSchemas.ts';
import {
  actorNames,
  bookingHistoryView,
  bookingStateView,
  type CustomerDirectory,
  customerContact,
  customerNames,
  purchaseHistoryView,
  purchaseStateView,
  type StaffDirectory,
  type TimelineView,
  withCustomers,
} from './funnelHistoryViews.ts';

export interface AdminFunnelsApiOptions {
  readonly store: EventStore;
  readonly readModels: FunnelReadModels;
  /** The customer vault (`readMany`): names beside ids. */
  readonly customers: CustomerDirectory;
  /** Staff accounts (`find`): the names of the staff members in timelines; ids only without it. */
  readonly staff?: StaffDirectory;
  /** Today, for the statistics' default period and export file names. */
  readonly clock?: () => Date;
}

const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export const adminFunnelsApi: FastifyPluginAsyncZod<AdminFunnelsApiOptions> = async (app, options) => {
  const { store, readModels, customers } = options;
  const clock = options.clock ?? (() => new Date());
  // Bookings and purchases show customers: sales (and admin). Statistics are aggregates: analysts too.
  const sales = requireStaff('admin', 'sales');
  const analysts = requireStaff('admin', 'sales', 'analyst');
  const named = async <Item extends { customerId: string | null }>(items: Item[]) => {
    const names = await customerNames(
      customers,
      items.map((i) => i.customerId),
    );
    return items.map((i) => ({ ...i, customer: i.customerId ? (names.get(i.customerId) ?? null) : null }));
  };
  const withNames = <Entry extends TimelineView>(timeline: Entry[]) =>
    actorNames(timeline, { customers, ...(options.staff ? { staff: options.staff } : {}) });
  const holdOf = async (holdId: string | null) =>
    holdId === null ? null : ((await readModels.holds.hold(holdId)) ?? null);

  app.get(
    '/admin/api/bookings',
    { preHandler: sales, schema: { querystring: bookingListQuery, response: { 200: bookingPage } } },
    async ({ query: { page, pageSize, ...filter } }) => {
      const result = await readModels.bookings.page(filter, page, pageSize);
      return { ...result, items: await named(result.items) };
    },
  );

  app.get(
    '/admin/api/bookings/export',
    { preHandler: sales, schema: { querystring: bookingExportQuery } },
    async ({ query: { format, ...filter } }, reply) =>
      sendTableExport(reply, {
        format,
        fileName: `bookings-${dayOf(clock().getTime())}`,
        sheetName: 'Bookings',
        columns: BOOKING_EXPORT_COLUMNS,
        batches: withCustomers(readModels.bookings.all(filter), customers),
      }),
  );

  app.get(
    '/admin/api/bookings/:id',
    { preHandler: sales, schema: { params: idParams, response: { 200: bookingDetail } } },
    async ({ params: { id } }) => {
      const view = await bookingHistoryView(store, id);
      return {
        booking: view.booking,
        customer: await customerContact(customers, view.booking.customerId),
        hold: await holdOf(view.booking.holdId),
        allowedCommands: view.allowedCommands,
        timeline: await withNames(view.timeline),
      };
    },
  );

  app.get(
    '/admin/api/bookings/:id/state',
    {
      preHandler: sales,
      schema: { params: idParams, querystring: stateQuery, response: { 200: bookingStateAfter } },
    },
    async ({ params: { id }, query: { after } }) => bookingStateView(store, id, after),
  );

  app.get(
    '/admin/api/purchases',
    { preHandler: sales, schema: { querystring: purchaseListQuery, response: { 200: purchasePage } } },
    async ({ query: { page, pageSize, ...filter } }) => {
      const result = await readModels.purchases.page(filter, page, pageSize);
      return { ...result, items: await named(result.items) };
    },
  );

  app.get(
    '/admin/api/purchases/export',
    { preHandler: sales, schema: { querystring: purchaseExportQuery } },
    async ({ query: { format, ...filter } }, reply) =>
      sendTableExport(reply, {
        format,
        fileName: `purchases-${dayOf(clock().getTime())}`,
        sheetName: 'Purchases',
        columns: PURCHASE_EXPORT_COLUMNS,
        batches: withCustomers(readModels.purchases.all(filter), customers),
      }),
  );

  app.get(
    '/admin/api/purchases/:id',
    { preHandler: sales, schema: { params: idParams, response: { 200: purchaseDetail } } },
    async ({ params: { id } }) => {
      const view = await purchaseHistoryView(store, id);
      return {
        purchase: view.purchase,
        customer: await customerContact(customers, view.purchase.customerId),
        hold: await holdOf(view.purchase.holdId),
        allowedCommands: view.allowedCommands,
        timeline: await withNames(view.timeline),
      };
    },
  );

  app.get(
    '/admin/api/purchases/:id/state',
    {
      preHandler: sales,
      schema: { params: idParams, querystring: stateQuery, response: { 200: purchaseStateAfter } },
    },
    async ({ params: { id }, query: { after } }) => purchaseStateView(store, id, after),
  );

  app.get(
    '/admin/api/funnel-statistics',
    { preHandler: analysts, schema: { querystring: statisticsQuery, response: { 200: funnelStatistics } } },
    async ({ query }) => {
      const to =
        query.to ?? (query.from ? dayOf(Date.parse(query.from) + 29 * DAY) : dayOf(clock().getTime()));
      const from = query.from ?? dayOf(Date.parse(to) - 29 * DAY);
      if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > MAX_STATISTICS_DAYS) {
        throw ValidationError.field('from', `the period has at most ${MAX_STATISTICS_DAYS} days`);
      }
      const statistics = await readModels.statistics.statistics({
        funnel: query.funnel,
        market: query.market,
        from,
        to,
      });
      return { funnel: query.funnel, market: query.market ?? null, from, to, ...statistics };
    },
  );

  app.get(
    '/admin/api/cars/:carId/holds',
    { preHandler: sales, schema: { params: carParams, response: { 200: carAvailability } } },
    async ({ params: { carId } }) => {
      const found = await readModels.holds.availability(carId);
      if (!found) throw new NotFoundError(`car ${carId} not found`, { carId });
      return found;
    },
  );
};
