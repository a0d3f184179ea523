import { describe, expect, it } from 'vitest';
import { SLUG } from '../car.ts';
import { BODIES, FUELS } from '../vocabulary.ts';
import { BRANDS, brandBySlug, brandName, modelBySlug, modelName } from './brands.ts';

describe('brand reference data', () => {
  it('given the table, when counted, then it has 20–25 brands with 4–8 models of 3–6 versions each', () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(20);
    expect(BRANDS.length).toBeLessThanOrEqual(25);
    for (const brand of BRANDS) {
      expect(brand.models.length, brand.slug).toBeGreaterThanOrEqual(4);
      expect(brand.models.length, brand.slug).toBeLessThanOrEqual(8);
      for (const model of brand.models) {
        expect(model.versions.length, `${brand.slug}/${model.slug}`).toBeGreaterThanOrEqual(3);
        expect(model.versions.length, `${brand.slug}/${model.slug}`).toBeLessThanOrEqual(6);
      }
    }
  });

  it('given every brand and model, when their slugs are checked, then they are valid and unique', () => {
    const brandSlugs = BRANDS.map((b) => b.slug);
    expect(new Set(brandSlugs).size).toBe(brandSlugs.length);
    for (const brand of BRANDS) {
      expect(brand.slug).toMatch(SLUG);
      const modelSlugs = brand.models.map((m) => m.slug);
      expect(new Set(modelSlugs).size, brand.slug).toBe(modelSlugs.length);
      for (const slug of modelSlugs) expect(slug).toMatch(SLUG);
    }
  });

  it('given every model, when its facts are checked, then they are plausible and self-consistent', () => {
    for (const brand of BRANDS) {
      for (const model of brand.models) {
        const where = `${brand.slug}/${model.slug}`;
        expect(model.bodies.length, where).toBeGreaterThan(0);
        for (const body of model.bodies) expect(BODIES).toContain(body);
        expect(new Set(model.fuels), where).toEqual(new Set(model.versions.map((v) => v.fuel)));
        for (const fuel of model.fuels) expect(FUELS).toContain(fuel);
        const [low, high] = model.newPriceEur;
        expect(low, where).toBeGreaterThanOrEqual(10_000);
        expect(high, where).toBeGreaterThan(low);
        expect(high, where).toBeLessThanOrEqual(150_000);
        expect(model.years[0], where).toBeGreaterThanOrEqual(2014);
        expect(model.years[1], where).toBeGreaterThanOrEqual(model.years[0]);
        const names = model.versions.map((v) => v.name);
        expect(new Set(names).size, where).toBe(names.length);
        for (const v of model.versions) {
          expect(v.powerKw, `${where} ${v.name}`).toBeGreaterThanOrEqual(30);
          expect(v.powerKw, `${where} ${v.name}`).toBeLessThanOrEqual(800);
        }
      }
    }
  });

  it('given the brands, when listed, then they are in display-name order', () => {
    const names = BRANDS.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('given slugs, when looked up, then the brand, model and names are found (and unknown ones fall back)', () => {
    expect(brandBySlug('mercedes-benz')?.name).toBe('Mercedes-Benz');
    expect(brandBySlug('citroen')?.name).toBe('Citroën');
    expect(modelBySlug('tesla', 'model-3')?.name).toBe('Model 3');
    expect(modelBySlug('volkswagen', 'id-3')?.segment).toBe('compact');
    expect(brandName('skoda')).toBe('Škoda');
    expect(modelName('bmw', 'x3')).toBe('X3');
    expect(brandBySlug('trabant')).toBeUndefined();
    expect(modelBySlug('volkswagen', 'beetle')).toBeUndefined();
    expect(modelBySlug('trabant', 'p601')).toBeUndefined();
    expect(brandName('trabant')).toBe('trabant');
    expect(modelName('renault', 'twingo')).toBe('twingo');
  });
});
