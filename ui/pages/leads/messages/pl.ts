/** The lead forms' and topic pages' words, Polish (Poland). */
import type { LeadMessages } from './fr.ts';

export const plLeads: LeadMessages = {
  required: 'Pola oznaczone gwiazdką (*) są obowiązkowe.',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  email: 'Adres e-mail',
  phone: 'Telefon',
  postcode: 'Kod pocztowy',
  postcodeHelp: 'Abyśmy mogli połączyć Cię z najbliższym salonem.',
  company: 'Firma',
  message: 'Twoja wiadomość',
  dealer: 'Salon',
  chooseDealer: 'Wybierz salon',
  topic: 'Temat',
  chooseTopic: 'Wybierz temat',
  consent:
    'Zgadzam się na przekazanie moich danych kontaktowych i wiadomości do salonu w celu odpowiedzi na moje zapytanie. Nie służą one niczemu innemu i w każdej chwili mogę zażądać ich usunięcia.',
  honeypot: 'Zostaw to pole puste',
  send: 'Wyślij',
  sending: 'Wysyłanie…',
  refused: 'Wiadomość nie została wysłana: popraw zaznaczone pola.',
  rateLimited: 'Zbyt wiele wiadomości w krótkim czasie. Spróbuj ponownie za kilka minut.',
  failed: 'Wysyłanie nie powiodło się. Sprawdź połączenie i spróbuj ponownie.',
  errors: {
    firstName: 'Podaj swoje imię.',
    lastName: 'Podaj swoje nazwisko.',
    email: 'Podaj prawidłowy adres e-mail, np. imie@przyklad.pl.',
    phone: 'Podaj prawidłowy numer telefonu (od 6 do 15 cyfr).',
    postcode: 'Podaj prawidłowy kod pocztowy, np. 00-950.',
    message: 'Napisz wiadomość (co najmniej 10, najwyżej 2000 znaków).',
    consent: 'Zaznacz to pole, abyśmy mogli przekazać Twoją wiadomość.',
    dealerId: 'Wybierz salon z listy.',
    topic: 'Wybierz temat z listy.',
    company: 'Podaj nazwę firmy (najwyżej 120 znaków).',
  },
  titles: {
    car: 'Masz pytanie o ten samochód?',
    brand: 'Masz pytanie o markę {{brand}}?',
    dealer: 'Napisz do tego salonu',
    hub: 'Napisz do salonu w regionie',
    cee: 'Zapytaj o premię za oszczędność energii',
    contact: 'Napisz do nas',
    electric: 'Porozmawiaj z doradcą ds. samochodów elektrycznych',
    faq: 'Nie znalazłeś odpowiedzi?',
    finance: 'Poproś o ofertę finansowania',
    warranty: 'Masz pytanie o gwarancję?',
  },
  thanks: {
    title: 'Dziękujemy, wiadomość została wysłana',
    text: 'Salon odpowie najszybciej, jak to możliwe, zwykle w ciągu jednego dnia roboczego. Potwierdzenie wysłaliśmy e-mailem.',
    home: 'Powrót na stronę główną',
    fix: 'Wiadomość nie została wysłana',
  },
  pages: {
    finance: {
      title: 'Sfinansuj swój samochód',
      description: 'Kredyt lub leasing z opcją wykupu: jasna rata i szybka odpowiedź.',
      points: [
        'Kredyt samochodowy lub leasing z opcją wykupu, od 12 do 84 miesięcy.',
        'Niezobowiązująca symulacja na stronie każdego samochodu.',
        'Wstępna decyzja w ciągu 48 godzin od analizy wniosku.',
      ],
    },
    warranty: {
      title: 'Gwarancja na nasze samochody',
      description: 'Każdy samochód używany ma co najmniej 12 miesięcy gwarancji na części i robociznę.',
      points: [
        'Co najmniej 12 miesięcy gwarancji, z możliwością przedłużenia do 36 miesięcy.',
        'Ważna we wszystkich naszych salonach i warsztatach partnerskich.',
        'Całodobowa pomoc drogowa w czasie gwarancji.',
      ],
    },
    electric: {
      title: 'Przesiądź się na elektryka',
      description: 'Zasięg, ładowanie, dopłaty: nasi doradcy odpowiedzą na Twoje pytania.',
      points: [
        'Sprawdzone samochody elektryczne i hybrydy plug-in, nowe i używane.',
        'Porady dotyczące instalacji ładowarki w domu.',
        'Dopłaty do zakupu, wyjaśnione dla Twojej sytuacji.',
      ],
      ceeTitle: 'Premia za oszczędność energii',
      ceeText:
        'Programy oszczędzania energii mogą sfinansować część ładowarki lub samochodu elektrycznego. Zapytaj nas, czy Ci przysługują.',
    },
  },
};
