import { describe, expect, it } from 'vitest';
import { brandName, brandNamed, modelName, modelNamed } from './brandNames.ts';
import { BRANDS } from './brands.ts';

describe('brand names', () => {
  it('given the reference table, then every brand and model is named as the table names it', () => {
    for (const brand of BRANDS) {
      expect(brandName(brand.slug)).toBe(brand.name);
      expect(brandNamed(brand.slug)?.models.map((m) => m.slug)).toEqual(brand.models.map((m) => m.slug));
      for (const model of brand.models) expect(modelName(brand.slug, model.slug)).toBe(model.name);
    }
  });

  it('given an unknown brand or model, then its slug is shown and the lookup finds nothing', () => {
    expect(brandName('trabant')).toBe('trabant');
    expect(modelName('renault', 'dauphine')).toBe('dauphine');
    expect(modelNamed('renault', 'dauphine')).toBeUndefined();
  });
});
