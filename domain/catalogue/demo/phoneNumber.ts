/** Demo landline numbers in each country's international format, with the city's real area code. */
import type { CountryCode } from '../../markets.ts';
import type { City } from '../reference/cities.ts';
import type { DemoRandom } from './DemoRandom.ts';

const COUNTRY_CALLING_CODE: Readonly<Record<CountryCode, string>> = {
  AT: '43',
  BE: '32',
  DE: '49',
  ES: '34',
  FR: '33',
  IT: '39',
  PL: '48',
  PT: '351',
};

// How many subscriber digits follow the area code (national numbering plans).
function subscriberLength(country: CountryCode, areaCode: string): number {
  switch (country) {
    case 'FR':
    case 'ES':
    case 'PL':
    case 'PT':
      return 9 - areaCode.length;
    case 'BE':
      return 8 - areaCode.length;
    case 'IT':
      return 10 - areaCode.length;
    case 'DE':
      return Math.max(6, 10 - areaCode.length);
    case 'AT':
      return Math.max(6, 8 - areaCode.length);
  }
}

// Groups of digits as written locally (`+33 4 72 12 34 56`, `+34 912 345 678`, `+48 22 123 45 67`).
function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

function format(country: CountryCode, area: string, subscriber: string): string {
  switch (country) {
    case 'FR':
      return `${area} ${group(subscriber, [2, 2, 2, 2])}`;
    case 'ES':
    case 'PT':
      return group(area + subscriber, [3, 3, 3]);
    case 'PL':
    case 'BE':
      return `${area} ${subscriber.length === 7 ? group(subscriber, [3, 2, 2]) : group(subscriber, [2, 2, 2])}`;
    case 'IT':
      return `${area} ${group(subscriber, [subscriber.length - 4, 4])}`;
    case 'DE':
    case 'AT':
      return `${area} ${subscriber}`;
  }
}

/** A plausible landline number of a business in `city`, e.g. `+49 89 45678123`. */
export function phoneNumber(city: Pick<City, 'country' | 'areaCode'>, rng: DemoRandom): string {
  const length = subscriberLength(city.country, city.areaCode);
  // Subscriber numbers never start with 0 or 1 (trunk and service prefixes).
  let subscriber = String(rng.int(2, 9));
  for (let i = 1; i < length; i++) subscriber += String(rng.int(0, 9));
  return `+${COUNTRY_CALLING_CODE[city.country]} ${format(city.country, city.areaCode, subscriber)}`;
}
