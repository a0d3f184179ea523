/**
 * Cities where the retailer has (demo) dealers: real names and coordinates, a real-format postcode, the
 * region slug (used in dealer slugs) and the hub slug (SPEC `nameHub`, a regional grouping of dealers).
 */
import type { CountryCode } from '../../markets.ts';

/** The language used locally for street and dealer names (Belgium has both French and Dutch). */
export type LocalLanguage = 'de' | 'es' | 'fr' | 'it' | 'nl' | 'pl' | 'pt';

/** One city of the reference list. */
export interface City {
  readonly slug: string;
  readonly name: string;
  readonly country: CountryCode;
  readonly lat: number;
  readonly lng: number;
  /** A postcode of the city centre in the country's format (`75015`, `00-950`, `1050-094`, …). */
  readonly postcode: string;
  /** Region slug (Land, région, provincia, voivodeship, distrito, …). */
  readonly region: string;
  /** Hub slug (SPEC `nameHub`): never contains a slash, never ends in `-digits`. */
  readonly hub: string;
  readonly language: LocalLanguage;
  /** Trunk area code without the leading 0 (`89` for München, `2` for Bruxelles), for phone numbers. */
  readonly areaCode: string;
}

type Row = readonly [
  slug: string,
  name: string,
  lat: number,
  lng: number,
  postcode: string,
  region: string,
  hub: string,
  areaCode: string,
  language?: LocalLanguage,
];

const DEFAULT_LANGUAGE: Readonly<Record<CountryCode, LocalLanguage>> = {
  AT: 'de',
  BE: 'fr',
  DE: 'de',
  ES: 'es',
  FR: 'fr',
  IT: 'it',
  PL: 'pl',
  PT: 'pt',
};

// Largest city first in each country: the demo generator fills cities in this order.
const ROWS: Readonly<Record<CountryCode, readonly Row[]>> = {
  AT: [
    ['wien', 'Wien', 48.2082, 16.3738, '1100', 'wien', 'wien', '1'],
    ['graz', 'Graz', 47.0707, 15.4395, '8020', 'steiermark', 'steiermark', '316'],
    ['linz', 'Linz', 48.3069, 14.2858, '4020', 'oberoesterreich', 'oberoesterreich', '732'],
    ['salzburg', 'Salzburg', 47.8095, 13.055, '5020', 'salzburg', 'salzburg', '662'],
    ['innsbruck', 'Innsbruck', 47.2692, 11.4041, '6020', 'tirol', 'tirol', '512'],
    ['klagenfurt', 'Klagenfurt am Wörthersee', 46.6247, 14.3053, '9020', 'kaernten', 'kaernten', '463'],
    ['st-poelten', 'St. Pölten', 48.2049, 15.6256, '3100', 'niederoesterreich', 'niederoesterreich', '2742'],
    ['dornbirn', 'Dornbirn', 47.4125, 9.7417, '6850', 'vorarlberg', 'vorarlberg', '5572'],
  ],
  BE: [
    ['bruxelles', 'Bruxelles', 50.8503, 4.3517, '1000', 'bruxelles-capitale', 'bruxelles', '2', 'fr'],
    ['antwerpen', 'Antwerpen', 51.2194, 4.4025, '2000', 'antwerpen', 'antwerpen', '3', 'nl'],
    ['gent', 'Gent', 51.0543, 3.7174, '9000', 'oost-vlaanderen', 'oost-vlaanderen', '9', 'nl'],
    ['charleroi', 'Charleroi', 50.4108, 4.4446, '6000', 'hainaut', 'hainaut', '71', 'fr'],
    ['liege', 'Liège', 50.6326, 5.5797, '4000', 'liege', 'liege', '4', 'fr'],
    ['brugge', 'Brugge', 51.2093, 3.2247, '8000', 'west-vlaanderen', 'west-vlaanderen', '50', 'nl'],
    ['namur', 'Namur', 50.4674, 4.872, '5000', 'namur', 'wallonie-sud', '81', 'fr'],
    ['leuven', 'Leuven', 50.8798, 4.7005, '3000', 'vlaams-brabant', 'brabant', '16', 'nl'],
    ['mons', 'Mons', 50.4542, 3.9523, '7000', 'hainaut', 'hainaut', '65', 'fr'],
    ['hasselt', 'Hasselt', 50.9307, 5.3325, '3500', 'limburg', 'limburg', '11', 'nl'],
  ],
  DE: [
    ['berlin', 'Berlin', 52.52, 13.405, '10115', 'berlin', 'berlin-brandenburg', '30'],
    ['hamburg', 'Hamburg', 53.5511, 9.9937, '20095', 'hamburg', 'hamburg', '40'],
    ['muenchen', 'München', 48.1351, 11.582, '80331', 'bayern', 'bayern', '89'],
    ['koeln', 'Köln', 50.9375, 6.9603, '50667', 'nordrhein-westfalen', 'rhein-ruhr', '221'],
    ['frankfurt', 'Frankfurt am Main', 50.1109, 8.6821, '60311', 'hessen', 'rhein-main', '69'],
    ['stuttgart', 'Stuttgart', 48.7758, 9.1829, '70173', 'baden-wuerttemberg', 'baden-wuerttemberg', '711'],
    ['duesseldorf', 'Düsseldorf', 51.2277, 6.7735, '40213', 'nordrhein-westfalen', 'rhein-ruhr', '211'],
    ['leipzig', 'Leipzig', 51.3397, 12.3731, '04109', 'sachsen', 'mitteldeutschland', '341'],
    ['dortmund', 'Dortmund', 51.5136, 7.4653, '44135', 'nordrhein-westfalen', 'rhein-ruhr', '231'],
    ['hannover', 'Hannover', 52.3759, 9.732, '30159', 'niedersachsen', 'niedersachsen', '511'],
    ['nuernberg', 'Nürnberg', 49.4521, 11.0767, '90402', 'bayern', 'bayern', '911'],
    ['mannheim', 'Mannheim', 49.4875, 8.466, '68159', 'baden-wuerttemberg', 'rhein-neckar', '621'],
  ],
  ES: [
    ['madrid', 'Madrid', 40.4168, -3.7038, '28001', 'comunidad-de-madrid', 'madrid', '91'],
    ['barcelona', 'Barcelona', 41.3874, 2.1686, '08001', 'cataluna', 'cataluna', '93'],
    ['valencia', 'València', 39.4699, -0.3763, '46001', 'comunidad-valenciana', 'levante', '96'],
    ['sevilla', 'Sevilla', 37.3891, -5.9845, '41001', 'andalucia', 'andalucia-occidental', '954'],
    ['zaragoza', 'Zaragoza', 41.6488, -0.8891, '50001', 'aragon', 'aragon', '976'],
    ['malaga', 'Málaga', 36.7213, -4.4214, '29001', 'andalucia', 'andalucia-oriental', '952'],
    ['murcia', 'Murcia', 37.9922, -1.1307, '30001', 'region-de-murcia', 'levante', '968'],
    ['bilbao', 'Bilbao', 43.263, -2.935, '48001', 'pais-vasco', 'norte', '94'],
    ['alicante', 'Alicante', 38.3452, -0.481, '03001', 'comunidad-valenciana', 'levante', '965'],
    ['valladolid', 'Valladolid', 41.6523, -4.7245, '47001', 'castilla-y-leon', 'castilla-y-leon', '983'],
    ['a-coruna', 'A Coruña', 43.3623, -8.4115, '15001', 'galicia', 'galicia', '981'],
  ],
  FR: [
    ['paris', 'Paris', 48.8566, 2.3522, '75015', 'ile-de-france', 'ile-de-france', '1'],
    ['marseille', 'Marseille', 43.2965, 5.3698, '13008', 'provence-alpes-cote-d-azur', 'provence', '4'],
    ['lyon', 'Lyon', 45.764, 4.8357, '69002', 'auvergne-rhone-alpes', 'rhone-alpes', '4'],
    ['toulouse', 'Toulouse', 43.6047, 1.4442, '31000', 'occitanie', 'occitanie', '5'],
    ['nice', 'Nice', 43.7102, 7.262, '06000', 'provence-alpes-cote-d-azur', 'cote-d-azur', '4'],
    ['nantes', 'Nantes', 47.2184, -1.5536, '44000', 'pays-de-la-loire', 'grand-ouest', '2'],
    ['montpellier', 'Montpellier', 43.6108, 3.8767, '34000', 'occitanie', 'occitanie', '4'],
    ['strasbourg', 'Strasbourg', 48.5734, 7.7521, '67000', 'grand-est', 'alsace', '3'],
    ['bordeaux', 'Bordeaux', 44.8378, -0.5792, '33000', 'nouvelle-aquitaine', 'aquitaine', '5'],
    ['lille', 'Lille', 50.6292, 3.0573, '59000', 'hauts-de-france', 'nord', '3'],
    ['rennes', 'Rennes', 48.1173, -1.6778, '35000', 'bretagne', 'grand-ouest', '2'],
    ['grenoble', 'Grenoble', 45.1885, 5.7245, '38000', 'auvergne-rhone-alpes', 'rhone-alpes', '4'],
  ],
  IT: [
    ['roma', 'Roma', 41.9028, 12.4964, '00184', 'lazio', 'lazio', '06'],
    ['milano', 'Milano', 45.4642, 9.19, '20121', 'lombardia', 'lombardia', '02'],
    ['napoli', 'Napoli', 40.8518, 14.2681, '80133', 'campania', 'campania', '081'],
    ['torino', 'Torino', 45.0703, 7.6869, '10121', 'piemonte', 'piemonte', '011'],
    ['genova', 'Genova', 44.4056, 8.9463, '16121', 'liguria', 'liguria', '010'],
    ['bologna', 'Bologna', 44.4949, 11.3426, '40121', 'emilia-romagna', 'emilia-romagna', '051'],
    ['firenze', 'Firenze', 43.7696, 11.2558, '50123', 'toscana', 'toscana', '055'],
    ['bari', 'Bari', 41.1171, 16.8719, '70121', 'puglia', 'puglia', '080'],
    ['verona', 'Verona', 45.4384, 10.9916, '37121', 'veneto', 'veneto', '045'],
    ['padova', 'Padova', 45.4064, 11.8768, '35122', 'veneto', 'veneto', '049'],
    ['brescia', 'Brescia', 45.5416, 10.2118, '25121', 'lombardia', 'lombardia', '030'],
    ['bergamo', 'Bergamo', 45.6983, 9.6773, '24121', 'lombardia', 'lombardia', '035'],
  ],
  PL: [
    ['warszawa', 'Warszawa', 52.2297, 21.0122, '02-672', 'mazowieckie', 'mazowieckie', '22'],
    ['krakow', 'Kraków', 50.0647, 19.945, '31-564', 'malopolskie', 'malopolskie', '12'],
    ['wroclaw', 'Wrocław', 51.1079, 17.0385, '53-611', 'dolnoslaskie', 'dolnoslaskie', '71'],
    ['lodz', 'Łódź', 51.7592, 19.456, '93-231', 'lodzkie', 'lodzkie', '42'],
    ['poznan', 'Poznań', 52.4064, 16.9252, '61-144', 'wielkopolskie', 'wielkopolskie', '61'],
    ['gdansk', 'Gdańsk', 54.352, 18.6466, '80-298', 'pomorskie', 'pomorskie', '58'],
    ['szczecin', 'Szczecin', 53.4285, 14.5528, '71-004', 'zachodniopomorskie', 'zachodniopomorskie', '91'],
    ['katowice', 'Katowice', 50.2649, 19.0238, '40-203', 'slaskie', 'slask', '32'],
    ['lublin', 'Lublin', 51.2465, 22.5684, '20-484', 'lubelskie', 'lubelskie', '81'],
    ['bydgoszcz', 'Bydgoszcz', 53.1235, 18.0084, '85-758', 'kujawsko-pomorskie', 'kujawsko-pomorskie', '52'],
  ],
  PT: [
    ['lisboa', 'Lisboa', 38.7223, -9.1393, '1050-094', 'lisboa', 'lisboa', '21'],
    ['porto', 'Porto', 41.1579, -8.6291, '4000-322', 'porto', 'porto', '22'],
    ['braga', 'Braga', 41.5454, -8.4265, '4700-035', 'braga', 'minho', '253'],
    ['coimbra', 'Coimbra', 40.2033, -8.4103, '3000-150', 'coimbra', 'centro', '239'],
    ['setubal', 'Setúbal', 38.5244, -8.8882, '2900-034', 'setubal', 'lisboa', '265'],
    ['aveiro', 'Aveiro', 40.6405, -8.6538, '3800-200', 'aveiro', 'centro', '234'],
    ['faro', 'Faro', 37.0194, -7.9322, '8000-175', 'faro', 'algarve', '289'],
    ['leiria', 'Leiria', 39.7436, -8.8071, '2400-137', 'leiria', 'centro', '244'],
    ['viseu', 'Viseu', 40.6566, -7.9125, '3500-010', 'viseu', 'centro', '232'],
  ],
};

/** Every reference city, grouped by country (countries in alphabetical order, largest city first). */
export const CITIES: readonly City[] = (Object.keys(ROWS) as CountryCode[]).flatMap((country) =>
  ROWS[country].map(
    ([slug, name, lat, lng, postcode, region, hub, areaCode, language]): City => ({
      slug,
      name,
      country,
      lat,
      lng,
      postcode,
      region,
      hub,
      areaCode,
      language: language ?? DEFAULT_LANGUAGE[country],
    }),
  ),
);

/** The cities of one country, largest first. */
export function citiesOf(country: CountryCode): readonly City[] {
  return CITIES.filter((c) => c.country === country);
}
