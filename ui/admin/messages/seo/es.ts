/** The back office's words of the SEO content kinds and the CMS core's checks, Spanish. */
import type { SeoAdminMessages } from './fr.ts';

export const esSeoAdmin: SeoAdminMessages = {
  kinds: {
    range: 'Gamas (páginas de marca y modelo)',
    facet: 'Páginas de facetas',
    seo_promo: 'Texto SEO de las ofertas',
    link_facet: 'Enlaces SEO del pie de página',
  },
  fields: {
    brand: 'Marca (slug, p. ej. toyota)',
    slug: 'Slug (el modelo en la URL, p. ej. yaris)',
    intro: 'Introducción',
    path: 'Ruta de la página (p. ej. /es/comprar/bmw/diesel)',
    description: 'Descripción para los buscadores',
    h1: 'Título de la página (h1)',
    indexable: 'Indexada por los buscadores',
    links: 'Enlaces: un grupo por bloque, su título y luego «texto | ruta» por línea',
  },
  yesNo: { yes: 'Sí', no: 'No' },
  free: 'Disponible.',
  checking: 'Comprobando…',
  checkTitle: 'Comprobar la página',
  checkRun: 'Comprobar',
  rangeOk: 'Página {{page}}: {{used}} coches de ocasión y {{new}} nuevos.',
  rangeUnknown: 'Marca o modelo desconocido en el catálogo.',
  facetOk: 'Página {{path}}: {{count}} coches.',
  facetInvalid: 'Ruta rechazada: {{problem}}',
  openPage: 'Abrir la página',
};
