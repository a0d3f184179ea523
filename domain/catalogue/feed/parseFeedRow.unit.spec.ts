import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { FEED_COLUMNS, feedFormatOf, feedRecord, readFeedHeader } from './feedFormat.ts';
import { parseFeedRow } from './parseFeedRow.ts';
import { feedCarArbitrary, recordOf, SAMPLE_CAR } from './testing/feedSamples.ts';

const problemsOf = (changes: Parameters<typeof recordOf>[2], car = SAMPLE_CAR) => {
  const parsed = parseFeedRow(recordOf(7, car, changes));
  if (parsed.ok) throw new Error('expected the line to be rejected');
  return parsed.problems.map((p) => `${p.field}: ${p.message}`);
};

describe('feed header', () => {
  it('given the columns in any case and order without the optional ones, then each maps to its position', () => {
    const header = readFeedHeader([
      ' Price ',
      ...FEED_COLUMNS.filter((c) => !['price', 'equipment', 'first_registration'].includes(c)),
    ]);
    expect(header.get('price')).toBe(0);
    expect(header.has('equipment')).toBe(false);
    expect(feedRecord(header, 2, ['12990']).cells.price).toBe('12990');
  });

  it('given a missing, an unknown and a doubled column, then the file is refused naming them', () => {
    const cells = [...FEED_COLUMNS.filter((c) => c !== 'price'), 'colour', 'color'];
    expect(() => readFeedHeader(cells)).toThrow(ValidationError);
    expect(() => readFeedHeader(cells)).toThrow(
      /missing column\(s\): price; unknown column\(s\): color; column\(s\) given twice: colour/,
    );
  });

  it('given a file name or an explicit format, then the format; otherwise a validation error', () => {
    expect(feedFormatOf('stock.CSV')).toBe('csv');
    expect(feedFormatOf('stock.xlsx')).toBe('xlsx');
    expect(feedFormatOf('stock.txt', 'csv')).toBe('csv');
    expect(() => feedFormatOf('stock.txt')).toThrow(/name it .csv or .xlsx/);
    expect(() => feedFormatOf('stock.csv', 'pdf')).toThrow(/format: must be one of csv, xlsx/);
  });
});

describe('parseFeedRow', () => {
  it('given a complete line, then a typed car: price in minor units, words lower-cased, equipment unique and ordered', () => {
    const parsed = parseFeedRow(
      recordOf(2, SAMPLE_CAR, {
        price: '14990.5',
        fuel: 'Petrol',
        equipment: 'rear_camera | NAVIGATION|navigation|air_conditioning',
        first_registration: '2021-04-17',
      }),
    );
    expect(parsed).toEqual({ ok: true, line: 2, car: { ...SAMPLE_CAR, price: 1_499_050 } });
  });

  it('given photo URLs separated by |, then the line carries them once each, in order, whatever they are', () => {
    const parsed = parseFeedRow(
      recordOf(3, SAMPLE_CAR, {
        photos: ' https://a.test/1.jpg | not a url||https://a.test/1.jpg|http://b.test/2',
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      line: 3,
      car: SAMPLE_CAR,
      photos: ['https://a.test/1.jpg', 'not a url', 'http://b.test/2'],
    });
  });

  it.each([
    ['24990', 2_499_000],
    ['24990,5', 2_499_050],
    ['24990.05', 2_499_005],
    [29988.000000000004, 2_998_800],
  ])('given the price %s, then %i minor units', (price, amount) => {
    const parsed = parseFeedRow(recordOf(2, SAMPLE_CAR, { price }));
    expect(parsed.ok && parsed.car.price).toBe(amount);
  });

  it.each([
    [{ price: 'abc' }, 'price: must be a number'],
    [{ price: '24,990' }, 'price: must be in currency units without thousands separators (e.g. 24990.50)'],
    [{ price: '0' }, 'price: must be more than 0'],
    [{ price: 12.345 }, 'price: must be a number with at most two decimals'],
    [{ price: '' }, 'price: is required'],
    [{ mileage_km: '12 000' }, 'mileage_km: must be a whole number'],
    [{ mileage_km: '-1' }, 'mileage_km: must be at least 0'],
    [{ year: '1980' }, 'year: must be at least 1990'],
    [{ fuel: 'steam' }, 'fuel: must be one of petrol, diesel, hybrid, plug_in_hybrid, electric, lpg'],
    [{ brand: 'bwm' }, 'brand: unknown brand "bwm"'],
    [{ model: 'x3' }, 'model: unknown model "x3" of renault'],
    [{ equipment: 'navigation|jetpack' }, 'equipment: unknown equipment: jetpack'],
    [{ first_registration: '' }, 'first_registration: is required for a used car'],
    [{ first_registration: '04/2021' }, 'first_registration: must be YYYY-MM'],
    [{ dealer_id: 'D-11' }, 'dealer_id: must be digits'],
    [{ reference: 'X'.repeat(41) }, 'reference: must be at most 40 characters'],
    [{ version: undefined }, 'version: is required'],
  ])('given %o, then the line is rejected with "%s"', (changes, problem) => {
    expect(problemsOf(changes)).toEqual([problem]);
  });

  it('given a new car with a first registration, then that field is rejected', () => {
    expect(problemsOf({ condition: 'new' })).toEqual(['first_registration: must be empty for a new car']);
  });

  it('given several bad fields, then each is reported once, with the line and the identity when readable', () => {
    const parsed = parseFeedRow(recordOf(9, SAMPLE_CAR, { price: 'x', doors: 'five', gearbox: '' }));
    expect(parsed).toEqual({
      ok: false,
      line: 9,
      dealerId: '11',
      reference: 'LYO-0001',
      problems: [
        { field: 'gearbox', message: 'is required' },
        { field: 'doors', message: 'must be a whole number' },
        { field: 'price', message: 'must be a number' },
      ],
    });
    const anonymous = parseFeedRow(recordOf(10, SAMPLE_CAR, { reference: '' }));
    expect(anonymous.ok === false && anonymous.reference).toBeUndefined();
  });

  it('given any valid car written as feed cells, then it parses back to the same car', () => {
    fc.assert(
      fc.property(feedCarArbitrary(['11', '12']), (car) => {
        const parsed = parseFeedRow(recordOf(3, car));
        expect(parsed).toEqual({ ok: true, line: 3, car: { ...car, equipment: expect.any(Array) } });
        expect(parsed.ok && new Set(parsed.car.equipment)).toEqual(new Set(car.equipment));
      }),
    );
  });
});
