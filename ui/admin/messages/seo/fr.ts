/** The back office's words of the SEO content kinds and the CMS core's checks, French: the reference whose shape every locale matches. */
export const frSeoAdmin = {
  kinds: {
    range: 'Gammes (pages marque et modèle)',
    facet: 'Pages de facettes',
    seo_promo: 'Texte SEO des promotions',
    link_facet: 'Liens SEO du pied de page',
  },
  fields: {
    brand: 'Marque (slug, p. ex. toyota)',
    slug: 'Slug (le modèle dans l’URL, p. ex. yaris)',
    intro: 'Introduction',
    path: 'Chemin de la page (p. ex. /fr/acheter/bmw/diesel)',
    description: 'Description pour les moteurs de recherche',
    h1: 'Titre de la page (h1)',
    indexable: 'Indexée par les moteurs de recherche',
    links: 'Liens : un groupe par bloc, son titre puis « libellé | chemin » par ligne',
  },
  yesNo: { yes: 'Oui', no: 'Non' },
  free: 'Disponible.',
  checking: 'Vérification…',
  checkTitle: 'Vérifier la page',
  checkRun: 'Vérifier',
  rangeOk: 'Page {{page}} : {{used}} voitures d’occasion et {{new}} neuves.',
  rangeUnknown: 'Marque ou modèle inconnu du catalogue.',
  facetOk: 'Page {{path}} : {{count}} voitures.',
  facetInvalid: 'Chemin refusé : {{problem}}',
  openPage: 'Ouvrir la page',
};
export type SeoAdminMessages = typeof frSeoAdmin;
