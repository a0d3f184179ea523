import { describe, expect, it } from 'vitest';
import { areaPostcode } from './areaPostcode.ts';
import { locatePostcode, POSTCODE_AREAS } from './postcodeArea.ts';

describe('the postcode of an area', () => {
  it('given areas of each country, then the prefix is followed by zeros in the country’s spelling', () => {
    expect(areaPostcode({ country: 'FR', prefix: '75' })).toBe('75000');
    expect(areaPostcode({ country: 'FR', prefix: '201' })).toBe('20100');
    expect(areaPostcode({ country: 'PL', prefix: '00' })).toBe('00-000');
    expect(areaPostcode({ country: 'PT', prefix: '10' })).toBe('1000');
    expect(areaPostcode({ country: 'AT', prefix: '10' })).toBe('1000');
  });

  it('given every area of the tables, then its postcode is located in that very area', () => {
    for (const area of POSTCODE_AREAS) {
      expect(locatePostcode(area.country, areaPostcode(area)).area).toBe(area);
    }
  });
});
