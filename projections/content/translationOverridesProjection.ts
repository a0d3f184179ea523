/**
 * The translations staff changed (domain/content/translations): one row per overridden key, with its
 * text, version and who changed it last; a restored key keeps its row with no text, so its version
 * (what an editor's next change must name) and history stay readable. Read by translationQueries.ts.
 */
import {
  TRANSLATION_EVENT_TYPES,
  type TranslationEvent,
} from '../../domain/content/translations/translationOverrides.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';

export const translationOverridesProjection = defineProjection({
  name: 'translation_overrides',
  version: 1,
  eventTypes: [...TRANSLATION_EVENT_TYPES],
  tables: {
    translation_overrides: (t) => {
      t.text('locale').notNullable();
      t.text('domain').notNullable();
      t.text('key').notNullable();
      t.text('text');
      t.integer('version').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.jsonb('updated_by');
      t.primary(['locale', 'domain', 'key']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as unknown as TranslationEvent;
      const { locale, domain, key } = event.data;
      let text: string | null;
      switch (event.type) {
        case 'TranslationOverridden':
          text = event.data.text;
          break;
        case 'TranslationOverrideRemoved':
          text = null;
          break;
        default: {
          const unexpected: never = event;
          throw new Error(`translation overrides: unexpected event ${JSON.stringify(unexpected)}`);
        }
      }
      const actor = recorded.metadata.actor ?? null;
      await trx.raw(
        `INSERT INTO ${table('translation_overrides')} AS t (locale, domain, key, text, version, updated_at, updated_by)
         VALUES (?, ?, ?, ?, 1, ?, ?::jsonb)
         ON CONFLICT (locale, domain, key) DO UPDATE
           SET text = EXCLUDED.text, version = t.version + 1, updated_at = EXCLUDED.updated_at,
               updated_by = EXCLUDED.updated_by`,
        [locale, domain, key, text, recorded.created, actor === null ? null : JSON.stringify(actor)],
      );
    }
  },
});
