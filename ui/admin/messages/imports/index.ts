/** The stock imports' words by locale, for the server (the dealers export's headers); the app reads them through messages/index.ts. */
import type { Locale } from '../../../../domain/markets.ts';
import { atImports } from './at.ts';
import { deImports } from './de.ts';
import { esImports } from './es.ts';
import { frImports, type ImportMessages } from './fr.ts';
import { frBEImports } from './fr-BE.ts';
import { itImports } from './it.ts';
import { nlBEImports } from './nl-BE.ts';
import { plImports } from './pl.ts';
import { ptImports } from './pt.ts';

export const IMPORT_MESSAGES: Readonly<Record<Locale, ImportMessages>> = {
  at: atImports,
  de: deImports,
  es: esImports,
  fr: frImports,
  'fr-BE': frBEImports,
  it: itImports,
  'nl-BE': nlBEImports,
  pl: plImports,
  pt: ptImports,
};
