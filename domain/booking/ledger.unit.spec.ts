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

describe('customer booking ledger', () => {
  it('given one active booking, when a second is placed, then BookingSlotTaken', () => {
    expect(bookingLedgerStream('cus-1')).toBe('customer-bookings-cus-1');
    expect(decideBookingLedger(take('2'), given(taken('1')))).toEqual([
      { type: 'BookingSlotTaken', data: { bookingId: '2', until: hoursAfter(48), at: T0 } },
    ]);
  });

  it('given two active bookings, when a third is placed, then the limit: a conflict naming them', () => {
    let error: unknown;
    try {
      decideBookingLedger(take('3'), given(taken('1'), taken('2')));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConflictError);
    expect(bookingLimitOf(error)).toEqual({ taken: false, limit: 2, activeBookingIds: ['1', '2'] });
    expect(bookingLimitOf(new ConflictError('other'))).toBeUndefined();
  });

  it('given the booking already has its slot, when taken again (a retry), then nothing', () => {
    expect(decideBookingLedger(take('1'), given(taken('1'), taken('2')))).toEqual([]);
  });

  it('given a booking that ended, when its slot is freed, then a third booking fits; freeing twice decides nothing', () => {
    const free = { type: 'FreeBookingSlot', bookingId: '1', reason: 'expired', at: T0 } as const;
    const events = decideBookingLedger(free, given(taken('1'), taken('2')));
    expect(events).toEqual([
      { type: 'BookingSlotFreed', data: { bookingId: '1', reason: 'expired', at: T0 } },
    ]);
    const after = events.reduce(evolveBookingLedger, given(taken('1'), taken('2')));
    expect(decideBookingLedger(free, after)).toEqual([]);
    expect(decideBookingLedger(take('3'), after).map((e) => e.type)).toEqual(['BookingSlotTaken']);
  });

  it('given a slot past its end whose booking never recorded its end (a crash), when another is placed, then the lapsed slot is freed first', () => {
    const state = given(taken('1', hoursAfter(1)), taken('2', hoursAfter(72)));
    expect(activeBookings(state, hoursAfter(2))).toEqual(['2']);
    expect(decideBookingLedger(take('3', hoursAfter(2)), state)).toEqual([
      { type: 'BookingSlotFreed', data: { bookingId: '1', reason: 'lapsed', at: hoursAfter(2) } },
      { type: 'BookingSlotTaken', data: { bookingId: '3', until: hoursAfter(50), at: hoursAfter(2) } },
    ]);
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

describe('customer booking ledger under races', () => {
  it('whatever bookings one customer places and ends at once, at most the limit are ever active', async () => {
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
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 3 }),
        fc.array(op, { minLength: 1, maxLength: 16 }),
        async (s, limit, ops) => {
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
          expect(await Promise.all(outcomes)).not.toContain('gave up');
          expect(mostActiveAtOnce(ledger.events)).toBeLessThanOrEqual(limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('given two bookings placed at the same moment by a customer with one slot left, then exactly one takes it', async () => {
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
