import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import {
  type AppointmentCommand,
  type DealerDayState,
  decideDealerDay,
  evolveDealerDay,
  initialDealerDay,
  placesLeft,
} from './decide.ts';
import { type AppointmentEvent, appointmentId, appointmentPlace, SLOT_CAPACITY } from './schemas.ts';
import { slotTimes, zonedInstant } from './slots.ts';

const HOURS = [
  { day: 'mon' as const, opens: '09:00', closes: '12:00' },
  { day: 'mon' as const, opens: '14:00', closes: '18:30' },
  { day: 'sat' as const, opens: '09:00', closes: '12:00' },
];
const DAY = '2026-03-09'; // a Monday
const NOW = '2026-03-02T09:00:00.000Z';
const id = (n: number) => appointmentId('42', DAY, `nonce${String(n).padStart(4, '0')}`);

const book = (n: number, over: Partial<Extract<AppointmentCommand, { type: 'BookAppointment' }>> = {}) =>
  ({
    type: 'BookAppointment',
    appointmentId: id(n),
    dealerId: '42',
    day: DAY,
    time: '10:00',
    purpose: 'trade-in-inspection',
    locale: 'fr',
    customerId: null,
    contactId: `apc_${'a'.repeat(32)}`,
    valuationId: null,
    movedFrom: null,
    openingHours: HOURS,
    timeZone: 'Europe/Paris',
    now: NOW,
    ...over,
  }) as const satisfies AppointmentCommand;

const given = (...commands: AppointmentCommand[]): DealerDayState =>
  commands.reduce(
    (state, command) => decideDealerDay(command, state).reduce(evolveDealerDay, state),
    initialDealerDay,
  );
const refusal = (command: AppointmentCommand, state: DealerDayState) => {
  try {
    decideDealerDay(command, state);
  } catch (error) {
    return error as Error & { details?: Record<string, unknown> };
  }
  throw new Error('no refusal');
};

describe('dealer-day decider', () => {
  describe('given a day without appointments', () => {
    describe('when a buyer books a slot inside opening hours', () => {
      it('then the appointment is booked with the slot’s instants in the dealer’s time zone', () => {
        const events = decideDealerDay(book(1), initialDealerDay);
        expect(events).toEqual<AppointmentEvent[]>([
          {
            type: 'AppointmentBooked',
            data: expect.objectContaining({
              appointmentId: id(1),
              time: '10:00',
              start: '2026-03-09T09:00:00.000Z',
              end: '2026-03-09T09:30:00.000Z',
              purpose: 'trade-in-inspection',
            }),
          },
        ]);
      });
    });
    describe('when the slot is outside opening hours (lunch, closing, Sunday)', () => {
      it.each([
        ['12:00', DAY],
        ['18:30', DAY],
        ['10:00', '2026-03-08'],
      ])('then %s on %s is refused by the slot field', (time, day) => {
        const error = refusal(
          book(1, { time, day, appointmentId: appointmentId('42', day, 'nonce0001') }),
          initialDealerDay,
        );
        expect(error).toBeInstanceOf(ValidationError);
        expect(error.details).toEqual({ fields: { slot: ['outside_hours'] } });
      });
    });
    describe('when the day is a national public holiday of the market (Easter Monday)', () => {
      it('then it is refused as a holiday in France, and booked in Portugal, which works that day', () => {
        const easterMonday = '2026-04-06';
        const on = (locale: 'fr' | 'pt') =>
          book(1, {
            appointmentId: appointmentId('42', easterMonday, 'nonce0001'),
            day: easterMonday,
            locale,
            now: '2026-03-30T09:00:00.000Z',
          });
        expect(refusal(on('fr'), initialDealerDay).details).toEqual({ fields: { slot: ['holiday'] } });
        expect(decideDealerDay(on('pt'), initialDealerDay).map((e) => e.type)).toEqual(['AppointmentBooked']);
      });
    });
    describe('when the slot is in the past or within the notice', () => {
      it('then it is refused as past', () => {
        const error = refusal(book(1, { now: '2026-03-09T08:30:00.000Z' }), initialDealerDay);
        expect(error.details).toEqual({ fields: { slot: ['past'] } });
      });
    });
    describe('when the slot is beyond the horizon', () => {
      it('then it is refused', () => {
        const error = refusal(book(1, { now: '2025-12-01T09:00:00.000Z' }), initialDealerDay);
        expect(error.details).toEqual({ fields: { slot: ['too_far'] } });
      });
    });
    describe('when the id names another day', () => {
      it('then it is refused', () => {
        const error = refusal(book(1, { day: '2026-03-16' }), initialDealerDay);
        expect(error).toBeInstanceOf(ValidationError);
      });
    });
  });

  describe('given the last place of a slot is taken', () => {
    const full = given(book(1));
    describe('when another buyer books the same slot and purpose', () => {
      it('then it is a conflict naming the slot as full', () => {
        const error = refusal(book(2), full);
        expect(error).toBeInstanceOf(ConflictError);
        expect(error.details).toMatchObject({ reason: 'slot_full', fields: { slot: ['full'] } });
      });
    });
    describe('when another buyer books the same slot for another purpose', () => {
      it('then it is booked (capacity is per purpose)', () => {
        expect(decideDealerDay(book(2, { purpose: 'test-drive' }), full)).toHaveLength(1);
      });
    });
    describe('when the same command comes again (a retry)', () => {
      it('then nothing more happens', () => {
        expect(decideDealerDay(book(1), full)).toEqual([]);
      });
    });
    describe('when the appointment is cancelled', () => {
      it('then the place is free again, and cancelling again changes nothing', () => {
        const cancel = {
          type: 'CancelAppointment',
          appointmentId: id(1),
          by: 'buyer',
          code: 'buyer_cancelled',
          movedTo: null,
        } as const;
        const after = given(book(1), cancel);
        expect(placesLeft(after, '10:00', 'trade-in-inspection')).toBe(1);
        expect(decideDealerDay(cancel, after)).toEqual([]);
        expect(decideDealerDay(book(2), after)).toHaveLength(1);
      });
    });
  });

  describe('given test drives up to the capacity', () => {
    const cap = SLOT_CAPACITY['test-drive'];
    const state = given(...Array.from({ length: cap }, (_, i) => book(i + 1, { purpose: 'test-drive' })));
    it('then one more is full', () => {
      expect(placesLeft(state, '10:00', 'test-drive')).toBe(0);
      expect(refusal(book(99, { purpose: 'test-drive' }), state)).toBeInstanceOf(ConflictError);
    });
  });

  describe('given an unknown appointment', () => {
    it('when it is cancelled, then it is not found', () => {
      expect(
        refusal(
          { type: 'CancelAppointment', appointmentId: id(7), by: 'staff', code: 'other', movedTo: null },
          initialDealerDay,
        ),
      ).toBeInstanceOf(NotFoundError);
    });
  });
});

describe('slots', () => {
  it('are the half hours that fit whole in each opening period', () => {
    expect(slotTimes(HOURS, DAY)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
    ]);
    expect(slotTimes(HOURS, '2026-03-08')).toEqual([]);
  });
  it('are local times of the market: summer time in Paris, Lisbon an hour behind', () => {
    expect(zonedInstant('2026-07-06', '10:00', 'Europe/Paris').toISOString()).toBe(
      '2026-07-06T08:00:00.000Z',
    );
    expect(zonedInstant('2026-01-05', '10:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-01-05T10:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '10:00', 'Europe/Warsaw').toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
  });
  it('ids name their dealer and day', () => {
    expect(appointmentPlace(id(1))).toEqual({ dealerId: '42', day: DAY });
    expect(appointmentPlace('ap-x')).toBeUndefined();
  });
});
