/**
 * The dealer-day decider: the state is one dealer's appointments of one local day; booking checks the
 * slot (opening hours, notice, horizon) and its capacity per purpose. Time, ids and the dealer's hours come
 * in with the command.
 */
import type { Dealer } from '../catalogue/dealer.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { type Locale, marketOf } from '../markets.ts';
import { isPublicHoliday } from './holidays.ts';
import {
  type AppointmentCancelCode,
  type AppointmentEvent,
  type AppointmentPurpose,
  appointmentPlace,
  HORIZON_DAYS,
  MIN_NOTICE_MINUTES,
  SLOT_CAPACITY,
} from './schemas.ts';
import { slotOf, slotTimes } from './slots.ts';

export interface DayAppointment {
  readonly appointmentId: string;
  readonly time: string;
  readonly purpose: AppointmentPurpose;
  readonly customerId: string | null;
  readonly contactId: string;
  readonly status: 'booked' | 'cancelled';
}

export interface DealerDayState {
  readonly appointments: Readonly<Record<string, DayAppointment>>;
}

export const initialDealerDay: DealerDayState = { appointments: {} };

export type AppointmentCommand =
  | {
      readonly type: 'BookAppointment';
      readonly appointmentId: string;
      readonly dealerId: string;
      readonly day: string;
      readonly time: string;
      readonly purpose: AppointmentPurpose;
      readonly locale: Locale;
      readonly customerId: string | null;
      readonly contactId: string;
      readonly valuationId: string | null;
      readonly movedFrom: string | null;
      /** Facts: the dealer's hours and its market's time zone, and the time of the command. */
      readonly openingHours: Dealer['openingHours'];
      readonly timeZone: string;
      readonly now: string;
    }
  | {
      readonly type: 'CancelAppointment';
      readonly appointmentId: string;
      readonly by: 'buyer' | 'staff';
      readonly code: AppointmentCancelCode;
      readonly movedTo: string | null;
    };

export function evolveDealerDay(state: DealerDayState, event: AppointmentEvent): DealerDayState {
  switch (event.type) {
    case 'AppointmentBooked': {
      const { appointmentId, time, purpose, customerId, contactId } = event.data;
      return {
        appointments: {
          ...state.appointments,
          [appointmentId]: { appointmentId, time, purpose, customerId, contactId, status: 'booked' },
        },
      };
    }
    case 'AppointmentCancelled': {
      const found = state.appointments[event.data.appointmentId];
      if (!found) return state;
      return {
        appointments: { ...state.appointments, [found.appointmentId]: { ...found, status: 'cancelled' } },
      };
    }
    default: {
      const never: never = event;
      throw new Error(`unknown appointment event ${JSON.stringify(never)}`);
    }
  }
}

/** Appointments of a purpose still booked at a local time. */
export function bookedAt(state: DealerDayState, time: string, purpose: AppointmentPurpose): number {
  return Object.values(state.appointments).filter(
    (a) => a.status === 'booked' && a.time === time && a.purpose === purpose,
  ).length;
}

/** Places left for a purpose at a local time. */
export function placesLeft(state: DealerDayState, time: string, purpose: AppointmentPurpose): number {
  return Math.max(0, SLOT_CAPACITY[purpose] - bookedAt(state, time, purpose));
}

/**
 * Why a slot cannot be taken whatever the day's bookings: undefined when it can. A national public
 * holiday of the market's country is closed (holidays.ts).
 */
export function slotProblem(input: {
  readonly day: string;
  readonly time: string;
  readonly locale: Locale;
  readonly openingHours: Dealer['openingHours'];
  readonly timeZone: string;
  readonly now: string;
}): 'holiday' | 'outside_hours' | 'past' | 'too_far' | undefined {
  if (isPublicHoliday(marketOf(input.locale).country, input.day)) return 'holiday';
  if (!slotTimes(input.openingHours, input.day).includes(input.time)) return 'outside_hours';
  const start = Date.parse(slotOf(input.day, input.time, input.timeZone).start);
  const now = Date.parse(input.now);
  if (start < now + MIN_NOTICE_MINUTES * 60_000) return 'past';
  if (start > now + HORIZON_DAYS * 86_400_000) return 'too_far';
  return undefined;
}

export function decideDealerDay(command: AppointmentCommand, state: DealerDayState): AppointmentEvent[] {
  switch (command.type) {
    case 'BookAppointment': {
      const existing = state.appointments[command.appointmentId];
      if (existing) return [];
      const place = appointmentPlace(command.appointmentId);
      if (!place || place.dealerId !== command.dealerId || place.day !== command.day)
        throw ValidationError.field('appointmentId', 'does not name this dealer and day');
      const problem = slotProblem(command);
      if (problem) throw ValidationError.field('slot', problem);
      if (placesLeft(state, command.time, command.purpose) === 0)
        throw new ConflictError(`slot ${command.day} ${command.time} is full for ${command.purpose}`, {
          reason: 'slot_full',
          fields: { slot: ['full'] },
        });
      const slot = slotOf(command.day, command.time, command.timeZone);
      return [
        {
          type: 'AppointmentBooked',
          data: {
            appointmentId: command.appointmentId,
            dealerId: command.dealerId,
            day: command.day,
            time: command.time,
            start: slot.start,
            end: slot.end,
            purpose: command.purpose,
            locale: command.locale,
            customerId: command.customerId,
            contactId: command.contactId,
            valuationId: command.valuationId,
            movedFrom: command.movedFrom,
          },
        },
      ];
    }
    case 'CancelAppointment': {
      const found = state.appointments[command.appointmentId];
      if (!found) throw new NotFoundError(`no appointment ${command.appointmentId}`);
      if (found.status === 'cancelled') return [];
      return [
        {
          type: 'AppointmentCancelled',
          data: {
            appointmentId: command.appointmentId,
            by: command.by,
            code: command.code,
            movedTo: command.movedTo,
          },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown appointment command ${JSON.stringify(never)}`);
    }
  }
}
