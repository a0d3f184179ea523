/** The raw layout of `$all` pages: events written by `rawEventsOf` read back by the cursor; bad bytes refused. */
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './eventStore.ts';
import { RawEventCursor, RawEventFormatError, rawEventsOf } from './rawEvents.ts';

const event = (n: number, type: string, data: object): RecordedEvent => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  streamName: `purchase-${n}`,
  revision: BigInt(n),
  position: { commit: 2n ** 40n + BigInt(n), prepare: BigInt(n * 7) },
  type,
  data: data as RecordedEvent['data'],
  metadata: { at: '2026-11-26T09:00:00.000Z', actor: { kind: 'buyer' } },
  created: new Date(Date.UTC(2026, 10, 26, 9, 0, n, 123)),
});

describe('raw pages of $all', () => {
  describe('given events of any store written as a page', () => {
    const events = [
      event(1, 'PurchaseStarted', { price: 1 }),
      event(2, 'Odd type/é', { note: 'tab\there ü' }),
    ];
    const page = rawEventsOf(events);

    it('counts the rows and keeps the last position', () => {
      expect(page.count).toBe(2);
      expect(page.last).toEqual(events[1]!.position);
    });

    it('reads each row back: numbers, time in milliseconds, text as UTF-8 ranges', () => {
      const cursor = new RawEventCursor(page.bytes);
      for (const e of events) {
        expect(cursor.next()).toBe(true);
        expect(cursor.commit).toBe(e.position.commit);
        expect(cursor.prepare).toBe(e.position.prepare);
        expect(cursor.revision).toBe(e.revision);
        expect(cursor.createdMs).toBe(e.created.getTime());
        expect(cursor.text('position')).toBe(`${e.position.commit}/${e.position.prepare}`);
        expect(cursor.text('eventId')).toBe(e.id);
        expect(cursor.text('streamName')).toBe(e.streamName);
        expect(cursor.text('eventType')).toBe(e.type);
        expect(JSON.parse(cursor.text('data'))).toEqual(e.data);
        expect(JSON.parse(cursor.text('metadata'))).toEqual(e.metadata);
        expect(page.bytes.subarray(cursor.start('data'), cursor.end('data')).toString()).toBe(
          JSON.stringify(e.data),
        );
      }
      expect(cursor.next()).toBe(false);
    });

    it('reads an empty page as no row', () => {
      const empty = rawEventsOf([]);
      expect(empty).toMatchObject({ count: 0, last: undefined });
      expect(new RawEventCursor(empty.bytes).next()).toBe(false);
    });
  });

  describe('given bytes that are not such a page', () => {
    it('refuses what is not a binary COPY stream', () => {
      expect(() => new RawEventCursor(Buffer.from('COPY 1\n'.repeat(5)))).toThrow(RawEventFormatError);
    });

    it('refuses a page cut in a row or missing its trailer', () => {
      const { bytes } = rawEventsOf([event(1, 'PurchaseStarted', { price: 1 })]);
      const cut = new RawEventCursor(bytes.subarray(0, bytes.length - 20));
      expect(() => cut.next()).toThrow(RawEventFormatError);
      const noTrailer = new RawEventCursor(bytes.subarray(0, bytes.length - 2));
      expect(noTrailer.next()).toBe(true);
      expect(() => noTrailer.next()).toThrow(/trailer/);
    });
  });
});
