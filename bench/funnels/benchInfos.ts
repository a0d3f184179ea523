/** The my-infos form of a private buyer living in each market's country (no imports: the load client uses it). */
const ADDRESSES: Readonly<Record<string, { postcode: string; city: string }>> = {
  AT: { postcode: '1010', city: 'Wien' },
  BE: { postcode: '1000', city: 'Bruxelles' },
  DE: { postcode: '10115', city: 'Berlin' },
  ES: { postcode: '28001', city: 'Madrid' },
  FR: { postcode: '75011', city: 'Paris' },
  IT: { postcode: '20121', city: 'Milano' },
  PL: { postcode: '00-001', city: 'Warszawa' },
  PT: { postcode: '1100-148', city: 'Lisboa' },
};

/** The my-infos form of a private buyer living in `country` (a market sells to its residents). */
export function infosFor(country: string) {
  return {
    buyerType: 'private' as const,
    firstName: 'Camille',
    lastName: 'Martin',
    phone: '+33 6 12 34 56 78',
    address: { line1: '12 rue de la Gare', ...ADDRESSES[country]!, country: country as 'FR' },
  };
}
