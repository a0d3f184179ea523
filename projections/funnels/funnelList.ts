/**
 * The staff lists of bookings and purchases: one filter builder serves the page and the export, so an
 * export is exactly the filtered list (all its pages, in the same order: newest first unless `sort` says otherwise). `from` and `to`
 * are UTC days, both included, on when the funnel started.
 */
import type { Knex } from 'knex';

/** The lists' orders: by when the funnel started (newest or oldest first) or by its last event. */
export const FUNNEL_LIST_SORTS = ['newest', 'oldest', 'updated'] as const;
export type FunnelListSort = (typeof FUNNEL_LIST_SORTS)[number];

export interface FunnelListFilter {
  /** The order (default `newest`); the page and the export follow the same. */
  readonly sort?: FunnelListSort | undefined;
  readonly market?: string | undefined;
  readonly status?: string | undefined;
  /** Purchases only: the step the buyer is on. */
  readonly step?: string | undefined;
  readonly customerId?: string | undefined;
  readonly carId?: string | undefined;
  /** `YYYY-MM-DD`, included. */
  readonly from?: string | undefined;
  /** `YYYY-MM-DD`, included. */
  readonly to?: string | undefined;
}

export interface Page<Item> {
  readonly items: Item[];
  readonly page: number;
  readonly pageSize: number;
  /** Rows matching the filter, over all pages. */
  readonly total: number;
  readonly pages: number;
}

export const DEFAULT_PAGE_SIZE = 50;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

export interface FunnelList<Row, Item> {
  page(filter: FunnelListFilter, page: number, pageSize?: number): Promise<Page<Item>>;
  /**
   * Every row of the filtered list, in the list's order, a chunk at a time (exports): the caller works a
   * chunk at once, while the next is read, rather than paying an `await` per row.
   */
  all(filter: FunnelListFilter): AsyncIterable<Item[]>;
  byId(id: string): Promise<Item | undefined>;
  /** The raw row, as stored. */
  row(id: string): Promise<Row | undefined>;
}

export function funnelList<Row extends { created_at: Date }, Item>(options: {
  readonly knex: Knex;
  readonly schema?: string | undefined;
  readonly table: string;
  readonly key: string;
  readonly toItem: (row: Row) => Item;
  /**
   * Rows read per query by `all()` (default 250: a chunk and the one read ahead then die young, before
   * V8 promotes them; 1000-row chunks outlived a scavenge and piled up, uncollected, in the old heap).
   */
  readonly chunkSize?: number | undefined;
}): FunnelList<Row, Item> {
  const chunkSize = options.chunkSize ?? 250;
  const { knex, table, key, toItem } = options;
  const schema = options.schema ?? 'public';
  const from = () => knex.withSchema(schema).from(table);
  // Lists and exports read every column but the machine's snapshot (about 1 KB of JSON a row that no
  // list item shows: parsing it for 100,000 rows doubled an export's reading time).
  let listColumns: Promise<string[]> | undefined;
  const columns = () => {
    listColumns ??= knex('information_schema.columns')
      .where({ table_schema: schema, table_name: table })
      .whereNot('column_name', 'snapshot')
      .orderBy('ordinal_position')
      .pluck('column_name')
      .then((names: string[]) => {
        // No table yet (a projection not started): every column, and ask again next time.
        if (names.length === 0) listColumns = undefined;
        return names.length === 0 ? ['*'] : names;
      })
      .catch((error: unknown) => {
        listColumns = undefined;
        throw error;
      });
    return listColumns;
  };

  const filtered = (f: FunnelListFilter) => {
    const q = from();
    if (f.market) q.where('locale', f.market);
    if (f.status) q.where('status', f.status);
    if (f.step) q.where('step', f.step);
    if (f.customerId) q.where('customer_id', f.customerId);
    if (f.carId) q.where('car_id', f.carId);
    if (f.from) q.where('created_at', '>=', `${f.from}T00:00:00.000Z`);
    if (f.to) q.where('created_at', '<', nextDay(f.to));
    return q;
  };
  const ordered = (q: Knex.QueryBuilder, sort: FunnelListSort = 'newest') =>
    q.orderBy([
      {
        column: sort === 'updated' ? 'updated_at' : 'created_at',
        order: sort === 'oldest' ? 'asc' : 'desc',
      },
      { column: key, order: sort === 'oldest' ? 'asc' : 'desc' },
    ]);

  return {
    async page(filter, page, pageSize = DEFAULT_PAGE_SIZE) {
      const [{ count }] = (await filtered(filter).count({ count: '*' })) as [{ count: string | number }];
      const total = Number(count);
      const rows = (await ordered(filtered(filter).select(await columns()), filter.sort)
        .limit(pageSize)
        .offset((page - 1) * pageSize)) as Row[];
      return {
        items: rows.map(toItem),
        page,
        pageSize,
        total,
        pages: Math.max(1, Math.ceil(total / pageSize)),
      };
    },
    async *all(filter) {
      const selected = await columns();
      const chunkAfter = (last: Row | undefined) => {
        const q = ordered(filtered(filter).select(selected), filter.sort).limit(chunkSize);
        // Keyset: strictly after the previous chunk's last row in the list's order.
        if (last) {
          const column = filter.sort === 'updated' ? 'updated_at' : 'created_at';
          const after = filter.sort === 'oldest' ? '>' : '<';
          q.whereRaw(`(${column}, ${key}) ${after} (?, ?)`, [(last as never)[column], (last as never)[key]]);
        }
        const rows = Promise.resolve(q as unknown as Promise<Row[]>);
        // Read ahead while the caller takes this chunk; its failure surfaces when awaited.
        rows.catch(() => {});
        return rows;
      };
      let rows = await chunkAfter(undefined);
      for (;;) {
        const next = rows.length < chunkSize ? undefined : chunkAfter(rows.at(-1));
        if (rows.length > 0) yield rows.map(toItem);
        if (!next) return;
        rows = await next;
      }
    },
    async byId(id) {
      const row = (await from().where(key, id).first()) as Row | undefined;
      return row ? toItem(row) : undefined;
    },
    async row(id) {
      return (await from().where(key, id).first()) as Row | undefined;
    },
  };
}
