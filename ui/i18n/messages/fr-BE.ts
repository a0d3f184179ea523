/**
 * French (Belgium): the French dictionary with Belgium's usage where it differs (prices TVAC, GSM,
 * "seconde main", "en ordre", deliveries across Belgium).
 */

import type { Messages } from '../Messages.ts';
import { frBEBlogContent } from './blog/fr-BE.ts';
import { fr } from './fr.ts';
import { frBELanding } from './landing/fr-BE.ts';
import { frBEPages } from './pages/fr-BE.ts';
import { frBESeo } from './seo/fr-BE.ts';

export const frBE: Messages = {
  ...fr,
  footer: { ...fr.footer, prices: 'Prix TVAC, hors frais d’immatriculation.' },
  home: {
    ...fr.home,
    description:
      'Achetez votre voiture neuve ou de seconde main en ligne : des milliers de véhicules contrôlés, réservation gratuite et livraison partout en Belgique.',
    usp2Text: 'Chaque véhicule est contrôlé sur plus de 100 points, contrôle technique en ordre.',
    usp3Title: 'Livraison dans toute la Belgique',
    usp3Text: 'Retrait en concession ou livraison à domicile, de la côte aux Ardennes.',
  },
  list: {
    ...fr.list,
    descriptionUsed:
      'Voitures d’occasion {{filters}} : comparez prix, kilométrage et équipements de nos véhicules de seconde main, puis réservez gratuitement en ligne.',
  },
  car: {
    ...fr.car,
    spec: { ...fr.car.spec, firstRegistration: 'Première immatriculation' },
    vatIncluded: 'TVAC',
    metaDescription:
      '{{name}}, {{year}}, {{mileage}}, {{fuel}}, boîte {{gearbox}} : {{price}} TVAC. Réservation gratuite en ligne chez {{dealer}}.',
  },
  money: {
    ...fr.money,
    warning: 'Attention, emprunter de l’argent coûte aussi de l’argent.',
    postcodeHint: '4 chiffres, par ex. 1000',
  },
  dealers: { ...fr.dealers, phone: 'Téléphone / GSM' },
  faq: {
    ...fr.faq,
    a4: 'Un conseiller vous recontacte pour organiser un essai, la reprise de votre véhicule et le financement.',
  },
  landing: frBELanding,
  ...frBEPages,
  blogContent: frBEBlogContent,
  ...frBESeo,
};
