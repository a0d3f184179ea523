import { describe, expect, it } from 'vitest';
import { FEED_COLUMNS, feedRecord, readFeedHeader } from './feedFormat.ts';
import { feedTemplate } from './feedTemplate.ts';
import { parseFeedRow } from './parseFeedRow.ts';

describe('the feed template', () => {
  describe('given the importer’s columns', () => {
    it('when read back, then its header is every column and its example a valid car', () => {
      const { header, example } = feedTemplate();
      expect(header).toEqual(FEED_COLUMNS);
      expect(example[0]).toBe('0'); // no dealer: uploaded unchanged, it stands for nobody's stock
      const parsed = parseFeedRow(feedRecord(readFeedHeader(header), 2, example));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    });

    it('when a dealer is given, then the example line is that dealer’s', () => {
      const parsed = parseFeedRow(feedRecord(readFeedHeader(FEED_COLUMNS), 2, feedTemplate('4021').example));
      expect(parsed.ok && parsed.car.dealerId).toBe('4021');
    });
  });
});
