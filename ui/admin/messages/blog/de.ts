/** The blog's back-office words, German. */
import type { BlogAdminMessages } from './fr.ts';

export const deBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: Kategorien', blog_article: 'Blog: Artikel' },
  fields: {
    key: 'Schlüssel (in allen Sprachen gleich: advice, electric …)',
    slug: 'Adresse (Slug: Buchstaben, Ziffern, _ und -)',
    name: 'Name',
    intro: 'Einleitung (optional)',
    category: 'Kategorie (ihr Schlüssel)',
    publishedOn: 'Veröffentlichungsdatum',
    summary: 'Zusammenfassung',
    imageAlt: 'Bildbeschreibung (leer: dekorativ)',
    body: 'Text (eine Leerzeile zwischen zwei Absätzen)',
  },
  rating: 'Bewertung der Besucher',
  ratingValue: '{{average}} / 5 ({{count}} Bewertungen)',
  noRating: 'noch nicht bewertet',
};
