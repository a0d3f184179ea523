/** The account area's words, German (Austria): the German words with Austria's own terms. */
import { deAccount } from './de.ts';
import type { AccountMessages } from './fr.ts';

export const atAccount: AccountMessages = {
  ...deAccount,
  header: { ...deAccount.header, greeting: 'Grüß Gott, {{name}}' },
  cars: { ...deAccount.cars, year: 'Baujahr', plate: 'Kennzeichen' },
  funnels: { ...deAccount.funnels, balance: 'Bei Übergabe zu bezahlen', monthly: 'Monatsrate' },
  timeline: { ...deAccount.timeline, homeDelivery: 'Zustellung nach Hause gewählt ({{amount}})' },
};
