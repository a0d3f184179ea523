import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { LOCALES, type Locale, MARKETS } from '../markets.ts';
import { DELIVERY_TARIFFS, ROAD_FACTOR } from './deliveryTariffs.ts';
import { greatCircleKm } from './greatCircleKm.ts';
import { areasOf } from './postcodeArea.ts';
import {
  type DeliveryOrigin,
  type DeliveryRequest,
  homeDeliveryDays,
  homeDeliveryPrice,
  quoteDelivery,
  roadKm,
} from './quoteDelivery.ts';

const PARIS_DEALER: DeliveryOrigin = {
  coordinates: { lat: 48.8566, lng: 2.3522 },
  postcode: '75015',
  country: 'FR',
};
const request = (overrides: Partial<DeliveryRequest> = {}): DeliveryRequest => ({
  market: 'fr',
  type: 'driver',
  dealer: PARIS_DEALER,
  postcode: '69002',
  carCondition: 'used',
  orderedOn: '2030-01-07', // a Monday
  ...overrides,
});

describe('great circle and road distance', () => {
  it('given Paris and Lyon, then the great circle is ~392 km and the road estimate 1.3 times that', () => {
    const paris = { lat: 48.8566, lng: 2.3522 };
    const lyon = { lat: 45.764, lng: 4.8357 };
    expect(greatCircleKm(paris, lyon)).toBeCloseTo(391.5, 0);
    expect(roadKm(paris, lyon)).toBe(Math.ceil(greatCircleKm(paris, lyon) * ROAD_FACTOR));
    expect(greatCircleKm(paris, paris)).toBe(0);
  });
});

describe('delivery quote', () => {
  it('given pickup at the dealer, then it is free and ready after the preparation days, with no postcode needed', () => {
    const quote = quoteDelivery(request({ type: 'pickup', postcode: undefined }));
    expect(quote).toEqual({
      deliverable: true,
      type: 'pickup',
      price: { amount: 0, currency: 'EUR' },
      distanceKm: 0,
      etaWorkingDays: 2,
      earliestDate: '2030-01-09',
    });
  });

  it('given a Paris dealer and a buyer in Lyon, when a driver delivers, then base + rate per road km, rounded up to the euro', () => {
    const quote = quoteDelivery(request());
    // Lyon's area (69) stands at 45.76, 4.84: 392 km great circle, 510 km by road.
    expect(quote).toMatchObject({
      deliverable: true,
      distanceKm: 510,
      destination: { postcode: '69002', areaPrefix: '69', areaName: 'Lyon' },
    });
    if (!quote.deliverable) throw new Error('deliverable');
    expect(quote.price).toEqual({ amount: Math.ceil((9_900 + 90 * 510) / 100) * 100, currency: 'EUR' });
    expect(quote.price.amount).toBe(55_800);
    // 3 lead days + 1 day for 510 km → Monday + 4 working days = Friday.
    expect(quote.etaWorkingDays).toBe(4);
    expect(quote.earliestDate).toBe('2030-01-11');
  });

  it('given a truck, then it costs more than a driver over the same distance and takes longer', () => {
    const driver = quoteDelivery(request());
    const truck = quoteDelivery(request({ type: 'truck' }));
    if (!driver.deliverable || !truck.deliverable) throw new Error('deliverable');
    expect(truck.price.amount).toBeGreaterThan(driver.price.amount);
    expect(truck.etaWorkingDays).toBeGreaterThan(driver.etaWorkingDays);
  });

  it('given a new car, when a driver is asked for, then it is not deliverable that way; by truck it is', () => {
    expect(quoteDelivery(request({ carCondition: 'new' }))).toMatchObject({
      deliverable: false,
      reason: 'new_car_by_truck_only',
    });
    expect(quoteDelivery(request({ carCondition: 'new', type: 'truck' }))).toMatchObject({
      deliverable: true,
    });
  });

  it('given a buyer beyond the market maximum, then it is not deliverable, with the distance and the maximum', () => {
    // Nice → Quimper: ~1 000 km great circle, ~1 300 by road; the French maximum is 1 200.
    const nice: DeliveryOrigin = {
      coordinates: { lat: 43.7102, lng: 7.262 },
      postcode: '06000',
      country: 'FR',
    };
    const far = quoteDelivery(request({ dealer: nice, postcode: '29000' }));
    expect(far).toMatchObject({
      deliverable: false,
      reason: 'too_far',
      maxKm: 1_200,
      destination: { areaName: 'Quimper' },
    });
    if (far.deliverable) throw new Error('not deliverable');
    expect(far.distanceKm).toBeGreaterThan(1_200);
    // Nice → Lyon stays within it.
    expect(quoteDelivery(request({ dealer: nice }))).toMatchObject({ deliverable: true });
  });

  it('given a mainland dealer and a buyer in Corsica, then there is no road: not deliverable (sea crossing)', () => {
    expect(quoteDelivery(request({ postcode: '20000' }))).toMatchObject({
      deliverable: false,
      reason: 'sea_crossing',
      destination: { areaPrefix: '200' },
    });
    const ajaccio: DeliveryOrigin = {
      coordinates: { lat: 41.93, lng: 8.74 },
      postcode: '20090',
      country: 'FR',
    };
    expect(quoteDelivery(request({ dealer: ajaccio, postcode: '20200' }))).toMatchObject({
      deliverable: true,
    });
  });

  it('given the Polish market, then the quote is in złoty', () => {
    const warszawa: DeliveryOrigin = {
      coordinates: { lat: 52.2297, lng: 21.0122 },
      postcode: '02-672',
      country: 'PL',
    };
    const quote = quoteDelivery(request({ market: 'pl', dealer: warszawa, postcode: '30-001' }));
    expect(quote).toMatchObject({
      deliverable: true,
      price: { currency: 'PLN' },
      destination: { areaName: 'Kraków' },
    });
  });

  it('given a malformed or foreign postcode, then it is a validation error on the postcode', () => {
    expect(() => quoteDelivery(request({ postcode: '6900' }))).toThrow(ValidationError);
    expect(() => quoteDelivery(request({ postcode: undefined }))).toThrow(/postcode/);
    // A Belgian postcode in the French market: 4 digits are not a French postcode.
    expect(() => quoteDelivery(request({ postcode: '1000' }))).toThrow(/is not a postcode of FR/);
  });

  it('given a bad order date, then it is a validation error on orderedOn', () => {
    expect(() => quoteDelivery(request({ orderedOn: '2030-02-30' }))).toThrow(/orderedOn/);
  });

  it('the price never decreases as the road distance grows, in every market and for both home types', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom('driver' as const, 'truck' as const),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        (market: Locale, type, a, b) => {
          const tariff = DELIVERY_TARIFFS[market];
          const [near, far] = a <= b ? [a, b] : [b, a];
          expect(homeDeliveryPrice(tariff, type, near).amount).toBeLessThanOrEqual(
            homeDeliveryPrice(tariff, type, far).amount,
          );
          expect(homeDeliveryDays(tariff, type, near)).toBeLessThanOrEqual(
            homeDeliveryDays(tariff, type, far),
          );
          const price = homeDeliveryPrice(tariff, type, far);
          expect(price.amount % tariff.roundTo).toBe(0);
          expect(price.currency).toBe(MARKETS[market].currency);
        },
      ),
    );
  });

  it('for any dealer area and buyer area of a market, a home quote is a price ≥ the base or a reason, never a throw', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.nat(), fc.nat(), (market, i, j) => {
        const areas = areasOf(MARKETS[market].country);
        const from = areas[i % areas.length]!;
        const to = areas[j % areas.length]!;
        const postcode = (prefix: string) =>
          market === 'pl'
            ? `${prefix}-001`
            : ['at', 'fr-BE', 'nl-BE', 'pt'].includes(market)
              ? prefix.padEnd(4, '0')
              : prefix.padEnd(5, '0');
        const quote = quoteDelivery(
          request({
            market,
            dealer: { coordinates: from, postcode: postcode(from.prefix), country: from.country },
            postcode: postcode(to.prefix),
          }),
        );
        if (quote.deliverable) {
          expect(quote.price.amount).toBeGreaterThanOrEqual(DELIVERY_TARIFFS[market].driver.base);
          expect(quote.distanceKm).toBeLessThanOrEqual(DELIVERY_TARIFFS[market].maxKm);
        } else {
          expect(['too_far', 'sea_crossing']).toContain(quote.reason);
          expect(quote.reason === 'sea_crossing').toBe(from.landmass !== to.landmass);
        }
      }),
    );
  });
});
