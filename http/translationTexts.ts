/**
 * The words of the site as staff changed them (domain/content/README.md "Translations"): the shipped
 * dictionaries flattened by key (`shippedTexts`, for the decider and the editor), and the overrides in
 * force per locale and dictionary, kept in memory until the overrides projection moves
 * (`createTranslationCache`, cleared by createServices on its batches, in every instance) and at most a
 * minute (should an announcement be lost).
 */
import { flattenMessages } from '../domain/content/translations/messageTree.ts';
import type { TranslationDomain } from '../domain/content/translations/translationOverrides.ts';
import type { Locale } from '../domain/markets.ts';
import type { ShippedTexts } from '../engine/content/translations.ts';
import type { TranslationQueries } from '../projections/content/translationQueries.ts';
import { loadAdminMessages } from '../ui/admin/messages/index.ts';
import { loadDictionary } from '../ui/i18n/dictionaries.ts';

const shipped = new Map<string, Promise<Readonly<Record<string, string>>>>();

/** A dictionary as it ships, by key (read once per locale and dictionary). */
export const shippedTexts: ShippedTexts = (locale, domain) => {
  const id = `${locale}/${domain}`;
  let texts = shipped.get(id);
  if (!texts) {
    texts = (domain === 'storefront' ? loadDictionary(locale) : loadAdminMessages(locale)).then((tree) =>
      Object.freeze(flattenMessages(tree)),
    );
    shipped.set(id, texts);
  }
  return texts;
};

export interface TranslationCache {
  /** The overrides in force: key → text (none: {}). */
  overrides(locale: Locale, domain: TranslationDomain): Promise<Readonly<Record<string, string>>>;
  clear(): void;
}

export function createTranslationCache(
  queries: Pick<TranslationQueries, 'overrides'>,
  options: { readonly ttlMs?: number; readonly now?: () => number } = {},
): TranslationCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const kept = new Map<string, { at: number; found: Promise<Readonly<Record<string, string>>> }>();
  return {
    overrides(locale, domain) {
      const id = `${locale}/${domain}`;
      const entry = kept.get(id);
      if (entry && now() - entry.at < ttlMs) return entry.found;
      const found = queries.overrides(locale, domain).then(Object.freeze);
      // A failed read is not kept: the next page asks again.
      found.catch(() => kept.delete(id));
      kept.set(id, { at: now(), found });
      return found;
    },
    clear: () => kept.clear(),
  };
}
