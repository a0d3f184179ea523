/** "Sell your car"'s words, German (Austria). */
import { deValuation } from './de.ts';
import type { ValuationMessages } from './fr.ts';

export const atValuation: ValuationMessages = {
  ...deValuation,
  inspectionText: 'Ein Berater prüft Ihr Auto beim Händler und bestätigt das Angebot.',
  inspection: 'Termin beim Händler vereinbaren',
};
