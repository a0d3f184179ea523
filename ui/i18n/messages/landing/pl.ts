/** The landing pages' words (ui/pages/landingPage.tsx), pl. */
import type { LandingMessages } from './fr.ts';

export const plLanding: LandingMessages = {
  formTitle: 'Poproś o kontakt',
  formIntro: 'Zostaw nam swoje dane: doradca odpowie najszybciej, jak to możliwe.',
  brochure: 'Pobierz broszurę',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} dostępne od ręki',
  seeAll: 'Zobacz wszystkie {{brand}}',
  dealer: 'Twój salon',
  dealerLink: 'Przejdź do salonu',
};
