/**
 * The back office's reads of the catalogue's dealers (open and closed): a lookup by id, name or city,
 * one dealer, and every dealer of a country (the Excel export).
 */
import type { Knex } from 'knex';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import type { CountryCode } from '../../domain/markets.ts';
import { type DealerView, flattenDealer } from './catalogueQueries.ts';

export interface StaffDealer extends DealerView {
  /** False once the dealer closed (its cars left the catalogue). */
  readonly open: boolean;
}

export interface DealerLookup {
  /** `q`: digits find that dealer id; words, a part of the name or city (case and accents as typed). */
  readonly q?: string | undefined;
  readonly country?: CountryCode | undefined;
  readonly limit: number;
}

export interface DealerQueries {
  lookup(filter: DealerLookup): Promise<StaffDealer[]>;
  byId(dealerId: string): Promise<StaffDealer | undefined>;
  /** Every dealer of `country`, by city and name. */
  ofCountry(country: CountryCode): Promise<StaffDealer[]>;
}

interface DealerRow {
  dealer: Dealer;
  open: boolean;
}

const staffDealer = (row: DealerRow): StaffDealer => ({ ...flattenDealer(row.dealer), open: row.open });
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function dealerQueries(options: { knex: Knex; schema?: string }): DealerQueries {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".catalogue_dealers`;
  return {
    async lookup({ q, country, limit }) {
      const where: string[] = [];
      const values: (string | number)[] = [];
      const text = q?.trim();
      if (text && /^\d{1,12}$/.test(text)) {
        where.push('dealer_id = ?');
        values.push(text);
      } else if (text) {
        where.push('(name ILIKE ? OR city ILIKE ? OR hub ILIKE ?)');
        values.push(likePattern(text), likePattern(text), likePattern(text));
      }
      if (country) {
        where.push('country = ?');
        values.push(country);
      }
      const { rows } = await knex.raw(
        `SELECT dealer, open FROM ${table} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY open DESC, name, dealer_id LIMIT ?`,
        [...values, limit],
      );
      return (rows as DealerRow[]).map(staffDealer);
    },
    async byId(dealerId) {
      if (!/^\d{1,12}$/.test(dealerId)) return undefined;
      const { rows } = await knex.raw(`SELECT dealer, open FROM ${table} WHERE dealer_id = ?`, [dealerId]);
      return rows[0] ? staffDealer(rows[0] as DealerRow) : undefined;
    },
    async ofCountry(country) {
      const { rows } = await knex.raw(
        `SELECT dealer, open FROM ${table} WHERE country = ? ORDER BY city, name, dealer_id`,
        [country],
      );
      return (rows as DealerRow[]).map(staffDealer);
    },
  };
}
