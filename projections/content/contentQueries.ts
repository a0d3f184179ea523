/** Reads of the content items (contentItemsProjection.ts): the storefront's published items, staff's lists and history. */
import type { Knex } from 'knex';
import type { ContentKind } from '../../domain/content/items/contentKinds.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { Locale } from '../../domain/markets.ts';

export interface PublishedItem {
  readonly id: string;
  readonly version: number;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface ContentListItem {
  readonly id: string;
  readonly kind: ContentKind;
  readonly locale: Locale;
  readonly title: string;
  readonly latestVersion: number;
  readonly publishedVersion: number | null;
  readonly publishedFrom: string | null;
  readonly updatedAt: string;
  readonly updatedBy: Actor | null;
}

export interface ContentVersion {
  readonly version: number;
  readonly fields: Readonly<Record<string, unknown>>;
  readonly revertedFrom: number | null;
  readonly savedAt: string;
  readonly savedBy: Actor | null;
}

export interface ContentQueries {
  /**
   * The items of a kind published in `locale` at `now` (scheduled ones from their time; one with a
   * `validUntil` day until the end of that day, UTC), with their published fields.
   */
  published(
    kind: ContentKind,
    locale: Locale,
    now: Date,
    /** Only the items whose published fields have these values (a unique key's fields). */
    having?: Readonly<Record<string, string>>,
  ): Promise<PublishedItem[]>;
  /** Staff's list of a kind, optionally one locale, newest change first. */
  list(kind: ContentKind, locale: Locale | undefined): Promise<ContentListItem[]>;
  item(id: string): Promise<ContentListItem | undefined>;
  versions(id: string): Promise<ContentVersion[]>;
  /** The earliest time after `now` from which a published version shows (none: undefined). */
  nextScheduled(now: Date): Promise<Date | undefined>;
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());

export function contentQueries(options: { knex: Knex; schema?: string }): ContentQueries {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const itemOf = (r: Record<string, unknown>): ContentListItem => ({
    id: r.id as string,
    kind: r.kind as ContentKind,
    locale: r.locale as Locale,
    title: r.title as string,
    latestVersion: Number(r.latest_version),
    publishedVersion: r.published_version === null ? null : Number(r.published_version),
    publishedFrom: iso(r.published_from),
    updatedAt: iso(r.updated_at)!,
    updatedBy: (r.updated_by as Actor | null) ?? null,
  });
  return {
    async published(kind, locale, now, having) {
      const { rows } = await knex.raw(
        `SELECT i.id, v.version, v.fields FROM ${s}.content_items i
         JOIN ${s}.content_versions v ON v.id = i.id AND v.version = i.published_version
         WHERE i.kind = ? AND i.locale = ? AND i.published_from <= ?
           AND (COALESCE(v.fields ->> 'validUntil', '') = '' OR v.fields ->> 'validUntil' >= ?)
           ${having ? 'AND v.fields @> ?::jsonb' : ''}
         ORDER BY (v.fields ->> 'order')::int NULLS LAST, i.id`,
        [kind, locale, now, now.toISOString().slice(0, 10), ...(having ? [JSON.stringify(having)] : [])],
      );
      return rows.map((r: Record<string, unknown>) => ({
        id: r.id as string,
        version: Number(r.version),
        fields: r.fields as Record<string, unknown>,
      }));
    },
    async list(kind, locale) {
      const { rows } = await knex.raw(
        `SELECT * FROM ${s}.content_items WHERE kind = ? ${locale ? 'AND locale = ?' : ''}
         ORDER BY updated_at DESC, id`,
        locale ? [kind, locale] : [kind],
      );
      return rows.map(itemOf);
    },
    async item(id) {
      const { rows } = await knex.raw(`SELECT * FROM ${s}.content_items WHERE id = ?`, [id]);
      return rows[0] ? itemOf(rows[0]) : undefined;
    },
    async nextScheduled(now) {
      const { rows } = await knex.raw(
        `SELECT min(published_from) AS next FROM ${s}.content_items WHERE published_from > ?`,
        [now],
      );
      return rows[0]?.next ? new Date(rows[0].next as string) : undefined;
    },
    async versions(id) {
      const { rows } = await knex.raw(
        `SELECT version, fields, reverted_from, saved_at, saved_by FROM ${s}.content_versions WHERE id = ? ORDER BY version DESC`,
        [id],
      );
      return rows.map((r: Record<string, unknown>) => ({
        version: Number(r.version),
        fields: r.fields as Record<string, unknown>,
        revertedFrom: r.reverted_from === null ? null : Number(r.reverted_from),
        savedAt: iso(r.saved_at)!,
        savedBy: (r.saved_by as Actor | null) ?? null,
      }));
    },
  };
}
