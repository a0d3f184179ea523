/**
 * Text → URL slug (domain/content/README.md "The CMS core: slugs and validation"): ASCII lower-case
 * letters, digits and single hyphens, letters transliterated as the locale's language writes them
 * (German `ä` → `ae`, Polish `ł` → `l`, `ß` → `ss`), at most {@link SLUG_MAX} characters.
 */
import { z } from 'zod';
import type { Locale } from '../../markets.ts';

export const SLUG_MAX = 80;
/** A slug as the SPEC's `slug` parameter takes it (word characters or hyphens), in our spelling. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A kind's `slug` field: a kind whose schema (a `z.object`, refinements allowed) has a field named `slug`
 * gets the CMS core's uniqueness per kind and locale (contentKinds.ts `uniqueKeyOf`).
 */
export const slugField = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(SLUG_MAX, `at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, 'lower-case letters, digits and single hyphens (a-z, 0-9, -)');

/** Letters no accent stripping spells: every language. */
const COMMON: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '&': ' ',
  '@': ' ',
};
/** German (de, at) writes umlauts out; the other languages drop the accent (`ü` → `u`). */
const GERMAN: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

export function slugify(text: string, locale: Locale): string {
  const german = locale === 'de' || locale === 'at';
  let out = '';
  for (const char of text.toLowerCase()) {
    out += (german ? GERMAN[char] : undefined) ?? COMMON[char] ?? char;
  }
  const ascii = out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // An apostrophe joins (l’auto → l-auto reads better than lauto in French and Italian).
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= SLUG_MAX) return ascii;
  const cut = ascii.slice(0, SLUG_MAX + 1);
  const at = cut.lastIndexOf('-');
  return (at > 0 ? cut.slice(0, at) : ascii.slice(0, SLUG_MAX)).replace(/-+$/, '');
}
