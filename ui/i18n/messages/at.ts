/**
 * German (Austria): the German dictionary with Austria's own terms where they differ (USt. rather than
 * MwSt., NoVA in the prices, the Pickerl, deliveries across Austria). Dates say "Jänner" by themselves
 * (`Intl` with de-AT).
 */

import type { Messages } from '../Messages.ts';
import { atBlogContent } from './blog/at.ts';
import { de } from './de.ts';
import { atLanding } from './landing/at.ts';
import { atPages } from './pages/at.ts';
import { atSeo } from './seo/at.ts';

export const at: Messages = {
  ...de,
  site: { ...de.site, tagline: 'Neu- und Gebrauchtwagen online kaufen – in ganz Österreich' },
  footer: {
    ...de.footer,
    about:
      'Geprüfte Neu- und Gebrauchtwagen mit gültigem Pickerl, kostenlos online reservieren und an einem unserer Standorte abholen.',
    prices: 'Preise inkl. USt. und NoVA, zzgl. Zulassungskosten.',
  },
  home: {
    ...de.home,
    description:
      'Kaufen Sie Ihr neues oder gebrauchtes Auto online: Tausende geprüfte Fahrzeuge, kostenlose Reservierung und Lieferung in ganz Österreich.',
    usp2Text: 'Jedes Auto wird an über 100 Punkten geprüft und hat ein gültiges Pickerl.',
    usp3Title: 'Lieferung in ganz Österreich',
    usp3Text: 'Abholung am Standort oder Zustellung bis vor die Haustür.',
  },
  car: {
    ...de.car,
    vatIncluded: 'inkl. USt.',
    bookHint: 'Kostenlose und unverbindliche Reservierung für {{hours}} – ganz ohne Anzahlung.',
  },
  money: { ...de.money, postcodeHint: '4 Ziffern, z. B. 1010' },
  dealers: {
    ...de.dealers,
    intro: 'Schauen Sie sich unsere Autos an, machen Sie eine Probefahrt oder holen Sie Ihr Auto ab.',
  },
  recovery: {
    ...de.recovery,
    intro:
      'Kostenlose Bewertung, verbindliches Angebot, rasche Auszahlung: So einfach war der Autoverkauf noch nie.',
    step3Text: 'Rasche Überweisung oder direkte Anrechnung auf Ihr nächstes Auto.',
  },
  landing: atLanding,
  ...atPages,
  blogContent: atBlogContent,
  ...atSeo,
};
