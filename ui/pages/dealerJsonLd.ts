/** schema.org `AutoDealer` for a dealer's page: address, position, contacts, opening hours. */
import type { DealerSummary } from '../api/types.ts';

const DAYS = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
} as const;

export function dealerJsonLd(dealer: DealerSummary, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: dealer.name,
    url,
    telephone: dealer.phone,
    email: dealer.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: dealer.street,
      postalCode: dealer.postcode,
      addressLocality: dealer.city,
      addressCountry: dealer.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: dealer.lat, longitude: dealer.lng },
    openingHoursSpecification: dealer.openingHours.map((slot) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAYS[slot.day]}`,
      opens: slot.opens,
      closes: slot.closes,
    })),
  };
}
