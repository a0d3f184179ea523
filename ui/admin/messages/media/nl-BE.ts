/** The back office's car photos page, Dutch of Belgium. */
import type { MediaMessages } from './fr.ts';

export const nlBEMedia: MediaMessages = {
  title: 'Foto’s van voertuig nr. {{id}}',
  intro:
    'De foto’s verschijnen in deze volgorde op de pagina van het voertuig, in de lijsten en in de galerij. Zonder foto toont de site de tekening van het voertuig.',
  upload: 'Een foto toevoegen',
  fileLabel: 'Foto (JPEG, PNG, WebP of AVIF)',
  fileHelp:
    'Hoogstens 15 MB en 40 megapixel, minstens 200 pixels breed. Ze wordt één keer verkleind voor alle schermen.',
  submit: 'Foto toevoegen',
  uploading: 'Verzenden: {{percent}} %',
  processing: 'Verkleinen…',
  progress: 'Voortgang van het verzenden',
  list: 'Foto’s van het voertuig',
  none: 'Nog geen foto’s.',
  photo: 'Foto {{n}} van {{total}}',
  moveUp: 'Foto {{n}} omhoog',
  moveDown: 'Foto {{n}} omlaag',
  remove: 'Foto {{n}} verwijderen',
  viewCar: 'Beelden van het voertuig bekijken',
  feedWarnings: 'Niet toegevoegde foto’s uit de feed ({{count}})',
  feedPhotosAdded: 'Foto’s toegevoegd uit de feed: {{count}}.',
  done: {
    upload: 'Foto toegevoegd.',
    up: 'Volgorde opgeslagen.',
    down: 'Volgorde opgeslagen.',
    remove: 'Foto verwijderd.',
  },
  problems: {
    missing: 'Kies een foto om te verzenden.',
    too_large: 'Het bestand is groter dan 15 MB.',
    not_an_image: 'Dit bestand is geen JPEG-, PNG-, WebP- of AVIF-foto.',
    too_many_pixels: 'De foto is groter dan 40 megapixel.',
    too_small: 'De foto is smaller dan 200 pixels.',
    too_many_photos: 'Dit voertuig heeft al 40 foto’s: verwijder er eerst een.',
    unknown: 'De actie is mislukt. Probeer het opnieuw.',
  },
};
