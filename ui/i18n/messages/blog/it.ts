/** The blog's article pages and ratings, Italian. */
import type { frBlogContent } from './fr.ts';

export const itBlogContent: typeof frBlogContent = {
  back: 'Torna agli articoli',
  ratingTitle: 'Questo articolo ti è stato utile?',
  ratingLegend: 'Il tuo voto, da 1 (poco utile) a 5 (molto utile)',
  star: '{{stars}} su 5',
  submit: 'Invia il mio voto',
  thanks: 'Grazie per il tuo voto! Puoi cambiarlo quando vuoi.',
  refused: 'Il tuo voto non è stato registrato: scegli da 1 a 5 e, se succede di nuovo, riprova più tardi.',
  failed: 'Invio non riuscito; riprova.',
  average: 'Voto dei lettori: {{average}} su 5 ({{count}} voti)',
  noRating: 'Ancora nessun voto: sii il primo a dare il tuo.',
};
