/**
 * Content items for the storefront and the back office (domain/content/README.md "Content items"): one
 * row per item (kind, locale, its title, the latest version, the version published and from when) and
 * one per version (its fields, when and by whom, which version it reverted to). Read by
 * contentQueries.ts.
 */
import { CONTENT_EVENT_TYPES, type ContentEvent } from '../../domain/content/items/contentItem.ts';
import { type ContentKind, TITLE_FIELD } from '../../domain/content/items/contentKinds.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';

export const contentItemsProjection = defineProjection({
  name: 'content_items',
  version: 1,
  eventTypes: [...CONTENT_EVENT_TYPES],
  tables: {
    content_items: (t) => {
      t.text('id').primary();
      t.text('kind').notNullable();
      t.text('locale').notNullable();
      t.text('title').notNullable().defaultTo('');
      t.integer('latest_version').notNullable().defaultTo(0);
      t.integer('published_version');
      t.timestamp('published_from', { useTz: true });
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.jsonb('updated_by');
      t.index(['kind', 'locale']);
    },
    content_versions: (t) => {
      t.text('id').notNullable();
      t.integer('version').notNullable();
      t.jsonb('fields').notNullable();
      t.integer('reverted_from');
      t.timestamp('saved_at', { useTz: true }).notNullable();
      t.jsonb('saved_by');
      t.primary(['id', 'version']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const items = table('content_items');
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as ContentEvent;
      const at = recorded.created;
      const by = recorded.metadata.actor === undefined ? null : JSON.stringify(recorded.metadata.actor);
      switch (event.type) {
        case 'ContentItemCreated':
          await trx.raw(
            `INSERT INTO ${items} (id, kind, locale, updated_at, updated_by) VALUES (?, ?, ?, ?, ?::jsonb)
             ON CONFLICT (id) DO NOTHING`,
            [event.data.id, event.data.kind, event.data.locale, at, by],
          );
          break;
        case 'ContentDraftSaved': {
          const { id, version, fields } = event.data;
          await trx.raw(
            `INSERT INTO ${table('content_versions')} (id, version, fields, reverted_from, saved_at, saved_by)
             VALUES (?, ?, ?::jsonb, ?, ?, ?::jsonb) ON CONFLICT (id, version) DO NOTHING`,
            [id, version, JSON.stringify(fields), event.data.revertedFrom ?? null, at, by],
          );
          const { rows } = await trx.raw(`SELECT kind FROM ${items} WHERE id = ?`, [id]);
          const kind = rows[0]?.kind as ContentKind | undefined;
          const title = kind ? String(fields[TITLE_FIELD[kind]] ?? '') : '';
          await trx.raw(
            `UPDATE ${items} SET latest_version = ?, title = ?, updated_at = ?, updated_by = ?::jsonb WHERE id = ?`,
            [version, title, at, by, id],
          );
          break;
        }
        case 'ContentPublished':
          await trx.raw(
            `UPDATE ${items} SET published_version = ?, published_from = ?, updated_at = ?, updated_by = ?::jsonb WHERE id = ?`,
            [event.data.version, event.data.from, at, by, event.data.id],
          );
          break;
        case 'ContentUnpublished':
          await trx.raw(
            `UPDATE ${items} SET published_version = NULL, published_from = NULL, updated_at = ?, updated_by = ?::jsonb WHERE id = ?`,
            [at, by, event.data.id],
          );
          break;
        case 'ContentDeleted':
          await trx.raw(`DELETE FROM ${items} WHERE id = ?`, [event.data.id]);
          await trx.raw(`DELETE FROM ${table('content_versions')} WHERE id = ?`, [event.data.id]);
          break;
        default: {
          const unexpected: never = event;
          throw new Error(`content items: unexpected event ${JSON.stringify(unexpected)}`);
        }
      }
    }
  },
});
