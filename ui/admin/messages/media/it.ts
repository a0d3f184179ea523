/** The back office's car photos page, Italian. */
import type { MediaMessages } from './fr.ts';

export const itMedia: MediaMessages = {
  title: 'Foto del veicolo n. {{id}}',
  intro:
    'Le foto compaiono in quest’ordine nella pagina del veicolo, negli elenchi e nella galleria. Senza foto, il sito mostra il disegno del veicolo.',
  upload: 'Aggiungi una foto',
  fileLabel: 'Foto (JPEG, PNG, WebP o AVIF)',
  fileHelp:
    'Al massimo 15 MB e 40 megapixel, almeno 200 pixel di larghezza. Viene ridimensionata una volta per tutti gli schermi.',
  submit: 'Aggiungi la foto',
  uploading: 'Invio: {{percent}} %',
  processing: 'Ridimensionamento…',
  progress: 'Avanzamento dell’invio',
  list: 'Foto del veicolo',
  none: 'Ancora nessuna foto.',
  photo: 'Foto {{n}} di {{total}}',
  moveUp: 'Sposta su la foto {{n}}',
  moveDown: 'Sposta giù la foto {{n}}',
  remove: 'Elimina la foto {{n}}',
  viewCar: 'Vedi le immagini del veicolo',
  feedWarnings: 'Foto del flusso non aggiunte ({{count}})',
  feedPhotosAdded: 'Foto aggiunte dal flusso: {{count}}.',
  done: {
    upload: 'Foto aggiunta.',
    up: 'Ordine delle foto salvato.',
    down: 'Ordine delle foto salvato.',
    remove: 'Foto eliminata.',
  },
  problems: {
    missing: 'Scegli una foto da inviare.',
    too_large: 'Il file supera i 15 MB.',
    not_an_image: 'Questo file non è una foto JPEG, PNG, WebP o AVIF.',
    too_many_pixels: 'La foto supera i 40 megapixel.',
    too_small: 'La foto è larga meno di 200 pixel.',
    too_many_photos: 'Questo veicolo ha già 40 foto: eliminane prima una.',
    unknown: 'L’azione non è riuscita. Riprova.',
  },
};
