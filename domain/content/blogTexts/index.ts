/** The blog's words of every locale: no locale falls back to another (the unit test checks each is complete). */
import type { Locale } from '../../markets.ts';
import type { BlogTexts } from './BlogText.ts';
import { at, de } from './de.ts';
import { es } from './es.ts';
import { fr, frBE } from './fr.ts';
import { it } from './it.ts';
import { nlBE } from './nl.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';

export const BLOG_TEXTS: Readonly<Record<Locale, BlogTexts>> = {
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
