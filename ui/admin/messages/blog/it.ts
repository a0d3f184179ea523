/** The blog's back-office words, Italian. */
import type { BlogAdminMessages } from './fr.ts';

export const itBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: categorie', blog_article: 'Blog: articoli' },
  fields: {
    key: 'Chiave (la stessa in tutte le lingue: advice, electric…)',
    slug: 'Indirizzo (slug: lettere, cifre, _ e -)',
    name: 'Nome',
    intro: 'Introduzione (facoltativa)',
    category: 'Categoria (la sua chiave)',
    publishedOn: 'Data di pubblicazione',
    summary: 'Riassunto',
    imageAlt: 'Testo dell’immagine (vuoto: decorativa)',
    body: 'Testo (una riga vuota tra due paragrafi)',
  },
  rating: 'Valutazione dei visitatori',
  ratingValue: '{{average}} / 5 ({{count}} valutazioni)',
  noRating: 'non ancora valutato',
};
