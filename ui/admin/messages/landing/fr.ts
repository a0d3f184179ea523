/** The back office's landing pages, language-switch pages and content pictures and files, French: the reference whose shape every locale matches. */
export const frLandingAdmin = {
  kinds: {
    landing_page: 'Pages d’atterrissage',
    language_switch_page: 'Pages de choix de langue',
  },
  fields: {
    slug: 'Adresse de la page (slug)',
    intro: 'Chapeau',
    dealerId: 'Concession (id ; vide : la plus proche du client)',
    brand: 'Marque dont montrer les voitures (slug ; vide : aucune)',
    pdf: 'Brochure (PDF)',
    heroImage: 'Image d’en-tête',
    image: 'Image',
    number: 'Numéro de la page (son adresse)',
    heading: 'Titre au-dessus des sites',
    locales: 'Sites proposés, dans l’ordre (codes séparés par des virgules)',
  },
  help: {
    slug: 'Mots en minuscules reliés par des tirets, par exemple offre-electrique.',
    dealer: 'Tapez un nom, une ville ou un numéro de concession.',
    image: 'JPEG, PNG, WebP ou AVIF, au moins 640 pixels de large, au plus 15 Mo.',
    pdf: 'Un PDF d’au plus 10 Mo.',
    locales: 'Par exemple : fr-BE, nl-BE',
  },
  uploading: 'Envoi…',
  uploaded: 'Fichier reçu : enregistrez la version pour le garder.',
  removeFile: 'Retirer',
  current: 'Actuellement : {{name}}',
  pdfProblems: {
    missing: 'Choisissez un fichier.',
    too_large: 'Le fichier dépasse 10 Mo.',
    not_a_pdf: 'Ce fichier n’est pas un PDF.',
  },
  leadsTitle: 'Demandes de contact',
  leadsCount: 'Demandes reçues depuis cette page : {{count}}',
  removePdf: 'Retirer la brochure (nouvelle version)',
  pdfRemoved: 'Brochure retirée : version {{version}}.',
};

export type LandingAdminMessages = typeof frLandingAdmin;
