/** "Sell your car"'s words, French (Belgium). */
import { frValuation, type ValuationMessages } from './fr.ts';

export const frBEValuation: ValuationMessages = {
  ...frValuation,
  year: 'Année de première immatriculation',
};
