/** Dictionaries load on demand, one locale at a time; a translator needs its locale's loaded first. */
import { describe, expect, it } from 'vitest';
import { createTranslator } from './createTranslator.ts';
import { dictionary, dictionarySource, loadDictionary } from './dictionaries.ts';

describe('loading a dictionary', () => {
  it('given a locale not loaded yet, then no translator; once loaded, its words, shared by later loads', async () => {
    expect(() => createTranslator('pt')).toThrow(/pt dictionary is not loaded/);
    const messages = await loadDictionary('pt');
    expect(dictionary('pt')).toBe(messages);
    expect(await loadDictionary('pt')).toBe(messages);
    expect(createTranslator('pt').t('nav.used')).toBe(messages.nav.used);
  });

  it('given a regional variant, then its own words over those of its language', async () => {
    const at = await loadDictionary('at');
    expect(at.car.vatIncluded).toBe('inkl. USt.');
    expect(() => dictionary('es')).toThrow();
  });

  it('names each dictionary as the bundle’s manifest does', () => {
    expect(dictionarySource('fr-BE')).toBe('ui/i18n/messages/fr-BE.ts');
  });
});
