/** The landing pages' words (ui/pages/landingPage.tsx), nl-BE. */
import type { LandingMessages } from './fr.ts';

export const nlBELanding: LandingMessages = {
  formTitle: 'Teruggebeld worden',
  formIntro: 'Laat uw gegevens achter: een adviseur antwoordt zo snel mogelijk.',
  brochure: 'Brochure downloaden',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} op voorraad',
  seeAll: 'Alle {{brand}} bekijken',
  dealer: 'Uw concessie',
  dealerLink: 'Naar de concessie',
};
