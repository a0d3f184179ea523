/** Every locale's dictionary. No locale falls back to another: each one is complete (see the unit test). */
import type { Locale } from '../../domain/markets.ts';
import type { Messages } from './Messages.ts';
import { at } from './messages/at.ts';
import { de } from './messages/de.ts';
import { es } from './messages/es.ts';
import { fr } from './messages/fr.ts';
import { frBE } from './messages/fr-BE.ts';
import { it } from './messages/it.ts';
import { nlBE } from './messages/nl-BE.ts';
import { pl } from './messages/pl.ts';
import { pt } from './messages/pt.ts';

/** The dictionary of each locale. */
export const DICTIONARIES: Readonly<Record<Locale, Messages>> = {
  at,
  de,
  es,
  fr,
  'fr-BE': frBE,
  it,
  'nl-BE': nlBE,
  pl,
  pt,
};
