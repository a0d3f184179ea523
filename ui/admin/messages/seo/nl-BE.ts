/** The back office's words of the SEO content kinds and the CMS core's checks, Dutch (Belgium). */
import type { SeoAdminMessages } from './fr.ts';

export const nlBESeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Modelreeksen (merk- en modelpagina’s)',
    facet: 'Facetpagina’s',
    seo_promo: 'SEO-tekst van de promoties',
    link_facet: 'SEO-links van de voettekst',
  },
  fields: {
    brand: 'Merk (slug, bv. toyota)',
    slug: 'Slug (het model in de URL, bv. yaris)',
    intro: 'Inleiding',
    path: 'Pad van de pagina (bv. /nl-BE/kopen/bmw/diesel)',
    description: 'Beschrijving voor zoekmachines',
    h1: 'Paginatitel (h1)',
    indexable: 'Geïndexeerd door zoekmachines',
    links: 'Links: één groep per blok, de titel en dan „label | pad” per regel',
  },
  yesNo: { yes: 'Ja', no: 'Nee' },
  free: 'Beschikbaar.',
  checking: 'Bezig met controleren…',
  checkTitle: 'Pagina controleren',
  checkRun: 'Controleren',
  rangeOk: 'Pagina {{page}}: {{used}} tweedehandswagens en {{new}} nieuwe.',
  rangeUnknown: 'Merk of model onbekend in de catalogus.',
  facetOk: 'Pagina {{path}}: {{count}} wagens.',
  facetInvalid: 'Pad geweigerd: {{problem}}',
  openPage: 'Pagina openen',
};
