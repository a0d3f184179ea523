/** The blog's back-office words (its two content kinds, their fields, the visitors' ratings), French: the reference. */
export const frBlogAdmin = {
  kinds: { blog_category: 'Blog : catégories', blog_article: 'Blog : articles' },
  fields: {
    key: 'Clé (la même dans toutes les langues : advice, electric…)',
    slug: 'Adresse (slug : lettres, chiffres, _ et -)',
    name: 'Nom',
    intro: 'Introduction (facultative)',
    category: 'Catégorie (sa clé)',
    publishedOn: 'Date de publication',
    summary: 'Résumé',
    imageAlt: 'Texte de l’image (vide : décorative)',
    body: 'Texte (une ligne vide entre deux paragraphes)',
  },
  rating: 'Note des visiteurs',
  ratingValue: '{{average}} / 5 ({{count}} avis)',
  noRating: 'pas encore notée',
};
export type BlogAdminMessages = typeof frBlogAdmin;
