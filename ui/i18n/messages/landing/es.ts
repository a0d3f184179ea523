/** The landing pages' words (ui/pages/landingPage.tsx), es. */
import type { LandingMessages } from './fr.ts';

export const esLanding: LandingMessages = {
  formTitle: 'Quiero que me llamen',
  formIntro: 'Déjenos sus datos: un asesor le responderá lo antes posible.',
  brochure: 'Descargar el folleto',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} en stock',
  seeAll: 'Ver todos los {{brand}}',
  dealer: 'Su concesionario',
  dealerLink: 'Ver el concesionario',
};
