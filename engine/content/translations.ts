/**
 * Staff's changes to the shipped words (domain/content/README.md "Translations"): one command per save,
 * restore or imported file, on the stream of the locale's dictionary. The shipped texts come from the
 * caller (`shipped`: the dictionaries live in ui/). A conflict on the stream is retried by the command
 * handler; a key someone else changed since the editor read it is a 409 (the decider), and a save of
 * what the key already says appends nothing, so a retried request is harmless.
 */
import {
  type ChangeTranslations,
  decideTranslations,
  evolveTranslations,
  initialTranslationsState,
  type TranslationDomain,
  type TranslationEvent,
  type TranslationsState,
  translationsStream,
  versionOf,
} from '../../domain/content/translations/translationOverrides.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { Locale } from '../../domain/markets.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { type Evolver, handleCommand } from '../handleCommand.ts';

/** The shipped texts of a dictionary by key (`nav.used` → text). */
export type ShippedTexts = (
  locale: Locale,
  domain: TranslationDomain,
) => Promise<Readonly<Record<string, string>>>;

export interface TranslationEdit {
  readonly key: string;
  /** null: back to the shipped text. */
  readonly text: string | null;
  readonly expectedVersion?: number | undefined;
}

export interface TranslationsResult {
  readonly events: readonly TranslationEvent[];
  /** Each changed key's version now. */
  readonly versions: Readonly<Record<string, number>>;
}

export interface Translations {
  change(
    locale: Locale,
    domain: TranslationDomain,
    edits: readonly TranslationEdit[],
    actor: Actor,
  ): Promise<TranslationsResult>;
}

const evolver: Evolver<TranslationsState, TranslationEvent> = {
  initialState: initialTranslationsState,
  evolve: evolveTranslations,
};

export function createTranslations(options: {
  readonly store: EventStore;
  readonly shipped: ShippedTexts;
  readonly newId: () => string;
}): Translations {
  return {
    async change(locale, domain, edits, actor) {
      const shipped = await options.shipped(locale, domain);
      const command: ChangeTranslations = {
        locale,
        domain,
        changes: edits.map((edit) => ({
          ...edit,
          shipped: Object.hasOwn(shipped, edit.key) ? shipped[edit.key] : undefined,
        })),
      };
      const result = await handleCommand(
        options.store,
        translationsStream(locale, domain),
        evolver,
        (state) => decideTranslations(state, command),
        { newId: options.newId, metadata: { actor: actor as unknown as JsonObject } },
      );
      const versions = Object.fromEntries(
        edits.map((edit) => [edit.key, versionOf(result.stream.state, edit.key)]),
      );
      return { events: result.events, versions };
    },
  };
}
