/** Reads of the translations staff changed (translationOverridesProjection.ts). */
import type { Knex } from 'knex';
import type { TranslationDomain } from '../../domain/content/translations/translationOverrides.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { Locale } from '../../domain/markets.ts';

export interface OverrideRow {
  readonly key: string;
  /** null: restored to the shipped text. */
  readonly text: string | null;
  readonly version: number;
  readonly updatedAt: string;
  readonly updatedBy: Actor | null;
}

export interface TranslationQueries {
  /** Every key of the dictionary ever changed, restored ones included. */
  rows(locale: Locale, domain: TranslationDomain): Promise<OverrideRow[]>;
  /** The texts in force: key → text (restored keys left out). */
  overrides(locale: Locale, domain: TranslationDomain): Promise<Record<string, string>>;
}

export function translationQueries(options: { knex: Knex; schema?: string }): TranslationQueries {
  const { knex } = options;
  const table = () => knex(`translation_overrides`).withSchema(options.schema ?? 'public');
  const rows: TranslationQueries['rows'] = async (locale, domain) => {
    const found = await table()
      .select('key', 'text', 'version', 'updated_at', 'updated_by')
      .where({ locale, domain })
      .orderBy('key');
    return found.map((r) => ({
      key: r.key as string,
      text: r.text as string | null,
      version: Number(r.version),
      updatedAt: new Date(r.updated_at as string).toISOString(),
      updatedBy: (r.updated_by as Actor | null) ?? null,
    }));
  };
  return {
    rows,
    async overrides(locale, domain) {
      const found = await table().select('key', 'text').where({ locale, domain }).whereNotNull('text');
      return Object.fromEntries(found.map((r) => [r.key as string, r.text as string]));
    },
  };
}
