/** The blog's back-office words, Dutch (Belgium). */
import type { BlogAdminMessages } from './fr.ts';

export const nlBEBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: categorieën', blog_article: 'Blog: artikels' },
  fields: {
    key: 'Sleutel (in alle talen dezelfde: advice, electric …)',
    slug: 'Adres (slug: letters, cijfers, _ en -)',
    name: 'Naam',
    intro: 'Inleiding (optioneel)',
    category: 'Categorie (haar sleutel)',
    publishedOn: 'Publicatiedatum',
    summary: 'Samenvatting',
    imageAlt: 'Tekst bij de afbeelding (leeg: decoratief)',
    body: 'Tekst (een lege regel tussen twee alinea’s)',
  },
  rating: 'Beoordeling door bezoekers',
  ratingValue: '{{average}} / 5 ({{count}} beoordelingen)',
  noRating: 'nog niet beoordeeld',
};
