/** The back office's words of the SEO content kinds and the CMS core's checks, Italian. */
import type { SeoAdminMessages } from './fr.ts';

export const itSeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Gamme (pagine marca e modello)',
    facet: 'Pagine di filtri',
    seo_promo: 'Testo SEO delle promozioni',
    link_facet: 'Link SEO del piè di pagina',
  },
  fields: {
    brand: 'Marca (slug, ad es. toyota)',
    slug: 'Slug (il modello nell’URL, ad es. yaris)',
    intro: 'Introduzione',
    path: 'Percorso della pagina (ad es. /it/ricerca-auto/bmw/diesel)',
    description: 'Descrizione per i motori di ricerca',
    h1: 'Titolo della pagina (h1)',
    indexable: 'Indicizzata dai motori di ricerca',
    links: 'Link: un gruppo per blocco, il suo titolo e poi «testo | percorso» per riga',
  },
  yesNo: { yes: 'Sì', no: 'No' },
  free: 'Disponibile.',
  checking: 'Verifica in corso…',
  checkTitle: 'Verifica la pagina',
  checkRun: 'Verifica',
  rangeOk: 'Pagina {{page}}: {{used}} auto usate e {{new}} nuove.',
  rangeUnknown: 'Marca o modello sconosciuti nel catalogo.',
  facetOk: 'Pagina {{path}}: {{count}} auto.',
  facetInvalid: 'Percorso rifiutato: {{problem}}',
  openPage: 'Apri la pagina',
};
