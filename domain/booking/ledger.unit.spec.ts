import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.ts';
import {
  activeBookings,
  type BookingLedgerCommand,
  type BookingLedgerEvent,
  type BookingLedgerState,
  bookingLedgerStream,
  bookingLimitOf,
  decideBookingLedger,
  evolveBookingLedger,
  initialBookingLedger,
} from './ledger.ts';
import { hoursAfter, T0 } from './testing/bookingFixtures.ts';

const given = (...events: BookingLedgerEvent[]): BookingLedgerState =>
  events.reduce(evolveBookingLedger, initialBookingLedger);
const taken = (bookingId: string, until = hoursAfter(48)): BookingLedgerEvent => ({
  type: 'BookingSlotTaken',
  data: { bookingId, until, at: T0 },
});
const take = (bookingId: string, at = T0, until = hoursAfter(48, at)): BookingLedgerCommand => ({
  type: 'TakeBookingSlot',
  bookingId,
  limit: 2,
  until,
  at,
});

const free = { type: 'FreeBookingSlot', bookingId: '1', reason: 'expired', at: T0 } as const;

describe('customer booking ledger', () => {
  describe('given customer 1', () => {
    it('then the ledger is the stream customer-bookings-cus-1', () => {
      expect(bookingLedgerStream('cus-1')).toBe('customer-bookings-cus-1');
    });
  });

  describe('given one active booking', () => {
    it('when a second is placed, then BookingSlotTaken', () => {
      expect(decideBookingLedger(take('2'), given(taken('1')))).toEqual([
        { type: 'BookingSlotTaken', data: { bookingId: '2', until: hoursAfter(48), at: T0 } },
      ]);
    });
  });

  describe('given two active bookings (the limit)', () => {
    const two = given(taken('1'), taken('2'));
    const limitOfThird = () => {
      try {
        decideBookingLedger(take('3'), two);
      } catch (error) {
        return error;
      }
      throw new Error('expected the limit');
    };

    it('when a third is placed, then a conflict', () => {
      expect(limitOfThird()).toBeInstanceOf(ConflictError);
    });

    it('when a third is placed, then the conflict names the limit and the active bookings', () => {
      expect(bookingLimitOf(limitOfThird())).toEqual({
        taken: false,
        limit: 2,
        activeBookingIds: ['1', '2'],
      });
    });

    it('when one of them takes its slot again (a retry), then nothing', () => {
      expect(decideBookingLedger(take('1'), two)).toEqual([]);
    });

    it('when the slot of booking 1 (ended) is freed, then BookingSlotFreed', () => {
      expect(decideBookingLedger(free, two)).toEqual([
        { type: 'BookingSlotFreed', data: { bookingId: '1', reason: 'expired', at: T0 } },
      ]);
    });
  });

  describe('given two bookings, the slot of booking 1 freed', () => {
    const two = given(taken('1'), taken('2'));
    const after = decideBookingLedger(free, two).reduce(evolveBookingLedger, two);

    it('when it is freed again, then nothing', () => {
      expect(decideBookingLedger(free, after)).toEqual([]);
    });

    it('when a third booking is placed, then it takes a slot', () => {
      expect(decideBookingLedger(take('3'), after).map((e) => e.type)).toEqual(['BookingSlotTaken']);
    });
  });

  describe('given a slot past its end whose booking never recorded its end (a crash)', () => {
    const state = given(taken('1', hoursAfter(1)), taken('2', hoursAfter(72)));

    it('then, after its end, only the other booking counts as active', () => {
      expect(activeBookings(state, hoursAfter(2))).toEqual(['2']);
    });

    it('when another booking is placed, then the lapsed slot is freed first', () => {
      expect(decideBookingLedger(take('3', hoursAfter(2)), state)).toEqual([
        { type: 'BookingSlotFreed', data: { bookingId: '1', reason: 'lapsed', at: hoursAfter(2) } },
        { type: 'BookingSlotTaken', data: { bookingId: '3', until: hoursAfter(50), at: hoursAfter(2) } },
      ]);
    });
  });
});

describe('bookingLimitOf', () => {
  it('given a conflict that is not the limit, then undefined', () => {
    expect(bookingLimitOf(new ConflictError('other'))).toBeUndefined();
  });
});

/** The ledger stream shared by concurrent handlers: an append expecting an old revision fails. */
function racingLedger(s: fc.Scheduler) {
  const events: BookingLedgerEvent[] = [];
  const read = s.scheduleFunction(async function read() {
    return { state: events.reduce(evolveBookingLedger, initialBookingLedger), revision: events.length };
  });
  const append = s.scheduleFunction(async function append(expected: number, decided: BookingLedgerEvent[]) {
    if (events.length !== expected) return false;
    events.push(...decided);
    return true;
  });
  async function handle(command: BookingLedgerCommand): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const { state, revision } = await read();
      let decided: BookingLedgerEvent[];
      try {
        decided = decideBookingLedger(command, state);
      } catch (error) {
        if (bookingLimitOf(error)) return 'limit';
        throw error;
      }
      if (decided.length === 0 || (await append(revision, decided))) return 'ok';
    }
    return 'gave up';
  }
  return { events, handle };
}

/** Independent of the decider: at every slot taken, the slots counting then (itself included). */
function mostActiveAtOnce(events: readonly BookingLedgerEvent[]): number {
  const open = new Map<string, string>();
  let most = 0;
  for (const event of events) {
    if (event.type === 'BookingSlotFreed') open.delete(event.data.bookingId);
    else {
      open.set(event.data.bookingId, event.data.until);
      const at = Date.parse(event.data.at);
      most = Math.max(most, [...open.values()].filter((until) => Date.parse(until) > at).length);
    }
  }
  return most;
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('take' as const),
    booking: fc.integer({ min: 1, max: 8 }),
    hour: fc.integer({ min: 0, max: 100 }),
    hours: fc.integer({ min: 1, max: 72 }),
  }),
  fc.record({
    kind: fc.constant('free' as const),
    booking: fc.integer({ min: 1, max: 8 }),
    hour: fc.integer({ min: 0, max: 100 }),
  }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** The ops handled at once on one ledger: each handler's outcome and the events appended. */
async function atOnce(s: fc.Scheduler, limit: number, ops: readonly Op[]) {
  const ledger = racingLedger(s);
  const outcomes = ops.map((o) =>
    ledger.handle(
      o.kind === 'take'
        ? {
            type: 'TakeBookingSlot',
            bookingId: String(o.booking),
            limit,
            until: hoursAfter(o.hour + o.hours),
            at: hoursAfter(o.hour),
          }
        : {
            type: 'FreeBookingSlot',
            bookingId: String(o.booking),
            reason: 'cancelled',
            at: hoursAfter(o.hour),
          },
    ),
  );
  await s.waitFor(Promise.all(outcomes));
  return { outcomes: await Promise.all(outcomes), events: ledger.events };
}

const races = [
  fc.scheduler(),
  fc.integer({ min: 1, max: 3 }),
  fc.array(op, { minLength: 1, maxLength: 16 }),
] as const;

describe('customer booking ledger under races', () => {
  describe('given a customer with a limit of 1 to 3 bookings', () => {
    it('when bookings are placed and ended at once, then every handler decides (none gives up)', async () => {
      await fc.assert(
        fc.asyncProperty(...races, async (s, limit, ops) => {
          expect((await atOnce(s, limit, ops)).outcomes).not.toContain('gave up');
        }),
        { numRuns: 300 },
      );
    });

    it('when bookings are placed and ended at once, then at most the limit are ever active', async () => {
      await fc.assert(
        fc.asyncProperty(...races, async (s, limit, ops) => {
          expect(mostActiveAtOnce((await atOnce(s, limit, ops)).events)).toBeLessThanOrEqual(limit);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('given a customer with no booking and a limit of 2', () => {
    it('when three bookings are placed at the same moment, then two take a slot and one meets the limit', async () => {
      await fc.assert(
        fc.asyncProperty(fc.scheduler(), async (s) => {
          const ledger = racingLedger(s);
          const outcomes = ['1', '2', '3'].map((id) => ledger.handle(take(id)));
          await s.waitFor(Promise.all(outcomes));
          expect((await Promise.all(outcomes)).sort()).toEqual(['limit', 'ok', 'ok']);
        }),
        { numRuns: 100 },
      );
    });
  });
});
