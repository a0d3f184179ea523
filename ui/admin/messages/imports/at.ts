/** The back office's stock imports page and dealers export, Austrian German. */
import { deImports } from './de.ts';
import type { ImportMessages } from './fr.ts';

export const atImports: ImportMessages = {
  ...deImports,
  month: 'Importe im {{month}}',
  dealersSheet: { ...deImports.dealersSheet, open: 'Offen' },
};
