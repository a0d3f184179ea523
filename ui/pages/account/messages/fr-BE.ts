/** The account area's words, French (Belgium): the French words with Belgium's own terms. */
import { type AccountMessages, frAccount } from './fr.ts';

export const frBEAccount: AccountMessages = {
  ...frAccount,
  cars: { ...frAccount.cars, plate: 'Plaque d’immatriculation', mileage: 'Kilométrage (km)' },
};
