/**
 * The staff list of customers (customersProjection.ts): one filter builder serves the page and the
 * export, so an export is exactly the filtered list in the same order. `from` and `to` are UTC days, both
 * included, on `since`. The funnels' statuses come from the bookings and purchases read models (the
 * machines' fold), read for the customers asked about only.
 */
import type { Knex } from 'knex';
import { DEFAULT_PAGE_SIZE, type Page } from '../funnels/funnelList.ts';
import type { CustomerRow } from './customersProjection.ts';

export const CUSTOMER_SORTS = ['-since', 'since', '-activity', 'activity', '-number', 'number'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export interface CustomerListFilter {
  readonly market?: string | undefined;
  /** `YYYY-MM-DD`, included, on `since`. */
  readonly from?: string | undefined;
  /** `YYYY-MM-DD`, included. */
  readonly to?: string | undefined;
  /** Exactly these customers (a search by email gives one id). */
  readonly customerIds?: readonly string[] | undefined;
  readonly sort?: CustomerSort | undefined;
}

export interface CustomerListItem {
  readonly number: number | null;
  readonly customerId: string;
  readonly since: string;
  readonly markets: string[];
  readonly purchases: number;
  readonly bookings: number;
  readonly lastActivityAt: string;
  readonly erased: boolean;
  readonly erasedAt: string | null;
}

/** How many of a customer's funnels are in each status. */
export type StatusCounts = Record<string, number>;

export interface CustomerFunnel {
  readonly funnel: 'purchase' | 'booking';
  readonly id: string;
  readonly market: string | null;
  readonly status: string;
  readonly step: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface CustomerQueries {
  page(filter: CustomerListFilter, page: number, pageSize?: number): Promise<Page<CustomerListItem>>;
  all(filter: CustomerListFilter): AsyncIterable<CustomerListItem>;
  byId(customerId: string): Promise<CustomerListItem | undefined>;
  /** Per customer, their purchases' and bookings' counts by status. */
  statuses(
    customerIds: readonly string[],
  ): Promise<Map<string, { purchases: StatusCounts; bookings: StatusCounts }>>;
  /** A customer's purchases and bookings, newest first. */
  funnels(customerId: string): Promise<CustomerFunnel[]>;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
const iso = (time: Date | string) => new Date(time).toISOString();

const SORT_COLUMNS: Record<CustomerSort, { column: string; order: 'asc' | 'desc' }> = {
  '-since': { column: 'since', order: 'desc' },
  since: { column: 'since', order: 'asc' },
  '-activity': { column: 'last_activity_at', order: 'desc' },
  activity: { column: 'last_activity_at', order: 'asc' },
  '-number': { column: 'number', order: 'desc' },
  number: { column: 'number', order: 'asc' },
};

export function toCustomerItem(row: CustomerRow): CustomerListItem {
  return {
    number: row.number === null ? null : Number(row.number),
    customerId: row.customer_id,
    since: iso(row.since),
    markets: row.markets,
    purchases: row.purchases,
    bookings: row.bookings,
    lastActivityAt: iso(row.last_activity_at),
    erased: row.erased_at !== null,
    erasedAt: row.erased_at === null ? null : iso(row.erased_at),
  };
}

export function customerQueries(options: {
  readonly knex: Knex;
  readonly schema?: string | undefined;
  readonly chunkSize?: number | undefined;
}): CustomerQueries {
  const { knex } = options;
  const schema = options.schema ?? 'public';
  const chunkSize = options.chunkSize ?? 1000;
  const from = (table = 'customers') => knex.withSchema(schema).from(table);

  const filtered = (f: CustomerListFilter) => {
    const q = from();
    if (f.market) q.whereRaw('? = ANY(markets)', [f.market]);
    if (f.from) q.where('since', '>=', `${f.from}T00:00:00.000Z`);
    if (f.to) q.where('since', '<', nextDay(f.to));
    if (f.customerIds) q.whereIn('customer_id', [...f.customerIds]);
    return q;
  };
  const sortOf = (f: CustomerListFilter) => SORT_COLUMNS[f.sort ?? '-since'];
  // Numbers may be null (customers known only from funnels): they sort last either way.
  const ordered = (q: Knex.QueryBuilder, f: CustomerListFilter) => {
    const { column, order } = sortOf(f);
    return q
      .orderByRaw(`${column} ${order} NULLS LAST, customer_id ${order}`)
      .select('*') as Knex.QueryBuilder;
  };

  return {
    async page(filter, page, pageSize = DEFAULT_PAGE_SIZE) {
      const [{ count }] = (await filtered(filter).count({ count: '*' })) as [{ count: string | number }];
      const total = Number(count);
      const rows = (await ordered(filtered(filter), filter)
        .limit(pageSize)
        .offset((page - 1) * pageSize)) as CustomerRow[];
      return {
        items: rows.map(toCustomerItem),
        page,
        pageSize,
        total,
        pages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },
    async *all(filter) {
      // Keyset over (sort column, id) in the list's order; rows with a null number come last, by id.
      const { column, order } = sortOf(filter);
      const after = order === 'desc' ? '<' : '>';
      let last: CustomerRow | undefined;
      let inNulls = false;
      for (;;) {
        const q = ordered(filtered(filter), filter).limit(chunkSize);
        if (last) {
          const value = (last as unknown as Record<string, unknown>)[column];
          if (inNulls) q.whereNull(column).where('customer_id', after, last.customer_id);
          else
            q.where((w) =>
              w
                .whereRaw(`(${column}, customer_id) ${after} (?, ?)`, [value as never, last!.customer_id])
                .orWhereNull(column),
            );
        }
        const rows = (await q) as CustomerRow[];
        for (const row of rows) yield toCustomerItem(row);
        if (rows.length < chunkSize) return;
        last = rows.at(-1);
        inNulls = (last as unknown as Record<string, unknown>)[column] === null;
      }
    },
    async byId(customerId) {
      const row = (await from().where('customer_id', customerId).first()) as CustomerRow | undefined;
      return row ? toCustomerItem(row) : undefined;
    },
    async statuses(customerIds) {
      const result = new Map<string, { purchases: StatusCounts; bookings: StatusCounts }>();
      if (customerIds.length === 0) return result;
      for (const id of customerIds) result.set(id, { purchases: {}, bookings: {} });
      for (const [table, field] of [
        ['purchases', 'purchases'],
        ['bookings', 'bookings'],
      ] as const) {
        const rows = (await from(table)
          .whereIn('customer_id', [...customerIds])
          .groupBy('customer_id', 'status')
          .select('customer_id', 'status')
          .count({ n: '*' })) as { customer_id: string; status: string; n: string | number }[];
        for (const row of rows) result.get(row.customer_id)![field][row.status] = Number(row.n);
      }
      return result;
    },
    async funnels(customerId) {
      const purchases = (await from('purchases')
        .where('customer_id', customerId)
        .select('purchase_id', 'locale', 'status', 'step', 'created_at', 'updated_at')) as {
        purchase_id: string;
        locale: string | null;
        status: string;
        step: string | null;
        created_at: Date;
        updated_at: Date;
      }[];
      const bookings = (await from('bookings')
        .where('customer_id', customerId)
        .select('booking_id', 'locale', 'status', 'created_at', 'updated_at')) as {
        booking_id: string;
        locale: string | null;
        status: string;
        created_at: Date;
        updated_at: Date;
      }[];
      return [
        ...purchases.map(
          (p): CustomerFunnel => ({
            funnel: 'purchase',
            id: p.purchase_id,
            market: p.locale,
            status: p.status,
            step: p.step,
            createdAt: iso(p.created_at),
            updatedAt: iso(p.updated_at),
          }),
        ),
        ...bookings.map(
          (b): CustomerFunnel => ({
            funnel: 'booking',
            id: b.booking_id,
            market: b.locale,
            status: b.status,
            step: null,
            createdAt: iso(b.created_at),
            updatedAt: iso(b.updated_at),
          }),
        ),
      ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}
