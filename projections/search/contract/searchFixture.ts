/**
 * A small, hand-made stock for the search contract: few enough cars that every expected count can be
 * checked by eye. Two dealers in France (Lyon, Paris), one in Germany.
 */
import type { CarFacts } from '../../../domain/catalogue/car.ts';
import type { Dealer } from '../../../domain/catalogue/dealer.ts';

const hours = [{ day: 'mon' as const, opens: '09:00', closes: '18:00' }];
const dealer = (dealerId: string, city: string, country: 'FR' | 'DE', hub: string): Dealer => ({
  dealerId,
  name: `Garage ${city}`,
  slug: `${hub}/${city.toLowerCase()}`,
  hub,
  brands: ['bmw', 'renault', 'tesla'],
  address: { street: '1 rue du Test', postcode: '69001', city, country },
  coordinates: { lat: 45.76, lng: 4.83 },
  phone: '+33 4 00 00 00 00',
  email: `${city.toLowerCase()}@example.com`,
  openingHours: hours,
});

export const FIXTURE_DEALERS: Dealer[] = [
  dealer('11', 'Lyon', 'FR', 'auvergne-rhone-alpes'),
  dealer('12', 'Paris', 'FR', 'ile-de-france'),
  dealer('21', 'Berlin', 'DE', 'berlin'),
];

let next = 1000;
const car = (overrides: Partial<CarFacts> & Pick<CarFacts, 'brand' | 'model' | 'version'>): CarFacts => {
  next += 1;
  return {
    carId: String(next),
    reference: `REF-${next}`,
    condition: 'used',
    country: 'FR',
    dealerId: '11',
    year: 2020,
    firstRegistration: '2020-03',
    mileageKm: 40_000,
    fuel: 'petrol',
    gearbox: 'manual',
    body: 'hatchback',
    colour: 'grey',
    powerKw: 100,
    doors: 5,
    seats: 5,
    co2: 120,
    equipment: ['air_conditioning'],
    price: { amount: 1_500_000, currency: 'EUR' },
    ...overrides,
  };
};

/** Ten cars for sale in France, one withdrawn, one sold, two in Germany. */
export const FIXTURE_CARS = {
  clioPetrol: car({
    brand: 'renault',
    model: 'clio',
    version: 'TCe 90 Evolution',
    price: { amount: 1_290_000, currency: 'EUR' },
  }),
  clioDiesel: car({
    brand: 'renault',
    model: 'clio',
    version: 'Blue dCi 100 Techno',
    fuel: 'diesel',
    mileageKm: 80_000,
    year: 2019,
    price: { amount: 1_090_000, currency: 'EUR' },
  }),
  clioParis: car({
    brand: 'renault',
    model: 'clio',
    version: 'E-Tech 145 Esprit Alpine',
    fuel: 'hybrid',
    gearbox: 'automatic',
    dealerId: '12',
    year: 2023,
    mileageKm: 9_000,
    price: { amount: 2_190_000, currency: 'EUR' },
  }),
  megane: car({
    brand: 'renault',
    model: 'megane',
    version: 'E-Tech EV60 Iconic',
    fuel: 'electric',
    gearbox: 'automatic',
    co2: 0,
    year: 2022,
    mileageKm: 21_000,
    colour: 'blue',
    price: { amount: 2_790_000, currency: 'EUR' },
  }),
  x3: car({
    brand: 'bmw',
    model: 'x3',
    version: 'xDrive20d M Sport',
    fuel: 'diesel',
    gearbox: 'automatic',
    body: 'suv',
    colour: 'black',
    year: 2021,
    mileageKm: 55_000,
    price: { amount: 3_990_000, currency: 'EUR' },
  }),
  x3Paris: car({
    brand: 'bmw',
    model: 'x3',
    version: 'xDrive30e',
    fuel: 'plug_in_hybrid',
    gearbox: 'automatic',
    body: 'suv',
    colour: 'white',
    dealerId: '12',
    year: 2022,
    mileageKm: 30_000,
    price: { amount: 4_490_000, currency: 'EUR' },
  }),
  serie3: car({
    brand: 'bmw',
    model: 'serie-3',
    version: '320d Touring Luxury',
    fuel: 'diesel',
    gearbox: 'automatic',
    body: 'estate',
    year: 2018,
    mileageKm: 120_000,
    price: { amount: 2_150_000, currency: 'EUR' },
  }),
  model3: car({
    brand: 'tesla',
    model: 'model-3',
    version: 'Long Range AWD',
    fuel: 'electric',
    gearbox: 'automatic',
    body: 'sedan',
    co2: 0,
    colour: 'white',
    dealerId: '12',
    year: 2021,
    mileageKm: 60_000,
    price: { amount: 2_990_000, currency: 'EUR' },
  }),
  model3New: car({
    brand: 'tesla',
    model: 'model-3',
    version: 'Propulsion',
    condition: 'new',
    fuel: 'electric',
    gearbox: 'automatic',
    body: 'sedan',
    co2: 0,
    colour: 'red',
    year: 2026,
    firstRegistration: undefined,
    mileageKm: 10,
    price: { amount: 3_999_000, currency: 'EUR' },
  }),
  clioNew: car({
    brand: 'renault',
    model: 'clio',
    version: 'TCe 90 Techno',
    condition: 'new',
    year: 2026,
    firstRegistration: undefined,
    mileageKm: 5,
    price: { amount: 2_150_000, currency: 'EUR' },
  }),
  withdrawn: car({ brand: 'renault', model: 'clio', version: 'TCe 75 Life' }),
  sold: car({ brand: 'bmw', model: 'x3', version: 'sDrive18d' }),
  berlinX3: car({ brand: 'bmw', model: 'x3', version: 'xDrive20d', country: 'DE', dealerId: '21' }),
  berlinClio: car({ brand: 'renault', model: 'clio', version: 'TCe 90', country: 'DE', dealerId: '21' }),
} as const;
