import { describe, expect, it } from 'vitest';
import { myBillSchema, parseMajorAmount, sniffBillType } from './myBills.ts';

describe('a bill a buyer adds', () => {
  it('given typed amounts, then minor units; anything else is refused', () => {
    expect(parseMajorAmount('1 234,50')).toBe(123_450);
    expect(parseMajorAmount('89.9')).toBe(8_990);
    expect(parseMajorAmount('120')).toBe(12_000);
    expect(parseMajorAmount('12,345')).toBeUndefined();
    expect(parseMajorAmount('-5')).toBeUndefined();
    expect(parseMajorAmount('abc')).toBeUndefined();
  });

  it('given its fields, then the day may not be in the future and the amount is in the market’s currency', () => {
    const schema = myBillSchema('2026-11-25', 'PLN');
    const ok = schema.parse({
      carId: 'mc_1',
      date: '2026-11-25',
      garage: ' Auto Serwis ',
      amount: '450,00',
      uploadKey: 'abcdefgh12',
    });
    expect(ok).toMatchObject({ garage: 'Auto Serwis', amount: { amount: 45_000, currency: 'PLN' } });
    const refused = schema.safeParse({
      carId: '',
      date: '2026-11-26',
      garage: '',
      amount: 'x',
      uploadKey: '1',
    });
    expect(refused.success).toBe(false);
    const fields = new Set(refused.error!.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(['carId', 'date', 'garage', 'amount', 'uploadKey']));
  });

  it('given files, then the type comes from the first bytes only', () => {
    expect(sniffBillType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffBillType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffBillType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffBillType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffBillType(Buffer.from('<html>%PDF-'))).toBeUndefined();
  });
});
