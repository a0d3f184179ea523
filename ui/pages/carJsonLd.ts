/** schema.org `Car` with its `Offer` and the dealer as seller, for a car's detail page. */

import type { CarStatus } from '../../domain/catalogue/car.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import { carShareImageUrl } from '../api/apiClient.ts';
import type { CarDetail } from '../api/types.ts';
import type { Translator } from '../i18n/createTranslator.ts';

const AVAILABILITY: Record<CarStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
  withdrawn: 'https://schema.org/Discontinued',
};

/** The JSON-LD of `car`, its URLs absolute (`url`: the page's canonical URL). */
export function carJsonLd(
  car: CarDetail,
  t: Translator,
  url: string,
  origin: string,
): Record<string, unknown> {
  const name = `${brandName(car.brand)} ${modelName(car.brand, car.model)} ${car.version}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    url,
    image: `${origin}${carShareImageUrl(car)}`,
    sku: car.reference,
    brand: { '@type': 'Brand', name: brandName(car.brand) },
    model: modelName(car.brand, car.model),
    vehicleConfiguration: car.version,
    vehicleModelDate: String(car.year),
    ...(car.firstRegistration ? { dateVehicleFirstRegistered: car.firstRegistration } : {}),
    itemCondition:
      car.condition === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.mileageKm, unitCode: 'KMT' },
    fuelType: t.label('fuel', car.fuel),
    vehicleTransmission: t.label('gearbox', car.gearbox),
    bodyType: t.label('body', car.body),
    color: t.label('colour', car.colour),
    numberOfDoors: car.doors,
    seatingCapacity: car.seats,
    vehicleEngine: {
      '@type': 'EngineSpecification',
      enginePower: { '@type': 'QuantitativeValue', value: car.powerKw, unitCode: 'KWT' },
    },
    emissionsCO2: car.co2,
    offers: {
      '@type': 'Offer',
      url,
      price: (car.price.amount / 100).toFixed(2),
      priceCurrency: car.price.currency,
      availability: AVAILABILITY[car.status],
      seller: {
        '@type': 'AutoDealer',
        name: car.dealer.name,
        telephone: car.dealer.phone,
        address: {
          '@type': 'PostalAddress',
          streetAddress: car.dealer.street,
          postalCode: car.dealer.postcode,
          addressLocality: car.dealer.city,
          addressCountry: car.dealer.country,
        },
      },
    },
  };
}
