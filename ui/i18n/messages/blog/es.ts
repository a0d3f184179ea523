/** The blog's article pages and ratings, Spanish. */
import type { frBlogContent } from './fr.ts';

export const esBlogContent: typeof frBlogContent = {
  back: 'Volver a los artículos',
  ratingTitle: '¿Te ha resultado útil este artículo?',
  ratingLegend: 'Tu valoración, de 1 (nada útil) a 5 (muy útil)',
  star: '{{stars}} de 5',
  submit: 'Enviar mi valoración',
  thanks: '¡Gracias por tu valoración! Puedes cambiarla cuando quieras.',
  refused: 'Tu valoración no se ha guardado: elige de 1 a 5 y, si vuelve a ocurrir, inténtalo más tarde.',
  failed: 'El envío ha fallado; inténtalo de nuevo.',
  average: 'Valoración de los lectores: {{average}} de 5 ({{count}} valoraciones)',
  noRating: 'Aún sin valoraciones: sé el primero en dar la tuya.',
};
