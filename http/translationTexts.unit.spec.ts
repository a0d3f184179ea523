import { describe, expect, it } from 'vitest';
import { createTranslationCache } from './translationTexts.ts';

describe('the translation overrides cache', () => {
  it('reads once, again after clear, and again after its lifetime', async () => {
    let reads = 0;
    let clock = 0;
    const cache = createTranslationCache(
      { overrides: async () => ({ 'nav.used': `read ${++reads}` }) },
      { ttlMs: 1_000, now: () => clock },
    );
    expect(await cache.overrides('pl', 'storefront')).toEqual({ 'nav.used': 'read 1' });
    expect(await cache.overrides('pl', 'storefront')).toEqual({ 'nav.used': 'read 1' });
    cache.clear();
    expect(await cache.overrides('pl', 'storefront')).toEqual({ 'nav.used': 'read 2' });
    clock = 1_500;
    expect(await cache.overrides('pl', 'storefront')).toEqual({ 'nav.used': 'read 3' });
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = createTranslationCache({
      overrides: async () => {
        if (fail) throw new Error('down');
        return {};
      },
    });
    await expect(cache.overrides('fr', 'backoffice')).rejects.toThrow('down');
    fail = false;
    expect(await cache.overrides('fr', 'backoffice')).toEqual({});
  });
});
