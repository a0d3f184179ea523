/** Time spans in their two largest units, in the staff member's language. */
import { describe, expect, it } from 'vitest';
import { formatElapsed } from './formatElapsed.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatElapsed', () => {
  describe('given French', () => {
    it.each([
      [2 * 86_400 + 4 * 3_600 + 59, '2 j 4 h'],
      [86_400 + 30, '1 j'],
      [5_400, '1 h 30 min'],
      [2_700, '45 min'],
      [45, '45 s'],
      [0, '0 s'],
    ])('when %i seconds, then %s', (seconds, text) => {
      expect(plain(formatElapsed(seconds, 'fr'))).toBe(text);
    });
  });

  describe('given other markets', () => {
    it('when German or Polish, then their own short units', () => {
      expect(plain(formatElapsed(187_200, 'de'))).toBe('2 Tg. 4 Std.');
      expect(plain(formatElapsed(187_200, 'pl'))).toBe('2 dni 4 godz.');
    });
  });
});
