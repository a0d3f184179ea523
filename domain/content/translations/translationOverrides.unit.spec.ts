import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { flattenMessages, withOverrides } from './messageTree.ts';
import {
  type ChangeTranslations,
  decideTranslations,
  evolveTranslations,
  initialTranslationsState,
  type TranslationEvent,
  type TranslationsState,
  versionOf,
} from './translationOverrides.ts';

const given = (...events: TranslationEvent[]): TranslationsState =>
  events.reduce(evolveTranslations, initialTranslationsState);
const base = { locale: 'pl', domain: 'storefront' } as const;
const overridden = (key: string, text: string): TranslationEvent => ({
  type: 'TranslationOverridden',
  data: { ...base, key, text },
});
const change = (changes: ChangeTranslations['changes']): ChangeTranslations => ({ ...base, changes });
const shipped = 'Samochody używane ({{count}})';

describe('translation overrides', () => {
  describe('given no change yet', () => {
    it('when a key gets a new text with the same parameters, then it is overridden', () => {
      const events = decideTranslations(
        given(),
        change([{ key: 'nav.used', text: 'Auta używane ({{count}})', expectedVersion: 0, shipped }]),
      );
      expect(events).toEqual([overridden('nav.used', 'Auta używane ({{count}})')]);
      expect(versionOf(given(...events), 'nav.used')).toBe(1);
    });

    it('when the text drops a parameter, then 400 on the text naming the parameters', () => {
      const refuse = () =>
        decideTranslations(given(), change([{ key: 'nav.used', text: 'Auta', expectedVersion: 0, shipped }]));
      expect(refuse).toThrow(ValidationError);
      try {
        refuse();
      } catch (error) {
        expect((error as ValidationError).details.fields.text?.[0]).toMatch(/\{\{count\}\}/);
      }
    });

    it('when the key is not in the dictionary, then 404', () => {
      expect(() =>
        decideTranslations(given(), change([{ key: 'nav.nope', text: 'x', shipped: undefined }])),
      ).toThrow(NotFoundError);
    });

    it('when the text is the shipped one, then nothing happens', () => {
      expect(decideTranslations(given(), change([{ key: 'nav.used', text: shipped, shipped }]))).toEqual([]);
    });

    it('when a batch has an unknown key and a bad text, then 400 by key and nothing is decided', () => {
      const batch = change([
        { key: 'nav.nope', text: 'x', shipped: undefined },
        { key: 'nav.used', text: '   ', shipped },
        { key: 'nav.new', text: 'Nowe', shipped: 'Nowe auta' },
      ]);
      try {
        decideTranslations(given(), batch);
        expect.unreachable();
      } catch (error) {
        expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
          'nav.nope',
          'nav.used',
        ]);
      }
    });
  });

  describe('given an override', () => {
    const state = given(overridden('nav.used', 'Auta ({{count}})'));

    it('when the editor saw an older version, then 409 with the text and version now', () => {
      try {
        decideTranslations(
          state,
          change([{ key: 'nav.used', text: 'Inne ({{count}})', expectedVersion: 0, shipped }]),
        );
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).details).toMatchObject({ version: 1, text: 'Auta ({{count}})' });
      }
    });

    it('when the same text is saved again (a retry), then nothing happens', () => {
      const events = decideTranslations(
        state,
        change([{ key: 'nav.used', text: 'Auta ({{count}})', expectedVersion: 1, shipped }]),
      );
      expect(events).toEqual([]);
    });

    it('when restored, then the override is removed and the version moves on', () => {
      const events = decideTranslations(
        state,
        change([{ key: 'nav.used', text: null, expectedVersion: 1, shipped }]),
      );
      expect(events).toEqual([{ type: 'TranslationOverrideRemoved', data: { ...base, key: 'nav.used' } }]);
      const after = [...[overridden('nav.used', 'Auta ({{count}})')], ...events].reduce(
        evolveTranslations,
        initialTranslationsState,
      );
      expect(after.keys['nav.used']).toEqual({ text: null, version: 2 });
    });
  });
});

describe('message trees', () => {
  const tree = {
    nav: { used: 'Used', new: 'New' },
    list: { results: { one: '1 car', other: '{{count}} cars' } },
  };

  it('flattens to dot keys in order', () => {
    expect(flattenMessages(tree)).toEqual({
      'nav.used': 'Used',
      'nav.new': 'New',
      'list.results.one': '1 car',
      'list.results.other': '{{count}} cars',
    });
  });

  it('applies overrides without touching the original and skips keys the tree lacks', () => {
    const changed = withOverrides(tree, { 'nav.used': 'Second-hand', 'nav.gone': 'x', 'list.results': 'x' });
    expect(changed.nav.used).toBe('Second-hand');
    expect(tree.nav.used).toBe('Used');
    expect(changed.list).toBe(tree.list);
    expect(flattenMessages(changed)).not.toHaveProperty('nav.gone');
  });
});
