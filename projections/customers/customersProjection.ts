/**
 * The customers' read model for the back office: one row per customer with ids and coarse facts only,
 * never a name or an email (those stay in the vault and are read for the page shown). From:
 *
 * - the customer's stream (domain/customers/customerEvents.ts): `CustomerSignedUp` gives the public
 *   number and `since`; `CustomerErased` marks the row erased (it stays, with no personal data);
 * - the funnels' streams (`purchase-<id>`, `booking-<id>`): which customer a funnel belongs to (the first
 *   event naming a `customerId`, a later one naming another moves it), its market (the start event's
 *   `locale`) and when it last moved. Kept per funnel in `customer_funnels` (this projection's own
 *   table: it never reads another projection's tables, so a rebuild recounts from the events alone).
 *
 * Per customer: `markets` (those of their funnels), how many purchases and bookings, and the last
 * activity (the latest of sign-up, any event of their funnels, erasure). A customer seen in a funnel
 * before any sign-up event (an account older than the customer stream) has a row without a number;
 * `since` is then their first funnel's start. The funnels' statuses are not folded again here: the
 * staff API reads them from the bookings and purchases read models, where the machines fold them.
 */
import {
  CUSTOMER_EVENT_TYPES,
  CUSTOMER_STREAM_PREFIX,
  type CustomerEvent,
} from '../../domain/customers/customerEvents.ts';
import { PURCHASE_EVENT_TYPES } from '../../domain/purchase/events.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import { BOOKING_EVENT_TYPES, BOOKING_STREAM_PREFIX } from '../funnels/bookingRow.ts';
import { eventTime } from '../funnels/funnelBatch.ts';
import { PURCHASE_STREAM_PREFIX } from '../funnels/purchaseRow.ts';

export interface CustomerFunnelRow {
  stream_name: string;
  funnel: 'purchase' | 'booking';
  customer_id: string | null;
  locale: string | null;
  first_at: Date;
  last_at: Date;
}

export interface CustomerRow {
  customer_id: string;
  /** Public number (digits), from the sign-up event; null for a customer known only from funnels. */
  number: string | number | null;
  since: Date;
  signed_up_at: Date | null;
  markets: string[];
  purchases: number;
  bookings: number;
  last_activity_at: Date;
  erased_at: Date | null;
}

const funnelOf = (stream: string): CustomerFunnelRow['funnel'] | undefined =>
  stream.startsWith(PURCHASE_STREAM_PREFIX)
    ? 'purchase'
    : stream.startsWith(BOOKING_STREAM_PREFIX)
      ? 'booking'
      : undefined;

const latest = (...times: (Date | null | undefined)[]) =>
  new Date(Math.max(...times.filter((t): t is Date => t instanceof Date).map((t) => t.getTime())));

const FUNNEL_COLUMNS = `stream_name text, funnel text, customer_id text, locale text, first_at timestamptz, last_at timestamptz`;
const CUSTOMER_COLUMNS = `customer_id text, number bigint, since timestamptz, signed_up_at timestamptz,
  markets text[], purchases integer, bookings integer, last_activity_at timestamptz, erased_at timestamptz`;

/** An upsert of the rows of the JSON array `json` (a placeholder) into `table`, keyed by `key`. */
function upsert(table: string, key: string, columns: string, json: string): string {
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]!);
  return `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset(${json}::jsonb) AS x(${columns})
     ON CONFLICT (${key}) DO UPDATE SET ${names
       .filter((n) => n !== key)
       .map((n) => `${n} = EXCLUDED.${n}`)
       .join(', ')}`;
}

export const customersProjection = defineProjection({
  name: 'customers',
  version: 1,
  eventTypes: [
    ...new Set<string>([...CUSTOMER_EVENT_TYPES, ...PURCHASE_EVENT_TYPES, ...BOOKING_EVENT_TYPES]),
  ],
  tables: {
    customers: (t) => {
      t.text('customer_id').primary();
      t.bigInteger('number').unique();
      t.timestamp('since', { useTz: true }).notNullable();
      t.timestamp('signed_up_at', { useTz: true });
      t.specificType('markets', 'text[]').notNullable();
      t.integer('purchases').notNullable();
      t.integer('bookings').notNullable();
      t.timestamp('last_activity_at', { useTz: true }).notNullable();
      t.timestamp('erased_at', { useTz: true });
      t.index(['since', 'customer_id']);
      t.index(['last_activity_at', 'customer_id']);
    },
    customer_funnels: (t) => {
      t.text('stream_name').primary();
      t.text('funnel').notNullable();
      t.text('customer_id');
      t.text('locale');
      t.timestamp('first_at', { useTz: true }).notNullable();
      t.timestamp('last_at', { useTz: true }).notNullable();
      t.index(['customer_id']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const funnelsTable = table('customer_funnels');
    const customersTable = table('customers');
    const touched = new Set<string>();

    // 1. What is stored of this batch's funnels, of the customers they name or named, and of those
    //    customers' other funnels: one read.
    const funnelEvents = events.filter((e) => funnelOf(e.streamName) !== undefined);
    const customerEvents = events.filter((e) => e.streamName.startsWith(CUSTOMER_STREAM_PREFIX));
    const streamNames = [...new Set(funnelEvents.map((e) => e.streamName))];
    const named = [
      ...new Set([
        ...funnelEvents.flatMap((e) => {
          const id = (e.data as { customerId?: unknown }).customerId;
          return typeof id === 'string' ? [id] : [];
        }),
        ...customerEvents.map((e) => (e.data as CustomerEvent['data']).customerId),
      ]),
    ];
    if (streamNames.length === 0 && named.length === 0) return;
    const { rows: read } = await trx.raw<{
      rows: { funnels: CustomerFunnelRow[] | null; customers: CustomerRow[] | null }[];
    }>(
      `WITH owners AS (
         SELECT customer_id FROM ${funnelsTable} WHERE stream_name = ANY(?::text[]) AND customer_id IS NOT NULL
         UNION SELECT unnest(?::text[])),
       funnels AS (
         SELECT * FROM ${funnelsTable} WHERE stream_name = ANY(?::text[])
           OR customer_id IN (SELECT customer_id FROM owners))
       SELECT (SELECT json_agg(f) FROM funnels f) AS funnels,
         (SELECT json_agg(c) FROM ${customersTable} c WHERE c.customer_id IN (SELECT customer_id FROM owners))
           AS customers`,
      [streamNames, named, streamNames],
    );
    const funnels = new Map<string, CustomerFunnelRow>();
    for (const row of read[0]?.funnels ?? [])
      funnels.set(row.stream_name, {
        ...row,
        first_at: new Date(row.first_at),
        last_at: new Date(row.last_at),
      });
    const customers = new Map<string, CustomerRow>();
    for (const row of read[0]?.customers ?? [])
      customers.set(row.customer_id, {
        ...row,
        since: new Date(row.since),
        signed_up_at: row.signed_up_at ? new Date(row.signed_up_at) : null,
        last_activity_at: new Date(row.last_activity_at),
        erased_at: row.erased_at ? new Date(row.erased_at) : null,
      });

    // 2. The funnels: owner, market, times.
    const moved = new Map<string, CustomerFunnelRow>();
    for (const event of funnelEvents) {
      const at = eventTime(event);
      const row = moved.get(event.streamName) ??
        funnels.get(event.streamName) ?? {
          stream_name: event.streamName,
          funnel: funnelOf(event.streamName)!,
          customer_id: null,
          locale: null,
          first_at: at,
          last_at: at,
        };
      const data = event.data as { locale?: unknown; customerId?: unknown };
      if (row.locale === null && typeof data.locale === 'string') row.locale = data.locale;
      if (typeof data.customerId === 'string' && data.customerId !== row.customer_id) {
        if (row.customer_id) touched.add(row.customer_id);
        row.customer_id = data.customerId;
      }
      row.last_at = latest(row.last_at, at);
      if (row.customer_id) touched.add(row.customer_id);
      moved.set(event.streamName, row);
      funnels.set(event.streamName, row);
    }

    // 3. The customers' own events.
    for (const event of customerEvents) touched.add((event.data as CustomerEvent['data']).customerId);
    const ids = [...touched];
    const signUps = new Map<string, { number: number; at: Date }>();
    const erasures = new Map<string, Date>();
    for (const event of customerEvents) {
      const e = { type: event.type, data: event.data } as CustomerEvent;
      if (e.type === 'CustomerSignedUp')
        signUps.set(e.data.customerId, { number: e.data.number, at: eventTime(event) });
      else erasures.set(e.data.customerId, new Date(e.data.erasedAt));
    }

    // 4. Each touched customer's counts from their funnels (all of them, this batch's and earlier ones).
    const byCustomer = new Map<string, CustomerFunnelRow[]>();
    for (const f of funnels.values())
      if (f.customer_id) byCustomer.set(f.customer_id, [...(byCustomer.get(f.customer_id) ?? []), f]);
    const rows: object[] = [];
    for (const id of ids) {
      const before = customers.get(id);
      const list = byCustomer.get(id) ?? [];
      const signUp = signUps.get(id);
      const signedUpAt = signUp?.at ?? before?.signed_up_at ?? null;
      const erasedAt = erasures.get(id) ?? before?.erased_at ?? null;
      const firstFunnel =
        list.length > 0 ? new Date(Math.min(...list.map((f) => f.first_at.getTime()))) : null;
      const since = signedUpAt ?? firstFunnel ?? before?.since ?? erasedAt;
      if (!since) continue;
      rows.push({
        customer_id: id,
        number: signUp?.number ?? (before?.number === null || !before ? null : Number(before.number)),
        since: since.toISOString(),
        signed_up_at: signedUpAt?.toISOString() ?? null,
        markets: [...new Set(list.flatMap((f) => (f.locale ? [f.locale] : [])))].sort(),
        purchases: list.filter((f) => f.funnel === 'purchase').length,
        bookings: list.filter((f) => f.funnel === 'booking').length,
        last_activity_at: latest(since, signedUpAt, erasedAt, ...list.map((f) => f.last_at)).toISOString(),
        erased_at: erasedAt?.toISOString() ?? null,
      });
    }
    // 5. Both tables in one statement.
    await trx.raw(
      `WITH funnels AS (${upsert(funnelsTable, 'stream_name', FUNNEL_COLUMNS, '?')})
       ${upsert(customersTable, 'customer_id', CUSTOMER_COLUMNS, '?')}`,
      [JSON.stringify([...moved.values()]), JSON.stringify(rows)],
    );
  },
});
