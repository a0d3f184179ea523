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
import type { Knex } from 'knex';
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

async function upsert(
  trx: Knex.Transaction,
  table: string,
  key: string,
  columns: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]!);
  await trx.raw(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset(?::jsonb) AS x(${columns})
     ON CONFLICT (${key}) DO UPDATE SET ${names
       .filter((n) => n !== key)
       .map((n) => `${n} = EXCLUDED.${n}`)
       .join(', ')}`,
    [JSON.stringify(rows)],
  );
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

    // 1. The funnels: owner, market, times.
    const funnelEvents = events.filter((e) => funnelOf(e.streamName) !== undefined);
    const streamNames = [...new Set(funnelEvents.map((e) => e.streamName))];
    const funnels = new Map<string, CustomerFunnelRow>();
    if (streamNames.length > 0) {
      const { rows } = await trx.raw<{ rows: CustomerFunnelRow[] }>(
        `SELECT * FROM ${funnelsTable} WHERE stream_name = ANY(?::text[])`,
        [streamNames],
      );
      for (const row of rows) funnels.set(row.stream_name, row);
    }
    for (const event of funnelEvents) {
      const at = eventTime(event);
      const row = funnels.get(event.streamName) ?? {
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
      funnels.set(event.streamName, row);
    }
    await upsert(trx, funnelsTable, 'stream_name', FUNNEL_COLUMNS, [...funnels.values()]);

    // 2. The customers' own events.
    const customerEvents = events.filter((e) => e.streamName.startsWith(CUSTOMER_STREAM_PREFIX));
    for (const event of customerEvents) touched.add((event.data as CustomerEvent['data']).customerId);
    if (touched.size === 0) return;
    const ids = [...touched];
    const customers = new Map<string, CustomerRow>();
    const { rows: stored } = await trx.raw<{ rows: CustomerRow[] }>(
      `SELECT * FROM ${customersTable} WHERE customer_id = ANY(?::text[])`,
      [ids],
    );
    for (const row of stored) customers.set(row.customer_id, row);
    const signUps = new Map<string, { number: number; at: Date }>();
    const erasures = new Map<string, Date>();
    for (const event of customerEvents) {
      const e = { type: event.type, data: event.data } as CustomerEvent;
      if (e.type === 'CustomerSignedUp')
        signUps.set(e.data.customerId, { number: e.data.number, at: eventTime(event) });
      else erasures.set(e.data.customerId, new Date(e.data.erasedAt));
    }

    // 3. Each touched customer's counts from their funnels (all of them, this batch's and earlier ones).
    const { rows: theirFunnels } = await trx.raw<{ rows: CustomerFunnelRow[] }>(
      `SELECT * FROM ${funnelsTable} WHERE customer_id = ANY(?::text[])`,
      [ids],
    );
    const byCustomer = new Map<string, CustomerFunnelRow[]>();
    for (const f of theirFunnels)
      byCustomer.set(f.customer_id!, [...(byCustomer.get(f.customer_id!) ?? []), f]);
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
    await upsert(trx, customersTable, 'customer_id', CUSTOMER_COLUMNS, rows);
  },
});
