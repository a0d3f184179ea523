/**
 * A postcode that stands for a whole postcode area (its prefix followed by zeros, in the country's
 * spelling): what a price list per area is quoted for.
 */
import type { CountryCode } from '../markets.ts';
import { normalisePostcode, type PostcodeArea } from './postcodeArea.ts';

/** Digits of a postcode (Portugal's CP4: the part that locates the area). */
const DIGITS: Readonly<Record<CountryCode, number>> = {
  AT: 4,
  BE: 4,
  DE: 5,
  ES: 5,
  FR: 5,
  IT: 5,
  PL: 5,
  PT: 4,
};

/** `75` in France → `75000`; `00` in Poland → `00-000`; `10` in Portugal → `1000`. */
export function areaPostcode(area: Pick<PostcodeArea, 'country' | 'prefix'>): string {
  return normalisePostcode(area.country, area.prefix.padEnd(DIGITS[area.country], '0'));
}
