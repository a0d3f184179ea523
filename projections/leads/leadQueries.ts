/** Reads of the leads' read model: the back office's filtered list (and its export), a visitor's leads. */
import type { Knex } from 'knex';
import { z } from 'zod';
import { LEAD_KINDS, LEAD_STATUSES } from '../../domain/leads/schemas.ts';
import { LOCALES } from '../../domain/markets.ts';
import type { LeadRow } from './leadsProjection.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a date (YYYY-MM-DD)');

/** The list's filters, as the URL carries them (all optional). */
export const leadFiltersSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional(),
  market: z.enum(LOCALES).optional(),
  dealer: z
    .string()
    .regex(/^\d{1,12}$/, 'is not a dealer id')
    .optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  /** Submitted on or after this day, on or before that one (UTC days). */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type LeadFilters = z.output<typeof leadFiltersSchema>;

export const LEAD_PAGE_SIZE = 50;

export function leadQueries(options: { readonly knex: Knex; readonly schema?: string }) {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".leads`;

  const where = (filters: Omit<LeadFilters, 'page'>) => {
    const clauses: string[] = [];
    const bindings: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      clauses.push(sql);
      bindings.push(value);
    };
    if (filters.kind) add('kind = ?', filters.kind);
    if (filters.market) add('locale = ?', filters.market);
    if (filters.dealer) add('dealer_id = ?', filters.dealer);
    if (filters.status) add('status = ?', filters.status);
    if (filters.from) add('submitted_at >= ?::date', filters.from);
    if (filters.to) add("submitted_at < ?::date + interval '1 day'", filters.to);
    return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', bindings };
  };

  return {
    /** One page of the filtered list, newest first, and the total. */
    async list(filters: LeadFilters): Promise<{ rows: LeadRow[]; total: number }> {
      const w = where(filters);
      const { rows } = await knex.raw<{ rows: (LeadRow & { total: string })[] }>(
        `SELECT *, count(*) OVER () AS total FROM ${table} ${w.sql}
         ORDER BY submitted_at DESC, lead_id DESC LIMIT ? OFFSET ?`,
        [...w.bindings, LEAD_PAGE_SIZE, (filters.page - 1) * LEAD_PAGE_SIZE] as Knex.RawBinding[],
      );
      return {
        rows: rows.map(({ total: _t, ...row }) => row as LeadRow),
        total: Number(rows[0]?.total ?? 0),
      };
    },
    /** Every row of the filtered list (the export), newest first, in batches. */
    async *all(filters: Omit<LeadFilters, 'page'>): AsyncGenerator<LeadRow[]> {
      const w = where(filters);
      for (let offset = 0; ; offset += 1000) {
        const { rows } = await knex.raw<{ rows: LeadRow[] }>(
          `SELECT * FROM ${table} ${w.sql} ORDER BY submitted_at DESC, lead_id DESC LIMIT 1000 OFFSET ?`,
          [...w.bindings, offset] as Knex.RawBinding[],
        );
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < 1000) return;
      }
    },
    async one(leadId: string): Promise<LeadRow | undefined> {
      const { rows } = await knex.raw<{ rows: LeadRow[] }>(`SELECT * FROM ${table} WHERE lead_id = ?`, [
        leadId,
      ]);
      return rows[0];
    },
    /** The leads a visitor sent before signing in (not joined to an account yet). */
    async ofVisitor(visitorId: string): Promise<string[]> {
      const { rows } = await knex.raw<{ rows: { lead_id: string }[] }>(
        `SELECT lead_id FROM ${table} WHERE visitor_id = ? AND customer_id IS NULL`,
        [visitorId],
      );
      return rows.map((r) => r.lead_id);
    },
  };
}

export type LeadQueries = ReturnType<typeof leadQueries>;
