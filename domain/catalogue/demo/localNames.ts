/**
 * Local flavour for demo dealers: street names, name patterns, districts and family names as a dealer in
 * that country (and, in Belgium, language area) would have them.
 */
import type { CountryCode } from '../../markets.ts';
import type { City } from '../reference/cities.ts';

/** The words a locality uses for its dealers. */
export interface LocalNames {
  /** Name patterns with `{city}`, `{district}` and `{surname}` placeholders. */
  readonly patterns: readonly string[];
  readonly districts: readonly string[];
  readonly surnames: readonly string[];
  readonly streets: readonly string[];
  /** How a street and a house number make an address line. */
  readonly address: (street: string, number: number) => string;
  /** Local part of the contact e-mail address. */
  readonly mailbox: string;
}

const streetThenNumber = (street: string, n: number): string => `${street} ${n}`;
const streetCommaNumber = (street: string, n: number): string => `${street}, ${n}`;

const GERMAN_NAMES = {
  patterns: ['Autohaus {city} {district}', 'Autozentrum {city} {district}', 'Autohaus {surname} {city}'],
  districts: ['Nord', 'Süd', 'Ost', 'West', 'Mitte', 'am Ring', 'City'],
  address: streetThenNumber,
  mailbox: 'kontakt',
};

const FRENCH_NAMES = {
  patterns: ['Garage {city} {district}', 'Espace Auto {city} {district}', '{surname} Automobiles {city}'],
  districts: ['Nord', 'Sud', 'Est', 'Ouest', 'Centre', 'Les Portes', 'Rive Gauche'],
  mailbox: 'contact',
};

const NAMES: Readonly<Record<string, LocalNames>> = {
  DE: {
    ...GERMAN_NAMES,
    surnames: ['Schneider', 'Müller', 'Weber', 'Hoffmann', 'Becker', 'Wagner', 'Schulz', 'Keller', 'Brandt'],
    streets: [
      'Hauptstraße',
      'Industriestraße',
      'Bahnhofstraße',
      'Robert-Bosch-Straße',
      'Carl-Benz-Straße',
      'Daimlerstraße',
      'Siemensstraße',
      'Gewerbering',
      'Am Autohof',
      'Lindenallee',
    ],
  },
  AT: {
    ...GERMAN_NAMES,
    surnames: ['Gruber', 'Huber', 'Bauer', 'Pichler', 'Steiner', 'Moser', 'Hofer', 'Leitner', 'Eder'],
    streets: [
      'Triester Straße',
      'Wiener Straße',
      'Linzer Straße',
      'Salzburger Straße',
      'Industriezeile',
      'Gewerbepark',
      'Gewerbestraße',
      'Bahnhofstraße',
      'Hauptplatz',
    ],
  },
  FR: {
    ...FRENCH_NAMES,
    surnames: [
      'Martin',
      'Bernard',
      'Durand',
      'Lefèvre',
      'Moreau',
      'Fournier',
      'Girard',
      'Rousseau',
      'Garnier',
    ],
    streets: [
      'avenue de la République',
      'rue Jean Jaurès',
      'boulevard Gambetta',
      'route de Paris',
      'avenue du Général de Gaulle',
      "rue de l'Industrie",
      'avenue des Frères Lumière',
      'rue du Commerce',
      'avenue Jean Moulin',
      'boulevard de l’Europe',
    ],
    // France writes the number first: "12 rue Jean Jaurès".
    address: (street, n) => `${n} ${street}`,
  },
  'BE-fr': {
    ...FRENCH_NAMES,
    surnames: ['Dubois', 'Lambert', 'Dupont', 'Martin', 'Simon', 'Laurent', 'Lejeune', 'Renard', 'Collard'],
    streets: [
      'chaussée de Bruxelles',
      'chaussée de Louvain',
      'chaussée de Mons',
      'rue de la Station',
      "avenue de l'Industrie",
      'boulevard Tirou',
      'rue du Parc Industriel',
      'route de Namur',
    ],
    address: streetThenNumber,
  },
  'BE-nl': {
    patterns: ['Garage {surname} {city}', 'Autocenter {city} {district}', 'Automobielen {surname} {city}'],
    districts: ['Noord', 'Zuid', 'Oost', 'West', 'Centrum', 'Ring'],
    surnames: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters'],
    streets: [
      'Antwerpsesteenweg',
      'Brusselsesteenweg',
      'Gentsesteenweg',
      'Kortrijksesteenweg',
      'Industrieweg',
      'Nijverheidslaan',
      'Stationsstraat',
      'Kerkstraat',
    ],
    address: streetThenNumber,
    mailbox: 'info',
  },
  ES: {
    patterns: ['Concesionario {city} {district}', 'Automóviles {surname} {city}', 'Motor {city} {district}'],
    districts: ['Norte', 'Sur', 'Este', 'Oeste', 'Centro', 'Avenida'],
    surnames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Jiménez', 'Ruiz'],
    streets: [
      'Calle Mayor',
      'Avenida de la Constitución',
      'Avenida de Andalucía',
      'Carretera de Valencia',
      'Calle del Comercio',
      'Avenida de Europa',
      'Calle de la Industria',
      'Avenida de Burgos',
      'Paseo de la Castellana',
    ],
    address: streetCommaNumber,
    mailbox: 'contacto',
  },
  IT: {
    patterns: [
      'Autosalone {city} {district}',
      'Concessionaria {surname} {city}',
      'Centro Auto {city} {district}',
    ],
    districts: ['Nord', 'Sud', 'Est', 'Ovest', 'Centro', 'Tangenziale'],
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino'],
    streets: [
      'Via Roma',
      'Viale Europa',
      'Via Giuseppe Garibaldi',
      'Corso Italia',
      "Via dell'Industria",
      'Viale della Repubblica',
      'Via Nazionale',
      'Via Enrico Mattei',
      'Via dei Mille',
    ],
    address: streetCommaNumber,
    mailbox: 'info',
  },
  PL: {
    patterns: [
      'Salon {surname} {city}',
      'Auto Centrum {city} {district}',
      'Autoryzowany Dealer {city} {district}',
    ],
    districts: ['Północ', 'Południe', 'Wschód', 'Zachód', 'Centrum'],
    surnames: [
      'Nowak',
      'Kowalski',
      'Wiśniewski',
      'Wójcik',
      'Kowalczyk',
      'Kamiński',
      'Lewandowski',
      'Zieliński',
    ],
    streets: [
      'ul. Marszałkowska',
      'al. Jerozolimskie',
      'ul. Przemysłowa',
      'ul. Krakowska',
      'ul. Fabryczna',
      'ul. Poznańska',
      'al. Solidarności',
      'ul. Kolejowa',
      'ul. Grunwaldzka',
    ],
    address: streetThenNumber,
    mailbox: 'biuro',
  },
  PT: {
    patterns: ['Stand {city} {district}', 'Concessionário {city} {district}', '{surname} Automóveis {city}'],
    districts: ['Norte', 'Sul', 'Nascente', 'Poente', 'Centro'],
    surnames: [
      'Silva',
      'Santos',
      'Ferreira',
      'Pereira',
      'Oliveira',
      'Costa',
      'Rodrigues',
      'Martins',
      'Sousa',
    ],
    streets: [
      'Avenida da República',
      'Rua do Comércio',
      'Avenida da Liberdade',
      'Rua da Indústria',
      'Avenida dos Aliados',
      'Rua de Santa Catarina',
      'Avenida Fontes Pereira de Melo',
      'Estrada da Circunvalação',
    ],
    address: streetCommaNumber,
    mailbox: 'geral',
  },
};

/** The local names for a city (Belgian cities by their language area). */
export function localNamesOf(city: Pick<City, 'country' | 'language'>): LocalNames {
  const key: string = city.country === 'BE' ? `BE-${city.language}` : (city.country satisfies CountryCode);
  const names = NAMES[key];
  if (!names) throw new RangeError(`no local names for ${key}`);
  return names;
}
