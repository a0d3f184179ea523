/** The landing pages' words (ui/pages/landingPage.tsx), pt. */
import type { LandingMessages } from './fr.ts';

export const ptLanding: LandingMessages = {
  formTitle: 'Ser contactado',
  formIntro: 'Deixe-nos os seus dados: um consultor responde-lhe o mais depressa possível.',
  brochure: 'Descarregar a brochura',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} em stock',
  seeAll: 'Ver todos os {{brand}}',
  dealer: 'O seu concessionário',
  dealerLink: 'Ver o concessionário',
};
