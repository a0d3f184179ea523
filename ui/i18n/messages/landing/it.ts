/** The landing pages' words (ui/pages/landingPage.tsx), it. */
import type { LandingMessages } from './fr.ts';

export const itLanding: LandingMessages = {
  formTitle: 'Essere ricontattato',
  formIntro: 'Lasciateci i vostri dati: un consulente vi risponderà al più presto.',
  brochure: 'Scarica la brochure',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} disponibili',
  seeAll: 'Vedi tutte le {{brand}}',
  dealer: 'La tua concessionaria',
  dealerLink: 'Vai alla concessionaria',
};
