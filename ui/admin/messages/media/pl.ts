/** The back office's car photos page, Polish. */
import type { MediaMessages } from './fr.ts';

export const plMedia: MediaMessages = {
  title: 'Zdjęcia pojazdu nr {{id}}',
  intro:
    'Zdjęcia pojawiają się w tej kolejności na stronie pojazdu, na listach i w galerii. Bez zdjęć strona pokazuje rysunek pojazdu.',
  upload: 'Dodaj zdjęcie',
  fileLabel: 'Zdjęcie (JPEG, PNG, WebP lub AVIF)',
  fileHelp:
    'Najwyżej 15 MB i 40 megapikseli, co najmniej 200 pikseli szerokości. Jest skalowane raz dla wszystkich ekranów.',
  submit: 'Dodaj zdjęcie',
  uploading: 'Wysyłanie: {{percent}} %',
  processing: 'Skalowanie…',
  progress: 'Postęp wysyłania',
  list: 'Zdjęcia pojazdu',
  none: 'Brak zdjęć.',
  photo: 'Zdjęcie {{n}} z {{total}}',
  moveUp: 'Przesuń zdjęcie {{n}} w górę',
  moveDown: 'Przesuń zdjęcie {{n}} w dół',
  remove: 'Usuń zdjęcie {{n}}',
  viewCar: 'Zobacz zdjęcia pojazdu',
  feedWarnings: 'Niedodane zdjęcia z pliku ({{count}})',
  feedPhotosAdded: 'Zdjęcia dodane z pliku: {{count}}.',
  done: {
    upload: 'Zdjęcie dodane.',
    up: 'Kolejność zapisana.',
    down: 'Kolejność zapisana.',
    remove: 'Zdjęcie usunięte.',
  },
  problems: {
    missing: 'Wybierz zdjęcie do wysłania.',
    too_large: 'Plik przekracza 15 MB.',
    not_an_image: 'Ten plik nie jest zdjęciem JPEG, PNG, WebP ani AVIF.',
    too_many_pixels: 'Zdjęcie przekracza 40 megapikseli.',
    too_small: 'Zdjęcie ma mniej niż 200 pikseli szerokości.',
    too_many_photos: 'Ten pojazd ma już 40 zdjęć: najpierw usuń jedno.',
    unknown: 'Działanie nie powiodło się. Spróbuj ponownie.',
  },
};
