/** The landing pages' words (ui/pages/landingPage.tsx), French: the reference whose shape every locale matches. */

export const frLanding = {
  formTitle: 'Être recontacté',
  formIntro: 'Laissez-nous vos coordonnées : un conseiller vous répond au plus vite.',
  brochure: 'Télécharger la brochure',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} en stock',
  seeAll: 'Voir toutes les {{brand}}',
  dealer: 'Votre concession',
  dealerLink: 'Voir la concession',
};

export type LandingMessages = typeof frLanding;
