import { describe, expect, it } from 'vitest';
import { FIXTURE_CARS } from '../contract/searchFixture.ts';
import { DOCUMENT_FIELDS, fromMeiliDocument, toMeiliDocument } from './meiliCarDocument.ts';

const listedAt = new Date('2025-03-01T10:00:00.000Z');

describe('Meilisearch car documents', () => {
  it('given a car for sale, then a document with its buckets, sort keys and dealer city', () => {
    const doc = toMeiliDocument({
      facts: FIXTURE_CARS.megane,
      price: { amount: 2_590_000, currency: 'EUR' },
      city: 'Lyon',
      listedAt,
    });
    expect(doc).toMatchObject({
      carId: FIXTURE_CARS.megane.carId,
      carNo: Number(FIXTURE_CARS.megane.carId),
      slug: 'renault-megane-e-tech-ev60-iconic',
      country: 'FR',
      dealerId: '11',
      city: 'Lyon',
      priceAmount: 2_590_000,
      priceBucket: 25_000,
      mileageKm: 21_000,
      mileageBucket: 10_000,
      listedAt: '2025-03-01T10:00:00.000Z',
      listedAtMs: listedAt.getTime(),
    });
    expect(Object.keys(doc).sort()).toEqual([...DOCUMENT_FIELDS].sort());
  });

  it('given prices and mileages on and around bounds, then the bucket Postgres would count them in', () => {
    const bucket = (amount: number, mileageKm: number) => {
      const doc = toMeiliDocument({
        facts: { ...FIXTURE_CARS.x3, mileageKm },
        price: { amount, currency: 'EUR' },
        city: '',
        listedAt,
      });
      return [doc.priceBucket, doc.mileageBucket];
    };
    expect(bucket(0, 0)).toEqual([0, 0]);
    expect(bucket(499_999, 9_999)).toEqual([0, 0]);
    expect(bucket(500_000, 10_000)).toEqual([5_000, 10_000]);
    expect(bucket(2_499_999, 24_999)).toEqual([20_000, 10_000]);
    expect(bucket(10_000_000, 200_000)).toEqual([100_000, 200_000]);
    expect(bucket(99_999_999, 1_000_000)).toEqual([100_000, 200_000]);
  });

  it('given a document, then the same card as the Postgres adapter builds', () => {
    const doc = toMeiliDocument({
      facts: FIXTURE_CARS.clioNew,
      price: FIXTURE_CARS.clioNew.price,
      city: 'Lyon',
      listedAt,
    });
    expect(fromMeiliDocument(doc)).toEqual({
      carId: FIXTURE_CARS.clioNew.carId,
      slug: 'renault-clio-tce-90-techno',
      condition: 'new',
      brand: 'renault',
      model: 'clio',
      version: 'TCe 90 Techno',
      year: 2026,
      mileageKm: 5,
      fuel: 'petrol',
      gearbox: 'manual',
      body: 'hatchback',
      colour: 'grey',
      powerKw: 100,
      price: { amount: 2_150_000, currency: 'EUR' },
      dealerId: '11',
      city: 'Lyon',
      listedAt: '2025-03-01T10:00:00.000Z',
    });
  });
});
