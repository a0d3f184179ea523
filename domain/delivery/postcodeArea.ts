/**
 * Postcode areas of the nine markets' countries: the postcode formats, and one area per postcode prefix
 * (two digits, three for Corsica) with the coordinates of its main town, so a delivery can be priced by
 * distance without a geocoding service. An area stands for every address whose postcode starts with its
 * prefix; distances from it are estimates at the scale of a département, province or Leitregion.
 */
import { ValidationError } from '../errors.ts';
import type { CountryCode } from '../markets.ts';
import type { AreaRow } from './areas/areaRow.ts';
import { AT_AREAS } from './areas/at.ts';
import { BE_AREAS } from './areas/be.ts';
import { DE_AREAS } from './areas/de.ts';
import { ES_AREAS } from './areas/es.ts';
import { FR_AREAS } from './areas/fr.ts';
import { IT_AREAS } from './areas/it.ts';
import { PL_AREAS } from './areas/pl.ts';
import { PT_AREAS } from './areas/pt.ts';

/** Where a postcode area is, and what it is called. */
export interface PostcodeArea {
  readonly country: CountryCode;
  /** The postcode prefix the area stands for (`75`, `201`, `00`). */
  readonly prefix: string;
  /** The area's main town, whose coordinates stand for the area. */
  readonly name: string;
  readonly lat: number;
  readonly lng: number;
  /**
   * `mainland`, or the island (group) or exclave the area is on: deliveries by road stay on one
   * landmass (Corsica, the Balearics, Sicily, Madeira, each Azores group, Ceuta, …).
   */
  readonly landmass: string;
}

/** A postcode in its country's canonical spelling, and its area. */
export interface LocatedPostcode {
  readonly country: CountryCode;
  readonly postcode: string;
  readonly area: PostcodeArea;
}

interface PostcodeFormat {
  /** Checked after normalisation (spaces removed, the hyphen put in where the format has one). */
  readonly pattern: RegExp;
  readonly example: string;
  readonly describe: string;
}

export const POSTCODE_FORMATS: Readonly<Record<CountryCode, PostcodeFormat>> = {
  AT: { pattern: /^[1-9]\d{3}$/, example: '1010', describe: '4 digits' },
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000', describe: '4 digits' },
  DE: { pattern: /^\d{5}$/, example: '10115', describe: '5 digits' },
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28001', describe: '5 digits, province 01–52' },
  FR: { pattern: /^\d{5}$/, example: '75015', describe: '5 digits' },
  IT: { pattern: /^\d{5}$/, example: '00184', describe: '5 digits' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950', describe: 'NN-NNN' },
  // CP4-CP3; the CP4 alone (four digits) locates the area just as well.
  PT: { pattern: /^[1-9]\d{3}(?:-\d{3})?$/, example: '1000-001', describe: 'NNNN-NNN' },
};

const TABLES: Readonly<Record<CountryCode, readonly AreaRow[]>> = {
  AT: AT_AREAS,
  BE: BE_AREAS,
  DE: DE_AREAS,
  ES: ES_AREAS,
  FR: FR_AREAS,
  IT: IT_AREAS,
  PL: PL_AREAS,
  PT: PT_AREAS,
};

/** Every area of every country. */
export const POSTCODE_AREAS: readonly PostcodeArea[] = (Object.keys(TABLES) as CountryCode[]).flatMap(
  (country) =>
    TABLES[country].map(
      ([prefix, name, lat, lng, landmass]): PostcodeArea => ({
        country,
        prefix,
        name,
        lat,
        lng,
        landmass: landmass ?? 'mainland',
      }),
    ),
);

const BY_PREFIX: ReadonlyMap<string, PostcodeArea> = new Map(
  POSTCODE_AREAS.map((a) => [`${a.country}:${a.prefix}`, a]),
);

/** The canonical spelling of a postcode: no spaces, `NN-NNN` in Poland, `NNNN-NNN` in Portugal. */
export function normalisePostcode(country: CountryCode, raw: string): string {
  const compact = raw.trim().replace(/\s+/g, '');
  if (country === 'PL' && /^\d{5}$/.test(compact)) return `${compact.slice(0, 2)}-${compact.slice(2)}`;
  if (country === 'PT' && /^\d{7}$/.test(compact)) return `${compact.slice(0, 4)}-${compact.slice(4)}`;
  return compact;
}

/** Whether `raw` is spelled like a postcode of `country` (it may still be in no area we serve). */
export function isPostcodeOf(country: CountryCode, raw: string): boolean {
  return POSTCODE_FORMATS[country].pattern.test(normalisePostcode(country, raw));
}

/**
 * The area of a postcode (longest prefix first: Corsica's three digits before two). A malformed postcode,
 * or one of an area the table does not serve (overseas France, an unused Leitregion), is a
 * ValidationError on `field`.
 */
export function locatePostcode(country: CountryCode, raw: string, field = 'postcode'): LocatedPostcode {
  const format = POSTCODE_FORMATS[country];
  const postcode = normalisePostcode(country, raw);
  if (!format.pattern.test(postcode)) {
    throw ValidationError.field(
      field,
      `is not a postcode of ${country} (${format.describe}, e.g. ${format.example})`,
    );
  }
  const area =
    BY_PREFIX.get(`${country}:${postcode.slice(0, 3)}`) ??
    BY_PREFIX.get(`${country}:${postcode.slice(0, 2)}`);
  if (!area) throw ValidationError.field(field, `is in no delivery area of ${country}`);
  return { country, postcode, area };
}

/** The areas of one country, in table order. */
export function areasOf(country: CountryCode): readonly PostcodeArea[] {
  return POSTCODE_AREAS.filter((a) => a.country === country);
}
