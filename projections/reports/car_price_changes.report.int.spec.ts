/** The report car_price_changes through the report test kit (README.md beside this). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import report from './car_price_changes.report.ts';
import { event, openReportKit, type ReportKit } from './testing/reportKit.ts';

const listed = (id: string, brand: string, price: number, at: string) =>
  event(
    `car-${id}`,
    'CarListed',
    { car: { carId: id, brand, price: { amount: price, currency: 'EUR' } } },
    at,
  );
const priced = (id: string, price: number, at: string) =>
  event(`car-${id}`, 'CarPriceChanged', { carId: id, price: { amount: price, currency: 'EUR' } }, at);
const sold = (id: string, at: string) => event(`car-${id}`, 'CarSold', { carId: id }, at);

describe('report car_price_changes', () => {
  let kit: ReportKit;
  beforeAll(async () => {
    kit = await openReportKit(report);
  });
  afterAll(() => kit.close());

  it('keeps one row per sold car: its price changes and the days it took to sell', async () => {
    const result = await kit.given([
      listed('1', 'renault', 2_000_000, '2026-11-01T00:00:00Z'),
      priced('1', 1_900_000, '2026-11-05T00:00:00Z'),
      priced('1', 1_800_000, '2026-11-08T00:00:00Z'),
      sold('1', '2026-11-11T12:00:00Z'),
      priced('1', 1_000_000, '2026-11-12T00:00:00Z'), // after the sale: not counted
      listed('2', 'renault', 1_000_000, '2026-11-01T00:00:00Z'), // never sold: no row
    ]);
    expect(await result.table('cars')).toEqual([
      {
        car_id: '1',
        brand: 'renault',
        price_changes: 2,
        price_change_pct: -10,
        days_to_sell: 10.5,
        sold_at: '2026-11-11T12:00:00.000Z',
      },
    ]);
  });

  it('groups a brand’s sold cars by their number of price changes', async () => {
    const result = await kit.given([
      listed('1', 'dacia', 1_000_000, '2026-11-01T00:00:00Z'),
      sold('1', '2026-11-03T00:00:00Z'),
      listed('2', 'dacia', 1_000_000, '2026-11-01T00:00:00Z'),
      sold('2', '2026-11-05T00:00:00Z'),
      listed('3', 'dacia', 1_000_000, '2026-11-01T00:00:00Z'),
      priced('3', 900_000, '2026-11-10T00:00:00Z'),
      sold('3', '2026-11-21T00:00:00Z'),
      listed('4', 'fiat', 1_000_000, '2026-11-01T00:00:00Z'),
      sold('4', '2026-11-02T00:00:00Z'),
    ]);
    expect(await result.view('by_brand', { brand: 'dacia' })).toEqual([
      { brand: 'dacia', price_changes: 0, cars: 2, median_days: 3, avg_days: 3, avg_change_pct: 0 },
      { brand: 'dacia', price_changes: 1, cars: 1, median_days: 20, avg_days: 20, avg_change_pct: -10 },
    ]);
  });
});
