/** The landing pages' words (ui/pages/landingPage.tsx), fr-BE. */
import type { LandingMessages } from './fr.ts';

export const frBELanding: LandingMessages = {
  formTitle: 'Être recontacté',
  formIntro: 'Laissez-nous vos coordonnées : un conseiller vous répond au plus vite.',
  brochure: 'Télécharger la brochure',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} en stock',
  seeAll: 'Voir toutes les {{brand}}',
  dealer: 'Votre concession',
  dealerLink: 'Voir la concession',
};
