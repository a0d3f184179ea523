/**
 * Demo dealers: per country, in the reference cities (largest first), named and addressed the local way,
 * each selling a handful of brands; together a country's dealers sell every brand.
 */
import type { CountryCode } from '../../markets.ts';
import type { Dealer } from '../dealer.ts';
import { BRANDS } from '../reference/brands.ts';
import { type City, citiesOf } from '../reference/cities.ts';
import type { DemoRandom } from './DemoRandom.ts';
import { localNamesOf } from './localNames.ts';
import { brandWeight } from './marketShares.ts';
import { openingHours } from './openingHours.ts';
import { phoneNumber } from './phoneNumber.ts';
import { toSlug } from './toSlug.ts';

/** A generated dealer with the city it stands in (the generator needs the city for stock references). */
export interface DemoDealer {
  readonly dealer: Dealer;
  readonly city: City;
  /** Relative size of the dealer's stock (bigger cities, bigger stock). */
  readonly weight: number;
}

const FIRST_DEALER_ID = 1001;

/** `perCountry` dealers in every country, in country order; ids are consecutive from 1001. */
export function generateDemoDealers(
  rng: DemoRandom,
  countries: readonly CountryCode[],
  perCountry: number,
): DemoDealer[] {
  const out: DemoDealer[] = [];
  for (const country of countries) {
    const cities = citiesOf(country);
    const names = new Set<string>();
    const dealers: DemoDealer[] = [];
    for (let i = 0; i < perCountry; i++) {
      const city = cities[i % cities.length]!;
      const dealerId = String(FIRST_DEALER_ID + out.length + dealers.length);
      dealers.push({
        dealer: dealerIn(rng, city, dealerId, names),
        city,
        weight: 1 / (1 + 0.12 * (i % cities.length)),
      });
    }
    coverAllBrands(country, dealers);
    out.push(...dealers);
  }
  return out;
}

function dealerIn(rng: DemoRandom, city: City, dealerId: string, taken: Set<string>): Dealer {
  const local = localNamesOf(city);
  const name = uniqueName(rng, city, taken);
  const german = city.language === 'de';
  const nameSlug = toSlug(name, german);
  // `region/name`, with the city in the name part when the name itself does not carry it.
  const slug = `${city.region}/${nameSlug.includes(city.slug) ? nameSlug : `${city.slug}-${nameSlug}`}`;
  return {
    dealerId,
    name,
    slug,
    hub: city.hub,
    brands: pickBrands(rng, city.country),
    address: {
      street: local.address(rng.pick(local.streets), rng.int(1, 180)),
      postcode: city.postcode,
      city: city.name,
      country: city.country,
    },
    // Dealers sit on the city's outskirts: a few kilometres around the centre.
    coordinates: {
      lat: round5(city.lat + rng.between(-0.035, 0.035)),
      lng: round5(city.lng + rng.between(-0.05, 0.05)),
    },
    phone: phoneNumber(city, rng),
    // `.example` (RFC 2606): demo addresses must never reach a real mailbox.
    email: `${local.mailbox}@${nameSlug}.${city.country.toLowerCase()}.example`,
    openingHours: openingHours(city.country, rng),
  };
}

function uniqueName(rng: DemoRandom, city: City, taken: Set<string>): string {
  const local = localNamesOf(city);
  for (let attempt = 0; ; attempt++) {
    const name = rng
      .pick(local.patterns)
      .replace('{city}', city.name)
      .replace('{district}', rng.pick(local.districts))
      .replace('{surname}', rng.pick(local.surnames));
    // After a few clashes, a branch number makes the name unique whatever the seed.
    const candidate = attempt < 8 ? name : `${name} ${attempt - 6}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

// A dealer group sells 3 to 7 brands, local favourites more often.
function pickBrands(rng: DemoRandom, country: CountryCode): string[] {
  const pool = BRANDS.map((b) => b.slug);
  const count = rng.int(3, 7);
  const chosen: string[] = [];
  while (chosen.length < count) {
    const slug = rng.weighted(pool, (s) => (chosen.includes(s) ? 0 : brandWeight(country, s)));
    chosen.push(slug);
  }
  return chosen.sort();
}

// Every brand must be sold somewhere in each country: give the missing ones to the dealers with fewest brands.
function coverAllBrands(country: CountryCode, dealers: DemoDealer[]): void {
  if (dealers.length === 0) return;
  const sold = new Set(dealers.flatMap((d) => d.dealer.brands));
  const missing = BRANDS.map((b) => b.slug).filter((s) => !sold.has(s));
  missing.sort((a, b) => brandWeight(country, b) - brandWeight(country, a) || a.localeCompare(b));
  for (const slug of missing) {
    const target = dealers.reduce((min, d) => (d.dealer.brands.length < min.dealer.brands.length ? d : min));
    target.dealer.brands.push(slug);
    target.dealer.brands.sort();
  }
}

function round5(value: number): number {
  return Math.round(value * 100_000) / 100_000;
}
