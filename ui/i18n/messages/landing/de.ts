/** The landing pages' words (ui/pages/landingPage.tsx), de. */
import type { LandingMessages } from './fr.ts';

export const deLanding: LandingMessages = {
  formTitle: 'Rückruf anfordern',
  formIntro: 'Hinterlassen Sie uns Ihre Kontaktdaten: Ein Berater meldet sich schnellstmöglich.',
  brochure: 'Broschüre herunterladen',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} auf Lager',
  seeAll: 'Alle {{brand}} ansehen',
  dealer: 'Ihr Autohaus',
  dealerLink: 'Zum Autohaus',
};
