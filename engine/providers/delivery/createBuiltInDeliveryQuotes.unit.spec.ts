import { describe, expect, it } from 'vitest';
import { DELIVERY_TARIFFS } from '../../../domain/delivery/deliveryTariffs.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { createBuiltInDeliveryQuotes } from './createBuiltInDeliveryQuotes.ts';

const lyonBuyer = {
  market: 'fr' as const,
  dealer: { coordinates: { lat: 48.8566, lng: 2.3522 }, postcode: '75015', country: 'FR' as const },
  postcode: '69002',
  carCondition: 'used' as const,
  orderedOn: '2030-01-07',
};

describe('built-in delivery quotes', () => {
  it('given a destination, when all types are quoted, then pickup, driver and truck come back in that order', async () => {
    const quotes = await createBuiltInDeliveryQuotes().quoteAll(lyonBuyer);
    expect(quotes.map((q) => [q.type, q.deliverable])).toEqual([
      ['pickup', true],
      ['driver', true],
      ['truck', true],
    ]);
  });

  it('given a tariff of its own for a market, then quotes use it', async () => {
    const quotes = createBuiltInDeliveryQuotes({
      tariffs: {
        fr: { ...DELIVERY_TARIFFS.fr, driver: { ...DELIVERY_TARIFFS.fr.driver, base: 0, perKm: 100 } },
      },
    });
    expect(await quotes.quote({ ...lyonBuyer, type: 'driver' })).toMatchObject({ price: { amount: 51_000 } });
  });

  it('given input from outside with bad fields, then a validation error names each field', async () => {
    const quotes = createBuiltInDeliveryQuotes();
    const bad = {
      ...lyonBuyer,
      market: 'uk',
      type: 'drone',
      dealer: { ...lyonBuyer.dealer, coordinates: { lat: 91, lng: 0 } },
    };
    const error = await quotes.quote(bad as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
      'dealer.coordinates.lat',
      'market',
      'type',
    ]);
  });

  it('given an unknown postcode, then the error is on the postcode', async () => {
    const error = await createBuiltInDeliveryQuotes()
      .quote({ ...lyonBuyer, type: 'truck', postcode: '97100' })
      .catch((e: unknown) => e);
    expect((error as ValidationError).details.fields).toEqual({ postcode: ['is in no delivery area of FR'] });
  });

  it('given a market, then its tariff says how prices are made (PLN in Poland, replaced where asked)', async () => {
    expect(await createBuiltInDeliveryQuotes().tariff('pl')).toEqual(DELIVERY_TARIFFS.pl);
    const own = { ...DELIVERY_TARIFFS.fr, maxKm: 10 };
    expect(await createBuiltInDeliveryQuotes({ tariffs: { fr: own } }).tariff('fr')).toBe(own);
  });
});
