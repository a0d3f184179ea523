import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors.ts';
import {
  type ContentKeyCommand,
  type ContentKeyEvent,
  contentKeyStream,
  decideContentKey,
  evolveContentKey,
  initialContentKey,
} from './contentSlugs.ts';

const given = (...events: ContentKeyEvent[]) => events.reduce(evolveContentKey, initialContentKey);
const when = (events: ContentKeyEvent[], command: ContentKeyCommand) =>
  decideContentKey(given(...events), command);
const claim = (id: string, staleHolder: string | null = null): ContentKeyCommand => ({
  type: 'claim',
  kind: 'range',
  locale: 'pl',
  key: 'toyota/yaris',
  id,
  staleHolder,
});
const claimed = (id: string): ContentKeyEvent => ({
  type: 'ContentKeyClaimed',
  data: { kind: 'range', locale: 'pl', key: 'toyota/yaris', id },
});

describe('a unique key reservation', () => {
  describe('given a free key', () => {
    it('when an item claims it, then it is claimed by that item', () => {
      expect(when([], claim('ct_aaaaaaaa'))).toEqual([claimed('ct_aaaaaaaa')]);
    });
    it('when released, then nothing (it is nobody’s)', () => {
      expect(when([], { type: 'release', id: 'ct_aaaaaaaa' })).toEqual([]);
    });
  });

  describe('given a key held by an item', () => {
    const held = [claimed('ct_aaaaaaaa')];
    it('when the holder claims it again, then nothing (a retry)', () => {
      expect(when(held, claim('ct_aaaaaaaa'))).toEqual([]);
    });
    it('when another item claims it, then 409 naming the holder', () => {
      expect(() => when(held, claim('ct_bbbbbbbb'))).toThrow(ConflictError);
      try {
        when(held, claim('ct_bbbbbbbb'));
      } catch (error) {
        expect((error as ConflictError).details).toEqual({ id: 'ct_aaaaaaaa' });
      }
    });
    it('when another item claims it, the holder known no longer to use it, then it is claimed', () => {
      expect(when(held, claim('ct_bbbbbbbb', 'ct_aaaaaaaa'))).toEqual([claimed('ct_bbbbbbbb')]);
    });
    it('when the holder releases it, then released; another item’s release decides nothing', () => {
      expect(when(held, { type: 'release', id: 'ct_aaaaaaaa' })).toEqual([
        { type: 'ContentKeyReleased', data: { id: 'ct_aaaaaaaa' } },
      ]);
      expect(when(held, { type: 'release', id: 'ct_bbbbbbbb' })).toEqual([]);
    });
  });

  describe('given a key released', () => {
    it('when another item claims it, then it is claimed', () => {
      const released: ContentKeyEvent = { type: 'ContentKeyReleased', data: { id: 'ct_aaaaaaaa' } };
      expect(when([claimed('ct_aaaaaaaa'), released], claim('ct_bbbbbbbb'))).toEqual([
        claimed('ct_bbbbbbbb'),
      ]);
    });
  });

  it('names a stream per kind, locale and key, any key spelt in a stream name', () => {
    expect(contentKeyStream('facet', 'pl', '/pl/kup/bmw')).toBe('contentkey-facet-pl-2f706c2f6b75702f626d77');
    expect(contentKeyStream('range', 'pl', 'toyota/yaris')).not.toBe(
      contentKeyStream('range', 'de', 'toyota/yaris'),
    );
  });
});
