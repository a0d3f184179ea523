/** The back office's landing pages, language-switch pages and content pictures and files, pl. */
import type { LandingAdminMessages } from './fr.ts';

export const plLandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Strony docelowe',
    language_switch_page: 'Strony wyboru języka',
  },
  fields: {
    slug: 'Adres strony (slug)',
    intro: 'Wstęp',
    dealerId: 'Salon (id; puste: najbliższy klientowi)',
    brand: 'Marka, której auta pokazać (slug; puste: żadna)',
    pdf: 'Broszura (PDF)',
    heroImage: 'Obraz nagłówka',
    image: 'Obraz',
    number: 'Numer strony (jej adres)',
    heading: 'Tytuł nad serwisami',
    locales: 'Oferowane serwisy, w kolejności (kody oddzielone przecinkami)',
  },
  help: {
    slug: 'Słowa małymi literami połączone łącznikami, np. oferta-elektryczna.',
    dealer: 'Wpisz nazwę, miasto lub numer salonu.',
    image: 'JPEG, PNG, WebP lub AVIF, co najmniej 640 pikseli szerokości, najwyżej 15 MB.',
    pdf: 'Plik PDF do 10 MB.',
    locales: 'Na przykład: pl, de',
  },
  uploading: 'Wysyłanie…',
  uploaded: 'Plik odebrany: zapisz wersję, aby go zachować.',
  removeFile: 'Usuń',
  current: 'Obecnie: {{name}}',
  pdfProblems: {
    missing: 'Wybierz plik.',
    too_large: 'Plik przekracza 10 MB.',
    not_a_pdf: 'Ten plik nie jest plikiem PDF.',
  },
  leadsTitle: 'Zapytania kontaktowe',
  leadsCount: 'Zapytania otrzymane z tej strony: {{count}}',
  removePdf: 'Usuń broszurę (nowa wersja)',
  pdfRemoved: 'Broszura usunięta: wersja {{version}}.',
};
