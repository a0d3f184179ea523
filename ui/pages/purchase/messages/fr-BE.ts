/**
 * The purchase screens' words, French (Belgium): the French words with Belgium's own terms and the
 * credit warning Belgian law requires.
 */
import { frPurchase, type PurchaseMessages } from './fr.ts';

export const frBEPurchase: PurchaseMessages = {
  ...frPurchase,
  insurance: {
    ...frPurchase.insurance,
    names: {
      'third-party': 'Responsabilité civile (RC auto)',
      'third-party-fire-theft': 'RC avec vol et incendie (mini-omnium)',
      comprehensive: 'Omnium complète',
    },
  },
  infos: {
    ...frPurchase.infos,
    phone: 'Téléphone / GSM',
    vatNumber: 'Numéro d’entreprise (TVA)',
    city: 'Localité',
  },
  funding: {
    ...frPurchase.funding,
    representative:
      'Exemple représentatif, sous réserve d’acceptation par notre partenaire. Attention, emprunter de l’argent coûte aussi de l’argent.',
  },
};
