/**
 * The leads sent from each landing page (`landing_page_leads`, domain/content/README.md "Landing
 * pages"): one row per lead whose form was on a landing page, for its lead count in the back office.
 */
import type { Knex } from 'knex';
import { LEAD_STREAM_PREFIX, type LeadSubmitted } from '../../domain/leads/schemas.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import { eventTime } from '../funnels/funnelBatch.ts';

export const landingPageLeadsProjection = defineProjection({
  name: 'landing_page_leads',
  version: 1,
  eventTypes: ['LeadSubmitted'],
  tables: {
    landing_page_leads: (t: Knex.CreateTableBuilder) => {
      t.text('lead_id').primary();
      t.text('landing_page_id').notNullable();
      t.timestamp('submitted_at', { useTz: true }).notNullable();
      t.index(['landing_page_id']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const rows = events
      .filter((e) => e.type === 'LeadSubmitted' && e.streamName.startsWith(LEAD_STREAM_PREFIX))
      .flatMap((e) => {
        const data = e.data as LeadSubmitted;
        return data.landingPageId
          ? [{ lead_id: data.leadId, landing_page_id: data.landingPageId, submitted_at: eventTime(e) }]
          : [];
      });
    if (rows.length === 0) return;
    await trx.raw(
      `INSERT INTO ${table('landing_page_leads')} (lead_id, landing_page_id, submitted_at)
       SELECT lead_id, landing_page_id, submitted_at
       FROM jsonb_to_recordset(?::jsonb) AS x(lead_id text, landing_page_id text, submitted_at timestamptz)
       ON CONFLICT (lead_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  },
});

/** How many leads came from a landing page. */
export function landingPageLeadCount(options: { readonly knex: Knex; readonly schema?: string }) {
  const view = `"${(options.schema ?? 'public').replaceAll('"', '""')}".landing_page_leads`;
  return async (landingPageId: string): Promise<number> => {
    const { rows } = await options.knex.raw(`SELECT count(*) AS n FROM ${view} WHERE landing_page_id = ?`, [
      landingPageId,
    ]);
    return Number(rows[0]?.n ?? 0);
  };
}
