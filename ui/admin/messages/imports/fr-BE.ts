/** The back office's stock imports page and dealers export, Belgian French. */
import { frImports, type ImportMessages } from './fr.ts';

export const frBEImports: ImportMessages = {
  ...frImports,
  dealersSheet: { ...frImports.dealersSheet, postcode: 'Code postal', dealerId: 'N° de concession' },
};
