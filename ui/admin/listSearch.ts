/**
 * The lists' state in the URL's search params (filters, order, page size; the page is in the path, as
 * the route table has it: `/admin/{locale}/purchase/list{/:page}`), validated with zod by the routes'
 * `validateSearch`. A value the list does not know is dropped (`catch`), so an old or hand-made link
 * still opens the list.
 */
import { z } from 'zod';
import { LOCALES } from '../../domain/markets.ts';
import { PURCHASE_STATUSES } from '../../domain/purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../../domain/routes/paramRules.ts';

/** The bookings' `status` values (projections/funnels/bookingRow.ts `BOOKING_STATUSES`; a test checks). */
export const BOOKING_STATUS_VALUES = [
  'form',
  'contact-check',
  'holding',
  'awaiting-deposit',
  'paying',
  'payment-ko',
  'confirmed',
  'refunding',
  'ko',
  'limit',
  'expired',
  'cancelled',
  'converted',
] as const;
/** The lists' orders (projections/funnels/funnelList.ts `FUNNEL_LIST_SORTS`; a test checks). */
export const LIST_SORTS = ['newest', 'oldest', 'updated'] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const common = {
  market: optional(z.enum(LOCALES)),
  from: optional(day),
  to: optional(day),
  sort: optional(z.enum(LIST_SORTS)),
  customerId: optional(z.string().regex(/^cus_[0-9a-f]{32}$/)),
  carId: optional(z.string().regex(/^\d{1,18}$/)),
  pageSize: optional(
    z.coerce
      .number()
      .int()
      .refine((size) => (PAGE_SIZES as readonly number[]).includes(size)),
  ),
};

export const purchaseSearch = z.object({
  ...common,
  status: optional(z.enum(PURCHASE_STATUSES)),
  step: optional(z.enum(PURCHASE_STEPS)),
});
export type PurchaseSearch = z.output<typeof purchaseSearch>;

export const bookingSearch = z.object({ ...common, status: optional(z.enum(BOOKING_STATUS_VALUES)) });
export type BookingSearch = z.output<typeof bookingSearch>;

export type ListSearch = PurchaseSearch | BookingSearch;

/** The customers list's orders, as the URL has them, and the API's (http/routes/adminCustomersApi.ts). */
export const CUSTOMER_LIST_SORTS = {
  newest: '-since',
  oldest: 'since',
  activity: '-activity',
  number: 'number',
} as const;
export type CustomerListSort = keyof typeof CUSTOMER_LIST_SORTS;

/** The customers list: market, sign-up dates, order, page size, and one exact email (sales and admin). */
export const customerSearch = z.object({
  market: common.market,
  from: common.from,
  to: common.to,
  sort: optional(z.enum(Object.keys(CUSTOMER_LIST_SORTS) as [CustomerListSort, ...CustomerListSort[]])),
  pageSize: common.pageSize,
  email: optional(z.string().trim().min(3).max(254)),
});
export type CustomerSearch = z.output<typeof customerSearch>;

/** A customer's detail: the list it was opened from (to go back to). */
export const customerDetailSearch = z.object({
  list: optional(z.string().regex(/^\/admin\/[A-Za-z-]+\/customer\/list(\/\d+)?(\?[^#]*)?$/)),
});

/** A detail's search: the event whose state is shown, and the list it was opened from (to go back to). */
export const detailSearch = z.object({
  event: optional(z.coerce.number().int().min(0)),
  list: optional(z.string().regex(/^\/admin\/[A-Za-z-]+\/(purchase|car-booking)\/list(\/\d+)?(\?[^#]*)?$/)),
});
export type DetailSearch = z.output<typeof detailSearch>;

/**
 * The dashboard's period and market (the API's `/admin/api/dashboard`): a `to` before `from` is
 * dropped, like any value the page does not know.
 */
export const dashboardSearch = z
  .object({ from: common.from, to: common.to, market: common.market })
  .transform((search) =>
    search.from && search.to && search.to < search.from ? { ...search, to: undefined } : search,
  );
export type DashboardSearch = z.output<typeof dashboardSearch>;

/** A query string of the values set (`?market=de&status=confirmed`), in a stable order. */
export function searchString(search: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
