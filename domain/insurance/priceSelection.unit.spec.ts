import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUELS } from '../catalogue/vocabulary.ts';
import { ValidationError } from '../errors.ts';
import { LOCALES, MARKETS } from '../markets.ts';
import { EXTRA_IDS, EXTRAS } from './extras.ts';
import { INSURANCE_PRODUCT_IDS } from './insuranceProducts.ts';
import {
  type CoverRequest,
  extrasFor,
  insuranceOffersFor,
  priceBand,
  priceSelection,
  type Selection,
} from './priceSelection.ts';

const clio: CoverRequest = {
  market: 'fr',
  carPrice: { amount: 1_899_000, currency: 'EUR' },
  fuel: 'petrol',
  carCondition: 'used',
};
const select = (overrides: Partial<Selection> = {}): Selection => ({
  ...clio,
  insuranceId: null,
  extraIds: [],
  ...overrides,
});
const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.details.fields;
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('insurance offers', () => {
  it('given a 18 990 € car in France, then three covers in the second band, cheapest first', () => {
    expect(insuranceOffersFor(clio)).toEqual([
      { id: 'third-party', label: 'Third party', monthlyPremium: { amount: 2_625, currency: 'EUR' } },
      {
        id: 'third-party-fire-theft',
        label: 'Third party, fire and theft',
        monthlyPremium: { amount: 5_070, currency: 'EUR' },
      },
      { id: 'comprehensive', label: 'Comprehensive', monthlyPremium: { amount: 8_260, currency: 'EUR' } },
    ]);
  });

  it('given złoty prices, then the band is found at the euro equivalent', () => {
    expect(priceBand({ amount: 6_449_900, currency: 'PLN' })).toBe(0); // 64 499 zł ≈ 15 000 €
    expect(priceBand({ amount: 6_450_000, currency: 'PLN' })).toBe(1);
    expect(priceBand({ amount: 8_000_000, currency: 'EUR' })).toBe(4);
  });

  it('given a car price in the wrong currency for the market, then it is a validation error on the currency', () => {
    expect(fieldsOf(() => insuranceOffersFor({ ...clio, market: 'pl' }))).toEqual({
      'carPrice.currency': ['must be PLN in market pl'],
    });
  });

  it('a dearer car never has a cheaper premium, in any market and cover', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.nat(30_000_000), fc.nat(30_000_000), (market, a, b) => {
        const currency = MARKETS[market].currency;
        const offers = (amount: number) =>
          insuranceOffersFor({ ...clio, market, carPrice: { amount, currency } });
        const [cheap, dear] = a <= b ? [offers(a), offers(b)] : [offers(b), offers(a)];
        INSURANCE_PRODUCT_IDS.forEach((_, i) => {
          expect(cheap[i]!.monthlyPremium.amount).toBeLessThanOrEqual(dear[i]!.monthlyPremium.amount);
        });
        expect(dear.map((o) => o.monthlyPremium.amount)).toEqual(
          [...dear.map((o) => o.monthlyPremium.amount)].sort((x, y) => x - y),
        );
      }),
    );
  });
});

describe('extras', () => {
  it('given a used petrol car in France, then no home charger and no EV pack, but the 12-month warranty', () => {
    const ids = extrasFor(clio).map((e) => e.id);
    expect(ids).toContain('extended-warranty-12');
    expect(ids).toContain('maintenance-pack-3y');
    expect(ids).not.toContain('home-charger');
    expect(ids).not.toContain('ev-maintenance-pack-3y');
    expect(ids).not.toContain('safety-kit');
  });

  it('given a new electric car in Germany, then the home charger and the EV pack, no 12-month extension (new cars have the maker’s warranty)', () => {
    const ids = extrasFor({
      market: 'de',
      carPrice: { amount: 3_990_000, currency: 'EUR' },
      fuel: 'electric',
      carCondition: 'new',
    }).map((e) => e.id);
    expect(ids).toEqual(
      expect.arrayContaining(['home-charger', 'ev-maintenance-pack-3y', 'winter-wheels', 'safety-kit']),
    );
    expect(ids).not.toContain('extended-warranty-12');
    expect(ids).not.toContain('maintenance-pack-3y');
  });

  it('every extra id is unique, in the id list, and priced in at least one market', () => {
    expect(EXTRAS.map((e) => e.id)).toEqual([...EXTRA_IDS]);
    for (const extra of EXTRAS) expect(Object.keys(extra.prices).length).toBeGreaterThan(0);
  });
});

describe('pricing a selection', () => {
  it('given a cover and two extras, then the one-off total and the monthly total', () => {
    const priced = priceSelection(
      select({ insuranceId: 'comprehensive', extraIds: ['floor-mats', 'extended-warranty-24'] }),
    );
    expect(priced.insurance?.id).toBe('comprehensive');
    expect(priced.extras.map((e) => e.id)).toEqual(['floor-mats', 'extended-warranty-24']);
    expect(priced.extrasTotal).toEqual({ amount: 8_900 + 69_900, currency: 'EUR' });
    expect(priced.monthlyTotal).toEqual({ amount: 8_260, currency: 'EUR' });
  });

  it('given no cover and no extras, then both totals are zero', () => {
    expect(priceSelection(select())).toEqual({
      insurance: null,
      extras: [],
      extrasTotal: { amount: 0, currency: 'EUR' },
      monthlyTotal: { amount: 0, currency: 'EUR' },
    });
  });

  it('given bad ids, then each is reported on its own field at once', () => {
    const fields = fieldsOf(() =>
      priceSelection(
        select({
          insuranceId: 'gold',
          extraIds: ['floor-mats', 'jetpack', 'home-charger', 'floor-mats', 'safety-kit'],
        }),
      ),
    );
    expect(fields).toEqual({
      insuranceId: ['is not an insurance cover'],
      'extraIds.1': ['is not an extra'],
      'extraIds.2': ['is only for electric, plug_in_hybrid cars'],
      'extraIds.3': ['is chosen twice'],
      'extraIds.4': ['is not offered in market fr'],
    });
  });

  it('any selection of offered extras, one per exclusive group, prices to the sum of their prices', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...FUELS),
        fc.constantFrom('new' as const, 'used' as const),
        fc.nat(),
        (market, fuel, carCondition, pick) => {
          const request: CoverRequest = {
            market,
            fuel,
            carCondition,
            carPrice: { amount: 2_500_000, currency: MARKETS[market].currency },
          };
          const offered = extrasFor(request);
          const groups = new Set<string>();
          const chosen = offered
            .filter((_, i) => (pick >> i) & 1)
            .filter((e) => !e.group || (!groups.has(e.group) && !!groups.add(e.group)));
          const priced = priceSelection({ ...request, insuranceId: null, extraIds: chosen.map((e) => e.id) });
          expect(priced.extrasTotal.amount).toBe(chosen.reduce((s, e) => s + e.price.amount, 0));
          expect(priced.extrasTotal.currency).toBe(MARKETS[market].currency);
        },
      ),
    );
  });

  it('given a used car, then both warranty extensions are offered as alternatives: both together refused', () => {
    const request: CoverRequest = {
      market: 'fr',
      fuel: 'diesel',
      carCondition: 'used',
      carPrice: { amount: 2_500_000, currency: 'EUR' },
    };
    const warranties = extrasFor(request).filter((e) => e.group === 'warranty-extension');
    expect(warranties.map((e) => e.id)).toEqual(['extended-warranty-12', 'extended-warranty-24']);
    expect(() =>
      priceSelection({ ...request, insuranceId: null, extraIds: warranties.map((e) => e.id) }),
    ).toThrow(expect.objectContaining({ details: { fields: { extraIds: [expect.any(String)] } } }));
  });
});
