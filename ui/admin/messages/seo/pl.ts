/** The back office's words of the SEO content kinds and the CMS core's checks, Polish. */
import type { SeoAdminMessages } from './fr.ts';

export const plSeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Gamy modeli (strony marki i modelu)',
    facet: 'Strony filtrów',
    seo_promo: 'Tekst SEO promocji',
    link_facet: 'Linki SEO w stopce',
  },
  fields: {
    brand: 'Marka (slug, np. toyota)',
    slug: 'Slug (model w adresie, np. yaris)',
    intro: 'Wstęp',
    path: 'Ścieżka strony (np. /pl/kup/bmw/diesel)',
    description: 'Opis dla wyszukiwarek',
    h1: 'Tytuł strony (h1)',
    indexable: 'Indeksowana przez wyszukiwarki',
    links: 'Linki: jedna grupa na blok, jej tytuł, potem „etykieta | ścieżka” w każdym wierszu',
  },
  yesNo: { yes: 'Tak', no: 'Nie' },
  free: 'Dostępny.',
  checking: 'Sprawdzanie…',
  checkTitle: 'Sprawdź stronę',
  checkRun: 'Sprawdź',
  rangeOk: 'Strona {{page}}: używane: {{used}}, nowe: {{new}}.',
  rangeUnknown: 'Marka lub model nieznane w katalogu.',
  facetOk: 'Strona {{path}}: samochody: {{count}}.',
  facetInvalid: 'Ścieżka odrzucona: {{problem}}',
  openPage: 'Otwórz stronę',
};
