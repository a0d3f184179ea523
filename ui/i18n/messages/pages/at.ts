/** German (Austria) words of the content and account pages: the Pickerl, the UID number, "Service". */

import { dePages } from './de.ts';
import type { PageMessages } from './PageMessages.ts';

export const atPages: PageMessages = {
  ...dePages,
  blog: {
    ...dePages.blog,
    categoryIntro: {
      ...dePages.blog.categoryIntro,
      maintenance: 'Reifen, Service, Pickerl: So bleibt Ihr Auto in Form.',
    },
  },
  b2b: { ...dePages.b2b, vatNumber: 'UID-Nummer' },
  aftersales: {
    ...dePages.aftersales,
    description:
      'Service nach Herstellervorgaben, Garantie, Reifen, Karosserie und Pickerl-Überprüfung in unseren Werkstätten. Vereinbaren Sie einen Termin am Standort.',
    service1Title: 'Service und Wartung',
    service1Text:
      'Service nach Herstellerplan, Originalteile, gestempeltes Serviceheft und erhaltene Garantie.',
    inspectionTitle: 'Pickerl-Überprüfung',
    inspectionText:
      'Wir führen die wiederkehrende Begutachtung nach § 57a durch und beheben eventuelle Mängel gleich mit.',
  },
};
