/** French (Belgium) words of the content and account pages: GSM, numéro d’entreprise, contrôle technique. */

import { frPages } from './fr.ts';
import type { PageMessages } from './PageMessages.ts';

export const frBEPages: PageMessages = {
  ...frPages,
  contact: { ...frPages.contact, phone: 'Téléphone / GSM' },
  b2b: {
    ...frPages.b2b,
    vatNumber: 'Numéro d’entreprise (TVA)',
    benefit1Text:
      'Remises selon le volume et factures au nom de votre société, TVA détaillée, voitures de société.',
  },
  aftersales: {
    ...frPages.aftersales,
    inspectionText:
      'Nous préparons votre voiture, la conduisons au contrôle technique et nous occupons de la revisite si nécessaire.',
  },
};
