/** The blog's back-office words, Spanish. */
import type { BlogAdminMessages } from './fr.ts';

export const esBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: categorías', blog_article: 'Blog: artículos' },
  fields: {
    key: 'Clave (la misma en todos los idiomas: advice, electric…)',
    slug: 'Dirección (slug: letras, cifras, _ y -)',
    name: 'Nombre',
    intro: 'Introducción (opcional)',
    category: 'Categoría (su clave)',
    publishedOn: 'Fecha de publicación',
    summary: 'Resumen',
    imageAlt: 'Texto de la imagen (vacío: decorativa)',
    body: 'Texto (una línea en blanco entre dos párrafos)',
  },
  rating: 'Valoración de los visitantes',
  ratingValue: '{{average}} / 5 ({{count}} valoraciones)',
  noRating: 'aún sin valorar',
};
