/** The purchase screens' words, German (Austria): the German words with Austria's own terms. */
import { dePurchase } from './de.ts';
import type { PurchaseMessages } from './fr.ts';

export const atPurchase: PurchaseMessages = {
  ...dePurchase,
  infos: { ...dePurchase.infos, vatNumber: 'UID-Nummer' },
  delivery: {
    ...dePurchase.delivery,
    home: 'Zustellung nach Hause',
    notDeliverable: 'Keine Zustellung nach Hause an diese Adresse möglich.',
  },
};
