/**
 * The words staff changed, on top of the shipped dictionaries (domain/content/README.md "Translations").
 * The server applies a locale's overrides before each render and writes them into the page as a JSON data
 * block; the browser applies that block before hydrating, and fetches another locale's on navigating to it.
 */
import type { Locale } from '../../domain/markets.ts';

export type Overrides = Readonly<Record<string, string>>;

export const OVERRIDES_ELEMENT_ID = 'i18n-overrides';

const applied = new Map<Locale, Overrides>();
const listeners = new Set<(locale: Locale) => void>();

const same = (a: Overrides, b: Overrides) => {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key])
  );
};

/** Sets a locale's overrides; the translators made afterwards use them. */
export function applyTranslationOverrides(locale: Locale, overrides: Overrides): void {
  const before = applied.get(locale);
  if (before && same(before, overrides)) return;
  applied.set(locale, overrides);
  for (const listener of listeners) listener(locale);
}

/** A locale's overrides as applied ({} when none), and whether any were applied yet. */
export function appliedOverrides(locale: Locale): Overrides {
  return applied.get(locale) ?? {};
}
export const hasOverrides = (locale: Locale) => applied.has(locale);

/** Called with the locale whose overrides changed (the translators' cache listens). */
export function onOverridesChange(listener: (locale: Locale) => void): void {
  listeners.add(listener);
}

/** The data block the server writes into the page: `<` escaped, so no text can close the element. */
export function overridesBlock(locale: Locale, overrides: Overrides): string {
  const json = JSON.stringify({ locale, overrides }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${OVERRIDES_ELEMENT_ID}">${json}</script>`;
}

/** In the browser: applies the page's data block, if any. */
export function applyEmbeddedOverrides(): void {
  const element = document.getElementById(OVERRIDES_ELEMENT_ID);
  if (!element?.textContent) return;
  const { locale, overrides } = JSON.parse(element.textContent) as { locale: Locale; overrides: Overrides };
  applyTranslationOverrides(locale, overrides);
}

/** In the browser: fetches and applies a locale's overrides the page did not carry (failure: none). */
export async function loadOverrides(locale: Locale): Promise<void> {
  if (typeof window === 'undefined' || hasOverrides(locale)) return;
  try {
    const response = await fetch(`/api/i18n/${locale}/storefront`, {
      headers: { accept: 'application/json' },
    });
    applyTranslationOverrides(locale, response.ok ? ((await response.json()) as Overrides) : {});
  } catch {
    // Offline or refused: the shipped words, until the next page load.
  }
}
