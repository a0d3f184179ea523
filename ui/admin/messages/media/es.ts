/** The back office's car photos page, Spanish. */
import type { MediaMessages } from './fr.ts';

export const esMedia: MediaMessages = {
  title: 'Fotos del vehículo n.º {{id}}',
  intro:
    'Las fotos aparecen en este orden en la página del vehículo, en las listas y en la galería. Sin fotos, la web muestra el dibujo del vehículo.',
  upload: 'Añadir una foto',
  fileLabel: 'Foto (JPEG, PNG, WebP o AVIF)',
  fileHelp:
    'Como máximo 15 MB y 40 megapíxeles, al menos 200 píxeles de ancho. Se redimensiona una vez para todas las pantallas.',
  submit: 'Añadir la foto',
  uploading: 'Enviando: {{percent}} %',
  processing: 'Redimensionando…',
  progress: 'Progreso del envío',
  list: 'Fotos del vehículo',
  none: 'Todavía no hay fotos.',
  photo: 'Foto {{n}} de {{total}}',
  moveUp: 'Subir la foto {{n}}',
  moveDown: 'Bajar la foto {{n}}',
  remove: 'Eliminar la foto {{n}}',
  viewCar: 'Ver las imágenes del vehículo',
  feedWarnings: 'Fotos del fichero no añadidas ({{count}})',
  feedPhotosAdded: 'Fotos añadidas desde el fichero: {{count}}.',
  done: {
    upload: 'Foto añadida.',
    up: 'Orden de las fotos guardado.',
    down: 'Orden de las fotos guardado.',
    remove: 'Foto eliminada.',
  },
  problems: {
    missing: 'Elija una foto para enviar.',
    too_large: 'El archivo supera los 15 MB.',
    not_an_image: 'Este archivo no es una foto JPEG, PNG, WebP o AVIF.',
    too_many_pixels: 'La foto supera los 40 megapíxeles.',
    too_small: 'La foto mide menos de 200 píxeles de ancho.',
    too_many_photos: 'Este vehículo ya tiene 40 fotos: elimine una primero.',
    unknown: 'La acción ha fallado. Inténtelo de nuevo.',
  },
};
