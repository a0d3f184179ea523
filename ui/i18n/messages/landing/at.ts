/** The landing pages' words (ui/pages/landingPage.tsx), at. */
import type { LandingMessages } from './fr.ts';

export const atLanding: LandingMessages = {
  formTitle: 'Rückruf anfordern',
  formIntro: 'Hinterlassen Sie uns Ihre Kontaktdaten: Ein Berater meldet sich schnellstmöglich.',
  brochure: 'Broschüre herunterladen',
  brochureSize: 'PDF, {{size}}',
  cars: '{{brand}} lagernd',
  seeAll: 'Alle {{brand}} ansehen',
  dealer: 'Ihr Autohaus',
  dealerLink: 'Zum Autohaus',
};
