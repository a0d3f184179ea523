/** The page URL of a dealer (`dealer_detail`: `/{dealers}/{slug}-{idApi}`) and of its hub. */
import type { Locale } from '../../domain/markets.ts';
import { urlFor } from './urlFor.ts';

/** The path of a dealer's page, or undefined if its slug cannot make one. */
export function dealerUrl(
  dealer: { readonly dealerId: string; readonly slug: string },
  locale: Locale,
): string | undefined {
  try {
    return urlFor('dealer_detail', locale, { slug: dealer.slug, idApi: dealer.dealerId });
  } catch {
    return undefined;
  }
}

/** The path of a hub's page, or undefined if the hub name cannot make one. */
export function hubUrl(hub: string, locale: Locale): string | undefined {
  try {
    return urlFor('dealer_hub', locale, { nameHub: hub });
  } catch {
    return undefined;
  }
}

const PARTICLES = new Set([
  'd',
  'de',
  'del',
  'der',
  'di',
  'do',
  'du',
  'la',
  'le',
  'les',
  'et',
  'y',
  'e',
  'am',
  'im',
  'an',
]);

/** A hub's display name from its slug (`cote-d-azur` → `Cote d Azur`, `rhone-alpes` → `Rhone Alpes`). */
export function hubName(hub: string): string {
  return hub
    .split('-')
    .map((word, i) => (i > 0 && PARTICLES.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
