/**
 * Which dealer receives a lead: the car's dealer (car leads), the one the buyer chose (dealer page, hub
 * form), or the nearest open dealer of the market's country to the buyer's postcode area (every other
 * kind), by great-circle distance; the dealers selling the page's brand first when one is given.
 */
import { greatCircleKm } from '../delivery/greatCircleKm.ts';
import type { PostcodeArea } from '../delivery/postcodeArea.ts';
import type { CountryCode, Locale } from '../markets.ts';
import type { LeadKind, Routing } from './schemas.ts';

/** What routing needs of a dealer. */
export interface RoutableDealer {
  readonly dealerId: string;
  readonly country: CountryCode;
  readonly postcode: string;
  readonly hub: string;
  readonly brands: readonly string[];
  readonly lat: number;
  readonly lng: number;
}

/** How each kind is routed. */
export const ROUTING_OF: Readonly<Record<LeadKind, Routing>> = {
  car: 'car_dealer',
  dealer: 'chosen',
  hub: 'chosen',
  brand: 'nearest',
  cee: 'nearest',
  contact: 'nearest',
  electric: 'nearest',
  faq: 'nearest',
  finance: 'nearest',
  warranty: 'nearest',
};

/**
 * The nearest dealer to `area` among `dealers` (same country), preferring those selling `brand`; ties go
 * to the lower id. Undefined when the country has no dealer.
 */
export function nearestDealer<D extends RoutableDealer>(
  dealers: readonly D[],
  area: Pick<PostcodeArea, 'country' | 'lat' | 'lng'>,
  brand?: string | null,
): { readonly dealer: D; readonly km: number } | undefined {
  const inCountry = dealers.filter((d) => d.country === area.country);
  const selling = brand ? inCountry.filter((d) => d.brands.includes(brand)) : [];
  const candidates = selling.length > 0 ? selling : inCountry;
  let best: { dealer: D; km: number } | undefined;
  for (const dealer of candidates) {
    const km = greatCircleKm(area, dealer);
    if (
      !best ||
      km < best.km ||
      (km === best.km && dealer.dealerId.localeCompare(best.dealer.dealerId, 'en', { numeric: true }) < 0)
    )
      best = { dealer, km };
  }
  return best;
}

/**
 * The language a dealer is written to in: its market's. Belgium has two: Flanders' postcodes (1500–3999,
 * 8000–9999) get Dutch, Brussels and Wallonia French.
 */
export function dealerLocale(dealer: Pick<RoutableDealer, 'country' | 'postcode'>): Locale {
  switch (dealer.country) {
    case 'AT':
      return 'at';
    case 'DE':
      return 'de';
    case 'ES':
      return 'es';
    case 'FR':
      return 'fr';
    case 'IT':
      return 'it';
    case 'PL':
      return 'pl';
    case 'PT':
      return 'pt';
    case 'BE': {
      const code = Number.parseInt(dealer.postcode, 10);
      const flemish = (code >= 1500 && code <= 3999) || (code >= 8000 && code <= 9999);
      return flemish ? 'nl-BE' : 'fr-BE';
    }
    default: {
      const never: never = dealer.country;
      throw new Error(`unknown country ${String(never)}`);
    }
  }
}
