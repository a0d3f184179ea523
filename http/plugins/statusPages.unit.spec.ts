import { describe, expect, it } from 'vitest';
import { recasedLocalePath, statusPageLocale } from './statusPages.ts';

describe('status pages', () => {
  describe('given a path whose locale prefix is in another case', () => {
    it.each([
      ['/FR', '/fr'],
      ['/Fr/acheter?page=2', '/fr/acheter?page=2'],
      ['/fr-be/acheter', '/fr-BE/acheter'],
      ['/PL/kup', '/pl/kup'],
      ['/fr/acheter', undefined],
      ['/en', undefined],
      ['/', undefined],
    ])('when it is %s, then it moves to %s', (path, to) => {
      expect(recasedLocalePath(path)).toBe(to);
    });
  });

  describe('given a path with no locale of ours', () => {
    it.each([
      ['pl-PL,pl;q=0.9,en;q=0.8', 'pl'],
      ['en-GB,en;q=0.9', 'fr'],
      [undefined, 'fr'],
      ['de-AT,de;q=0.9', 'at'],
      ['de-CH', 'de'],
      ['nl,en;q=0.5', 'nl-BE'],
      ['fr-BE', 'fr-BE'],
      ['en;q=0.9,it;q=0.8,es;q=0.1', 'it'],
      ['pt-BR;q=0.2,es;q=0.7', 'es'],
      ['es;q=0,pt', 'pt'],
    ])('when the browser asks for %s, then the page is in %s', (language, locale) => {
      expect(statusPageLocale('/en/whatever', language)).toBe(locale);
    });

    it('when the path has one of ours in any case, then that one', () => {
      expect(statusPageLocale('/NL-be/x', 'pl')).toBe('nl-BE');
    });
  });
});
