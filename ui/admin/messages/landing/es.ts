/** The back office's landing pages, language-switch pages and content pictures and files, es. */
import type { LandingAdminMessages } from './fr.ts';

export const esLandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Páginas de destino',
    language_switch_page: 'Páginas de elección de idioma',
  },
  fields: {
    slug: 'Dirección de la página (slug)',
    intro: 'Entradilla',
    dealerId: 'Concesionario (id; vacío: el más cercano al cliente)',
    brand: 'Marca cuyos coches mostrar (slug; vacío: ninguna)',
    pdf: 'Folleto (PDF)',
    heroImage: 'Imagen de cabecera',
    image: 'Imagen',
    number: 'Número de la página (su dirección)',
    heading: 'Título sobre los sitios',
    locales: 'Sitios ofrecidos, en orden (códigos separados por comas)',
  },
  help: {
    slug: 'Palabras en minúsculas unidas por guiones, por ejemplo oferta-electrica.',
    dealer: 'Escriba un nombre, una ciudad o un número de concesionario.',
    image: 'JPEG, PNG, WebP o AVIF, al menos 640 píxeles de ancho, 15 MB como máximo.',
    pdf: 'Un PDF de 10 MB como máximo.',
    locales: 'Por ejemplo: es, pt',
  },
  uploading: 'Enviando…',
  uploaded: 'Archivo recibido: guarde la versión para conservarlo.',
  removeFile: 'Quitar',
  current: 'Actual: {{name}}',
  pdfProblems: {
    missing: 'Elija un archivo.',
    too_large: 'El archivo supera los 10 MB.',
    not_a_pdf: 'Este archivo no es un PDF.',
  },
  leadsTitle: 'Solicitudes de contacto',
  leadsCount: 'Solicitudes recibidas desde esta página: {{count}}',
  removePdf: 'Quitar el folleto (nueva versión)',
  pdfRemoved: 'Folleto quitado: versión {{version}}.',
};
