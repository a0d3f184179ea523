/**
 * Translated path segments per locale. The SPEC gives the buying, new-car and dealers segments and the
 * French booking words; the rest are our choice of what each market's shoppers expect (see README.md).
 * Route templates refer to them as `@key` (e.g. `/@buy/@car-:id/:slug`).
 */
import type { Locale } from '../markets.ts';

// biome-ignore format: a table reads best as a table
const ROWS = {
  // SPEC §2
  buy: { at: 'kaufen', de: 'kaufen', es: 'comprar', fr: 'acheter', 'fr-BE': 'acheter', it: 'ricerca-auto', 'nl-BE': 'kopen', pl: 'kup', pt: 'comprar' },
  // SPEC §2 lists kaufen-nowy too: a Polish/German mix, read as a typo; both German markets use kaufen-neuwagen.
  buyNew: { at: 'kaufen-neuwagen', de: 'kaufen-neuwagen', es: 'comprar-nuevo', fr: 'acheter-neuf', 'fr-BE': 'acheter-neuf', it: 'ricerca-autonuova', 'nl-BE': 'kopen-nieuw', pl: 'kup-nowy', pt: 'comprar-novo' },
  dealers: { at: 'standorte', de: 'standorte', es: 'nuestros-concesionarios', fr: 'nos-concessionnaires', 'fr-BE': 'nos-concessionnaires', it: 'i-nostri-concessionari', 'nl-BE': 'onze-concessies', pl: 'nasze-lokalizacje', pt: 'os-nossos-concessionarios' },
  // SPEC §2 gives "book" and the French "reserver"; the others are ours.
  book: { at: 'reservieren', de: 'reservieren', es: 'reservar', fr: 'reserver', 'fr-BE': 'reserver', it: 'prenota', 'nl-BE': 'reserveren', pl: 'rezerwuj', pt: 'reservar' },
  limit: { at: 'limit', de: 'limit', es: 'limite', fr: 'limite', 'fr-BE': 'limite', it: 'limite', 'nl-BE': 'limiet', pl: 'limit', pt: 'limite' },
  // Ours from here on.
  car: { at: 'auto', de: 'auto', es: 'coche', fr: 'voiture', 'fr-BE': 'voiture', it: 'auto', 'nl-BE': 'auto', pl: 'samochod', pt: 'carro' },
  purchase: { at: 'bestellung', de: 'bestellung', es: 'compra', fr: 'achat', 'fr-BE': 'achat', it: 'acquisto', 'nl-BE': 'aankoop', pl: 'zakup', pt: 'compra' },
  purchaseInfo: { at: 'bestellung-info', de: 'bestellung-info', es: 'informacion-compra', fr: 'infos-achat', 'fr-BE': 'infos-achat', it: 'info-acquisto', 'nl-BE': 'aankoop-info', pl: 'informacje-zakup', pt: 'informacao-compra' },
  confirmation: { at: 'bestaetigung', de: 'bestaetigung', es: 'confirmacion', fr: 'confirmation', 'fr-BE': 'confirmation', it: 'conferma', 'nl-BE': 'bevestiging', pl: 'potwierdzenie', pt: 'confirmacao' },
  paymentFailed: { at: 'zahlung-fehlgeschlagen', de: 'zahlung-fehlgeschlagen', es: 'pago-fallido', fr: 'echec-paiement', 'fr-BE': 'echec-paiement', it: 'pagamento-fallito', 'nl-BE': 'betaling-mislukt', pl: 'platnosc-nieudana', pt: 'pagamento-falhado' },
  failed: { at: 'fehlgeschlagen', de: 'fehlgeschlagen', es: 'fallida', fr: 'echec', 'fr-BE': 'echec', it: 'non-riuscita', 'nl-BE': 'mislukt', pl: 'nieudana', pt: 'falhada' },
  carNotAvailable: { at: 'auto-nicht-verfuegbar', de: 'auto-nicht-verfuegbar', es: 'coche-no-disponible', fr: 'voiture-indisponible', 'fr-BE': 'voiture-indisponible', it: 'auto-non-disponibile', 'nl-BE': 'auto-niet-beschikbaar', pl: 'samochod-niedostepny', pt: 'carro-indisponivel' },
  checkContact: { at: 'kontakt-pruefen', de: 'kontakt-pruefen', es: 'verificar-contacto', fr: 'verification-contact', 'fr-BE': 'verification-contact', it: 'verifica-contatto', 'nl-BE': 'contact-controleren', pl: 'weryfikacja-kontaktu', pt: 'verificar-contacto' },
  // The booking FAQ's title (SPEC §2: "book your car online for free") as its path.
  bookingFaq: { at: 'auto-online-kostenlos-reservieren', de: 'auto-online-kostenlos-reservieren', es: 'reserva-tu-coche-online-gratis', fr: 'reservez-votre-voiture-en-ligne-gratuitement', 'fr-BE': 'reservez-votre-voiture-en-ligne-gratuitement', it: 'prenota-la-tua-auto-online-gratis', 'nl-BE': 'reserveer-je-auto-gratis-online', pl: 'zarezerwuj-samochod-online-za-darmo', pt: 'reserve-o-seu-carro-online-gratis' },
  brands: { at: 'marken', de: 'marken', es: 'marcas', fr: 'marques', 'fr-BE': 'marques', it: 'marche', 'nl-BE': 'merken', pl: 'marki', pt: 'marcas' },
  blog: { at: 'blog', de: 'blog', es: 'blog', fr: 'blog', 'fr-BE': 'blog', it: 'blog', 'nl-BE': 'blog', pl: 'blog', pt: 'blog' },
  category: { at: 'kategorie', de: 'kategorie', es: 'categoria', fr: 'categorie', 'fr-BE': 'categorie', it: 'categoria', 'nl-BE': 'categorie', pl: 'kategoria', pt: 'categoria' },
  images: { at: 'bilder', de: 'bilder', es: 'imagenes', fr: 'images', 'fr-BE': 'images', it: 'immagini', 'nl-BE': 'afbeeldingen', pl: 'zdjecia', pt: 'imagens' },
  // A landing page's prefix (`landing_page (slug)`: domain/routes/README.md, Decisions).
  landing: { at: 'entdecken', de: 'entdecken', es: 'descubre', fr: 'decouvrir', 'fr-BE': 'decouvrir', it: 'scopri', 'nl-BE': 'ontdek', pl: 'odkryj', pt: 'descobrir' },
  languageSwitch: { at: 'sprache', de: 'sprache', es: 'idioma', fr: 'langue', 'fr-BE': 'langue', it: 'lingua', 'nl-BE': 'taal', pl: 'jezyk', pt: 'idioma' },
  contact: { at: 'kontakt', de: 'kontakt', es: 'contacto', fr: 'contact', 'fr-BE': 'contact', it: 'contatti', 'nl-BE': 'contact', pl: 'kontakt', pt: 'contacto' },
  aftersales: { at: 'kundendienst', de: 'kundendienst', es: 'posventa', fr: 'apres-vente', 'fr-BE': 'apres-vente', it: 'assistenza', 'nl-BE': 'dienst-na-verkoop', pl: 'serwis', pt: 'pos-venda' },
  promotions: { at: 'angebote', de: 'angebote', es: 'ofertas', fr: 'promotions', 'fr-BE': 'promotions', it: 'promozioni', 'nl-BE': 'promoties', pl: 'promocje', pt: 'promocoes' },
  // Trade-in ("recovery" in the SPEC).
  recovery: { at: 'inzahlungnahme', de: 'inzahlungnahme', es: 'tasacion', fr: 'reprise', 'fr-BE': 'reprise', it: 'permuta', 'nl-BE': 'inruil', pl: 'odkup', pt: 'retoma' },
  b2b: { at: 'geschaeftskunden', de: 'geschaeftskunden', es: 'empresas', fr: 'professionnels', 'fr-BE': 'professionnels', it: 'aziende', 'nl-BE': 'bedrijven', pl: 'dla-firm', pt: 'empresas' },
  appointment: { at: 'termin', de: 'termin', es: 'cita', fr: 'rendez-vous', 'fr-BE': 'rendez-vous', it: 'appuntamento', 'nl-BE': 'afspraak', pl: 'wizyta', pt: 'marcacao' },
  account: { at: 'mein-konto', de: 'mein-konto', es: 'mi-cuenta', fr: 'mon-compte', 'fr-BE': 'mon-compte', it: 'il-mio-account', 'nl-BE': 'mijn-account', pl: 'moje-konto', pt: 'a-minha-conta' },
  favorites: { at: 'favoriten', de: 'favoriten', es: 'favoritos', fr: 'favoris', 'fr-BE': 'favoris', it: 'preferiti', 'nl-BE': 'favorieten', pl: 'ulubione', pt: 'favoritos' },
  bills: { at: 'rechnungen', de: 'rechnungen', es: 'facturas', fr: 'factures', 'fr-BE': 'factures', it: 'fatture', 'nl-BE': 'facturen', pl: 'faktury', pt: 'faturas' },
  add: { at: 'hinzufuegen', de: 'hinzufuegen', es: 'anadir', fr: 'ajouter', 'fr-BE': 'ajouter', it: 'aggiungi', 'nl-BE': 'toevoegen', pl: 'dodaj', pt: 'adicionar' },
  // A valuation's offer ("sell your car").
  offer: { at: 'angebot', de: 'angebot', es: 'oferta', fr: 'offre', 'fr-BE': 'offre', it: 'offerta', 'nl-BE': 'aanbod', pl: 'oferta', pt: 'proposta' },
  // Leads (domain/leads): the finance, warranty and electric pages and the lead forms' thank-you page.
  financing: { at: 'finanzierung', de: 'finanzierung', es: 'financiacion', fr: 'financement', 'fr-BE': 'financement', it: 'finanziamento', 'nl-BE': 'financiering', pl: 'finansowanie', pt: 'financiamento' },
  warranty: { at: 'garantie', de: 'garantie', es: 'garantia', fr: 'garantie', 'fr-BE': 'garantie', it: 'garanzia', 'nl-BE': 'garantie', pl: 'gwarancja', pt: 'garantia' },
  electric: { at: 'elektroauto', de: 'elektroauto', es: 'coche-electrico', fr: 'voiture-electrique', 'fr-BE': 'voiture-electrique', it: 'auto-elettrica', 'nl-BE': 'elektrische-auto', pl: 'samochod-elektryczny', pt: 'carro-eletrico' },
  thanks: { at: 'danke', de: 'danke', es: 'gracias', fr: 'merci', 'fr-BE': 'merci', it: 'grazie', 'nl-BE': 'bedankt', pl: 'dziekujemy', pt: 'obrigado' },
} as const satisfies Record<string, Readonly<Record<Locale, string>>>;

/** The name of a translated segment, as written after `@` in route templates. */
export type SegmentKey = keyof typeof ROWS;

/** Every translated segment: `SEGMENTS.buy.de === 'kaufen'`. */
export const SEGMENTS: Readonly<Record<SegmentKey, Readonly<Record<Locale, string>>>> = ROWS;

/** Whether a name is a translated segment's key. */
export function isSegmentKey(name: string): name is SegmentKey {
  return Object.hasOwn(ROWS, name);
}

/** A translated segment in one locale. */
export function segment(key: SegmentKey, locale: Locale): string {
  return SEGMENTS[key][locale];
}

/** The localised buying prefix (`/fr/acheter`): the `{prefix}` of SPEC §7's purchase and booking calls. */
export function buyingPrefix(locale: Locale): string {
  return `/${locale}/${segment('buy', locale)}`;
}

/** The localised new-car prefix (`/fr/acheter-neuf`). */
export function newCarsPrefix(locale: Locale): string {
  return `/${locale}/${segment('buyNew', locale)}`;
}

/** The localised dealers segment, without prefix (`nos-concessionnaires`). */
export function dealersSegment(locale: Locale): string {
  return segment('dealers', locale);
}
