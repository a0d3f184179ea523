/**
 * The leads' read model for the back office (`leads`): one row per lead, ids and codes only (kind,
 * market, car, dealer, status, the account or visitor id, the consent text's version); names, emails and
 * messages stay in the lead's vault record (engine/leads/leadContacts.ts) and are read for the page shown.
 */
import type { Knex } from 'knex';
import {
  LEAD_EVENT_TYPES,
  LEAD_STREAM_PREFIX,
  type LeadEvent,
  type LeadStatus,
} from '../../domain/leads/schemas.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import { eventTime } from '../funnels/funnelBatch.ts';

export interface LeadRow {
  lead_id: string;
  kind: string;
  locale: string;
  car_id: string | null;
  booking_id: string | null;
  brand: string | null;
  hub: string | null;
  topic: string | null;
  dealer_id: string;
  routed_by: string;
  status: LeadStatus;
  customer_id: string | null;
  visitor_id: string | null;
  consent_version: string;
  source_page: string;
  submitted_at: Date;
  updated_at: Date;
}

const COLUMNS = `lead_id text, kind text, locale text, car_id text, booking_id text, brand text, hub text,
  topic text, dealer_id text, routed_by text, status text, customer_id text, visitor_id text,
  consent_version text, source_page text, submitted_at timestamptz, updated_at timestamptz`;

export const leadsProjection = defineProjection({
  name: 'leads',
  version: 1,
  eventTypes: [...LEAD_EVENT_TYPES],
  tables: {
    leads: (t: Knex.CreateTableBuilder) => {
      t.text('lead_id').primary();
      t.text('kind').notNullable();
      t.text('locale').notNullable();
      t.text('car_id');
      t.text('booking_id');
      t.text('brand');
      t.text('hub');
      t.text('topic');
      t.text('dealer_id').notNullable();
      t.text('routed_by').notNullable();
      t.text('status').notNullable();
      t.text('customer_id');
      t.text('visitor_id');
      t.text('consent_version').notNullable();
      t.text('source_page').notNullable();
      t.timestamp('submitted_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['submitted_at', 'lead_id']);
      t.index(['dealer_id']);
      t.index(['visitor_id']);
      t.index(['customer_id']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const leads = table('leads');
    const mine = events.filter((e) => e.streamName.startsWith(LEAD_STREAM_PREFIX));
    if (mine.length === 0) return;
    const ids = [...new Set(mine.map((e) => (e.data as { leadId: string }).leadId))];
    const rows = new Map<string, LeadRow>();
    const { rows: stored } = await trx.raw<{ rows: LeadRow[] }>(
      `SELECT * FROM ${leads} WHERE lead_id = ANY(?::text[])`,
      [ids],
    );
    for (const row of stored) rows.set(row.lead_id, row);
    for (const recorded of mine) {
      const event = { type: recorded.type, data: recorded.data } as LeadEvent;
      const at = eventTime(recorded);
      switch (event.type) {
        case 'LeadSubmitted': {
          const d = event.data;
          rows.set(d.leadId, {
            lead_id: d.leadId,
            kind: d.kind,
            locale: d.locale,
            car_id: d.carId,
            booking_id: d.bookingId,
            brand: d.brand,
            hub: d.hub,
            topic: d.topic,
            dealer_id: d.dealerId,
            routed_by: d.routedBy,
            status: 'new',
            customer_id: d.customerId,
            visitor_id: d.visitorId,
            consent_version: d.consent.textVersion,
            source_page: d.sourcePage,
            submitted_at: at,
            updated_at: at,
          });
          break;
        }
        case 'LeadStatusChanged': {
          const row = rows.get(event.data.leadId);
          if (row) rows.set(row.lead_id, { ...row, status: event.data.to, updated_at: at });
          break;
        }
        case 'LeadJoinedCustomer': {
          const row = rows.get(event.data.leadId);
          if (row) rows.set(row.lead_id, { ...row, customer_id: event.data.customerId, updated_at: at });
          break;
        }
        default: {
          const never: never = event;
          throw new Error(`unknown lead event ${JSON.stringify(never)}`);
        }
      }
    }
    const names = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]!);
    await trx.raw(
      `INSERT INTO ${leads} (${names.join(', ')})
       SELECT ${names.join(', ')} FROM jsonb_to_recordset(?::jsonb) AS x(${COLUMNS})
       ON CONFLICT (lead_id) DO UPDATE SET ${names
         .filter((n) => n !== 'lead_id')
         .map((n) => `${n} = EXCLUDED.${n}`)
         .join(', ')}`,
      [JSON.stringify([...rows.values()])],
    );
  },
});
