/**
 * Staff's changes to the shipped words (domain/content/README.md "Translations"): one stream per locale
 * and dictionary (`translations-<locale>-<domain>`), an override per message key on top of the shipped
 * text. Pure: the shipped text of the key comes in with the command.
 */
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { LOCALES } from '../../markets.ts';

const localeSchema = z.enum(LOCALES);

/** The dictionaries staff can change: the storefront's (ui/i18n) and the back office's (ui/admin). */
export const TRANSLATION_DOMAINS = ['storefront', 'backoffice'] as const;
export const translationDomainSchema = z.enum(TRANSLATION_DOMAINS);
export type TranslationDomain = z.infer<typeof translationDomainSchema>;

/** A message key: dot-separated names (`nav.used`, `list.results.other`). */
export const translationKeySchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w-]+(\.[\w-]+)*$/, 'dot-separated names of letters, digits, _ or -');

/** The longest override (the longest shipped message is about 600 characters). */
export const MAX_TRANSLATION_LENGTH = 4000;

const eventBase = { locale: localeSchema, domain: translationDomainSchema, key: translationKeySchema };
export const translationEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TranslationOverridden'),
    data: z.object({ ...eventBase, text: z.string().min(1).max(MAX_TRANSLATION_LENGTH) }),
  }),
  z.object({ type: z.literal('TranslationOverrideRemoved'), data: z.object(eventBase) }),
]);
export type TranslationEvent = z.infer<typeof translationEventSchema>;
export const TRANSLATION_EVENT_TYPES = ['TranslationOverridden', 'TranslationOverrideRemoved'] as const;

export const translationsStream = (locale: string, domain: TranslationDomain) =>
  `translations-${locale}-${domain}`;

/** A key's override now (`text` null: the shipped text again) and how many times it changed. */
export interface KeyState {
  readonly text: string | null;
  readonly version: number;
}
export interface TranslationsState {
  readonly keys: Readonly<Record<string, KeyState>>;
}
export const initialTranslationsState: TranslationsState = { keys: {} };

/** A key's version in `state`: 0 while it was never changed. */
export const versionOf = (state: TranslationsState, key: string) =>
  Object.hasOwn(state.keys, key) ? state.keys[key]!.version : 0;

export function evolveTranslations(state: TranslationsState, event: TranslationEvent): TranslationsState {
  const { key } = event.data;
  const version = versionOf(state, key) + 1;
  switch (event.type) {
    case 'TranslationOverridden':
      return { keys: { ...state.keys, [key]: { text: event.data.text, version } } };
    case 'TranslationOverrideRemoved':
      return { keys: { ...state.keys, [key]: { text: null, version } } };
    default: {
      const never: never = event;
      throw new Error(`unknown translation event ${JSON.stringify(never)}`);
    }
  }
}

/** The `{{name}}` parameters a message uses, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

/** One key's change: a new text, or `null` to go back to the shipped text. */
export interface TranslationChange {
  readonly key: string;
  readonly text: string | null;
  /** The key's version the editor saw; a later change by someone else is a conflict. Absent: no check. */
  readonly expectedVersion?: number | undefined;
  /** The shipped text of the key in this locale (outside fact); undefined: the dictionary has no such key. */
  readonly shipped: string | undefined;
}

export interface ChangeTranslations {
  readonly locale: z.infer<typeof localeSchema>;
  readonly domain: TranslationDomain;
  readonly changes: readonly TranslationChange[];
}

/**
 * The events of a batch of changes (one from the editor, many from an imported file), all or none: an
 * unknown key is a 404, a text that drops or adds a `{{parameter}}` of the shipped text or is empty a
 * 400 by field (`text`, or the key in a batch), a key changed since `expectedVersion` a 409 with its text
 * and version now. A change to what the key already shows decides nothing (a retry is harmless).
 */
export function decideTranslations(
  state: TranslationsState,
  command: ChangeTranslations,
): TranslationEvent[] {
  const { locale, domain } = command;
  const single = command.changes.length === 1;
  const events: TranslationEvent[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const change of command.changes) {
    const { key, shipped } = change;
    const field = single ? 'text' : key;
    if (shipped === undefined) {
      if (single) throw new NotFoundError(`no message ${key} in the ${domain} dictionary`, { key });
      fieldErrors[key] = ['no such message in this dictionary'];
      continue;
    }
    const now = Object.hasOwn(state.keys, key) ? state.keys[key]! : undefined;
    if (change.expectedVersion !== undefined && change.expectedVersion !== (now?.version ?? 0)) {
      throw new ConflictError(`${key} was changed by someone else`, {
        key,
        version: now?.version ?? 0,
        text: now?.text ?? shipped,
        overridden: now?.text != null,
      });
    }
    const current = now?.text ?? null;
    const wanted = change.text === null || change.text === shipped ? null : change.text;
    if (wanted === current) continue;
    if (wanted === null) {
      events.push({ type: 'TranslationOverrideRemoved', data: { locale, domain, key } });
      continue;
    }
    if (wanted.trim() === '') {
      fieldErrors[field] = ['is empty: write the text, or restore the shipped one'];
      continue;
    }
    if (wanted.length > MAX_TRANSLATION_LENGTH) {
      fieldErrors[field] = [`is longer than ${MAX_TRANSLATION_LENGTH} characters`];
      continue;
    }
    const need = placeholdersOf(shipped).join(', ');
    const got = placeholdersOf(wanted).join(', ');
    if (need !== got) {
      fieldErrors[field] = [
        need
          ? `must use exactly the parameters {{${placeholdersOf(shipped).join('}}, {{')}}} (it has: ${got || 'none'})`
          : 'must not use {{parameters}}: the shipped text has none',
      ];
      continue;
    }
    events.push({ type: 'TranslationOverridden', data: { locale, domain, key, text: wanted } });
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new ValidationError('the translation was refused', fieldErrors);
  return events;
}
