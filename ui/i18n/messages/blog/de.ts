/** The blog's article pages and ratings, German. */
import type { frBlogContent } from './fr.ts';

export const deBlogContent: typeof frBlogContent = {
  back: 'Zurück zu den Artikeln',
  ratingTitle: 'War dieser Artikel hilfreich?',
  ratingLegend: 'Ihre Bewertung, von 1 (nicht hilfreich) bis 5 (sehr hilfreich)',
  star: '{{stars}} von 5',
  submit: 'Bewertung senden',
  thanks: 'Danke für Ihre Bewertung! Sie können sie jederzeit ändern.',
  refused:
    'Ihre Bewertung wurde nicht gespeichert: Wählen Sie 1 bis 5 und versuchen Sie es später erneut, falls es wieder passiert.',
  failed: 'Das Senden ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  average: 'Bewertung der Leser: {{average}} von 5 (Bewertungen: {{count}})',
  noRating: 'Noch keine Bewertung: Geben Sie als Erste oder Erster Ihre ab.',
};
