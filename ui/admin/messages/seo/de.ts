/** The back office's words of the SEO content kinds and the CMS core's checks, German. */
import type { SeoAdminMessages } from './fr.ts';

export const deSeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Modellreihen (Marken- und Modellseiten)',
    facet: 'Facettenseiten',
    seo_promo: 'SEO-Text der Angebote',
    link_facet: 'SEO-Links der Fußzeile',
  },
  fields: {
    brand: 'Marke (Slug, z. B. toyota)',
    slug: 'Slug (das Modell in der URL, z. B. yaris)',
    intro: 'Einleitung',
    path: 'Pfad der Seite (z. B. /de/kaufen/bmw/diesel)',
    description: 'Beschreibung für Suchmaschinen',
    h1: 'Seitentitel (h1)',
    indexable: 'Von Suchmaschinen indexiert',
    links: 'Links: eine Gruppe je Block, ihr Titel, dann „Bezeichnung | Pfad“ je Zeile',
  },
  yesNo: { yes: 'Ja', no: 'Nein' },
  free: 'Verfügbar.',
  checking: 'Wird geprüft…',
  checkTitle: 'Seite prüfen',
  checkRun: 'Prüfen',
  rangeOk: 'Seite {{page}}: {{used}} Gebrauchtwagen und {{new}} Neuwagen.',
  rangeUnknown: 'Marke oder Modell ist im Katalog unbekannt.',
  facetOk: 'Seite {{path}}: {{count}} Autos.',
  facetInvalid: 'Pfad abgelehnt: {{problem}}',
  openPage: 'Seite öffnen',
};
