/**
 * The one contract suite of the catalogue search port: Postgres always, Meilisearch when `MEILI_URL`
 * points at a server. The fixture stock is written as events and reaches the adapter the way it does
 * in the app (a projection), then every assertion is an exact count from `searchFixture.ts`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../../domain/catalogue/car.ts';
import { type SearchQueryInput, searchQuerySchema } from '../../../domain/catalogue/search.ts';
import { seedCatalogue } from '../../../engine/catalogue/seedCatalogue.ts';
import type { EventStore } from '../../../engine/eventStore.ts';
import type { CatalogueSearch } from '../../../engine/search/catalogueSearch.ts';
import { FIXTURE_CARS as C, FIXTURE_DEALERS } from './searchFixture.ts';

export interface SearchContractTarget {
  readonly name: string;
  readonly skipReason?: string | undefined;
  /** A fresh, empty catalogue: the store to write events to, the adapter, and `sync` to wait until it has seen them. */
  open(): Promise<{
    store: EventStore;
    search: CatalogueSearch;
    sync(): Promise<void>;
    close(): Promise<void>;
  }>;
}

export function describeCatalogueSearchContract(target: SearchContractTarget): void {
  if (target.skipReason) {
    console.log(`[skip] catalogue search contract on ${target.name}: ${target.skipReason}`);
    describe.skip(`catalogue search contract: ${target.name}`, () => {
      it('is skipped', () => {});
    });
    return;
  }

  describe(`catalogue search contract: ${target.name}`, () => {
    let search: CatalogueSearch;
    let close: () => Promise<void>;
    const find = (input: Partial<SearchQueryInput> = {}) =>
      search.search(searchQuerySchema.parse({ country: 'FR', ...input }));
    const ids = (result: Awaited<ReturnType<typeof find>>) => result.cars.map((c) => c.carId);
    const counts = (result: Awaited<ReturnType<typeof find>>, facet: keyof (typeof result)['facets']) =>
      Object.fromEntries(result.facets[facet].map((f) => [f.value, f.count]));

    beforeAll(async () => {
      const opened = await target.open();
      search = opened.search;
      close = opened.close;
      await seedCatalogue(opened.store, { dealers: FIXTURE_DEALERS, cars: Object.values(C) });
      await opened.store.appendToStream(carStream(C.withdrawn.carId), [
        {
          id: randomUUID(),
          type: 'CarWithdrawn',
          data: { carId: C.withdrawn.carId, reason: 'staff', source: { kind: 'staff' } },
        },
      ]);
      await opened.store.appendToStream(carStream(C.sold.carId), [
        { id: randomUUID(), type: 'CarSold', data: { carId: C.sold.carId, price: C.sold.price } },
        // A correction after the sale must not put the car back on sale.
        {
          id: randomUUID(),
          type: 'CarDetailsUpdated',
          data: {
            carId: C.sold.carId,
            car: { ...C.sold, version: 'sDrive18d Sport' },
            source: { kind: 'staff' },
          },
        },
      ]);
      await opened.store.appendToStream(carStream(C.megane.carId), [
        {
          id: randomUUID(),
          type: 'CarPriceChanged',
          data: {
            carId: C.megane.carId,
            previous: C.megane.price,
            price: { amount: 2_590_000, currency: 'EUR' },
            source: { kind: 'staff' },
          },
        },
      ]);
      await opened.sync();
    });
    afterAll(async () => {
      await close?.();
    });

    it('given a market, then only its cars for sale are found (not withdrawn, not sold, not other countries)', async () => {
      const result = await find({ pageSize: 60 });
      expect(result.total).toBe(10);
      expect(ids(result)).not.toContain(C.withdrawn.carId);
      expect(ids(result)).not.toContain(C.sold.carId);
      expect(ids(result)).not.toContain(C.berlinX3.carId);
      expect((await find({ country: 'DE' })).total).toBe(2);
    });

    it('given a brand, then its cars, and the brand facet still counts the other brands', async () => {
      const result = await find({ brand: 'bmw' });
      expect(result.total).toBe(3);
      expect(counts(result, 'brand')).toEqual({ renault: 5, bmw: 3, tesla: 2 });
      expect(counts(result, 'model')).toEqual({ x3: 2, 'serie-3': 1 });
      expect(counts(result, 'fuel')).toEqual({ diesel: 2, plug_in_hybrid: 1 });
    });

    it('given several fuels, then cars of any of them, counted with the other filters', async () => {
      const result = await find({ fuel: ['electric', 'hybrid'], condition: 'used' });
      expect(ids(result).sort()).toEqual([C.clioParis.carId, C.megane.carId, C.model3.carId].sort());
      expect(counts(result, 'fuel')).toEqual({
        petrol: 1,
        diesel: 3,
        hybrid: 1,
        electric: 2,
        plug_in_hybrid: 1,
      });
      expect(counts(result, 'condition')).toEqual({ used: 3, new: 1 });
    });

    it('given a price range in whole euros, then the price changes are taken into account', async () => {
      const result = await find({ priceMin: 25_000, priceMax: 30_000 });
      expect(ids(result).sort()).toEqual([C.megane.carId, C.model3.carId].sort());
      expect(result.cars.find((c) => c.carId === C.megane.carId)?.price).toEqual({
        amount: 2_590_000,
        currency: 'EUR',
      });
      expect(counts(result, 'price')).toEqual({ '10000': 2, '20000': 3, '25000': 2, '30000': 2, '40000': 1 });
    });

    it('given mileage, year, body, gearbox, colour and city filters, then they all apply', async () => {
      expect(ids(await find({ mileageMax: 10_000 })).sort()).toEqual(
        [C.clioParis.carId, C.model3New.carId, C.clioNew.carId].sort(),
      );
      expect(ids(await find({ yearMin: 2022, yearMax: 2023 })).sort()).toEqual(
        [C.clioParis.carId, C.megane.carId, C.x3Paris.carId].sort(),
      );
      expect(ids(await find({ body: ['suv'], colour: ['white'] }))).toEqual([C.x3Paris.carId]);
      expect((await find({ gearbox: ['manual'] })).total).toBe(3);
      const paris = await find({ city: 'Paris' });
      expect(paris.total).toBe(3);
      expect(counts(paris, 'city')).toEqual({ Lyon: 7, Paris: 3 });
    });

    it('given a dealer, then only its cars', async () => {
      expect((await find({ dealerId: '12' })).total).toBe(3);
    });

    it('given free text, then brand, model and version words match by prefix', async () => {
      expect(ids(await find({ text: 'bmw x3' })).sort()).toEqual([C.x3.carId, C.x3Paris.carId].sort());
      expect(ids(await find({ text: 'touring' }))).toEqual([C.serie3.carId]);
      expect(ids(await find({ text: 'mod' })).sort()).toEqual([C.model3.carId, C.model3New.carId].sort());
      expect((await find({ text: 'nothing-like-this' })).total).toBe(0);
    });

    it('given each sort, then the order it promises', async () => {
      const prices = (await find({ sort: 'price_asc', pageSize: 60 })).cars.map((c) => c.price.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const descending = (await find({ sort: 'price_desc', pageSize: 60 })).cars.map((c) => c.price.amount);
      expect(descending).toEqual([...prices].reverse());
      const mileage = (await find({ sort: 'mileage_asc', pageSize: 60 })).cars.map((c) => c.mileageKm);
      expect(mileage).toEqual([...mileage].sort((a, b) => a - b));
      const years = (await find({ sort: 'year_desc', pageSize: 60 })).cars.map((c) => c.year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
    });

    it('given pages, then each car once across them and the same total', async () => {
      const first = await find({ pageSize: 4, page: 1, sort: 'price_asc' });
      const second = await find({ pageSize: 4, page: 2, sort: 'price_asc' });
      const third = await find({ pageSize: 4, page: 3, sort: 'price_asc' });
      expect([first.total, second.total, third.total]).toEqual([10, 10, 10]);
      const seen = [...ids(first), ...ids(second), ...ids(third)];
      expect(new Set(seen).size).toBe(10);
      expect(third.cars).toHaveLength(2);
    });

    it('given a car in a list, then its summary carries what a card shows', async () => {
      const [car] = (await find({ text: 'xDrive20d' })).cars;
      expect(car).toMatchObject({
        carId: C.x3.carId,
        slug: 'bmw-x3-xdrive20d-m-sport',
        brand: 'bmw',
        model: 'x3',
        year: 2021,
        mileageKm: 55_000,
        fuel: 'diesel',
        gearbox: 'automatic',
        city: 'Lyon',
        price: { amount: 3_990_000, currency: 'EUR' },
      });
    });
  });
}
