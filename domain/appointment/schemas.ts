/**
 * Dealer appointments: purposes, slot rules, ids and the dealer-day stream (domain/appointment/README.md).
 * The zod schemas are the source of the types; nothing here reads a clock.
 */
import { z } from 'zod';
import { LOCALES } from '../markets.ts';

export const APPOINTMENT_PURPOSES = ['test-drive', 'after-sales', 'trade-in-inspection'] as const;
export const purposeSchema = z.enum(APPOINTMENT_PURPOSES, 'is not a purpose of appointment');
export type AppointmentPurpose = z.output<typeof purposeSchema>;

/** A slot's length: every appointment takes one slot. */
export const SLOT_MINUTES = 30;

/** How many appointments of a purpose one dealer takes in one slot (the same for every dealer). */
export const SLOT_CAPACITY: Readonly<Record<AppointmentPurpose, number>> = {
  'test-drive': 2,
  'after-sales': 3,
  'trade-in-inspection': 1,
};

/** A slot must start at least this long after the command's time (the dealer needs notice). */
export const MIN_NOTICE_MINUTES = 60;
/** How far ahead slots are offered and taken. */
export const HORIZON_DAYS = 60;

export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const daySchema = z
  .string('is required')
  .regex(DAY, 'is not a day (YYYY-MM-DD)')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'is not a real day');
export const timeSchema = z.string('is required').regex(TIME, 'is not a time (HH:MM)');

/**
 * An appointment's id names its dealer-day stream: `ap-<dealerId>-<yyyymmdd>-<nonce>`. A moved appointment
 * is a new one on its new day (its `movedFrom` names the old).
 */
export const APPOINTMENT_ID = /^ap-(\d{1,12})-(\d{4})(\d{2})(\d{2})-([a-z0-9]{8,32})$/;
export const appointmentIdSchema = z.string().regex(APPOINTMENT_ID, 'is not an appointment id');

export function appointmentId(dealerId: string, day: string, nonce: string): string {
  const id = `ap-${dealerId}-${day.replaceAll('-', '')}-${nonce}`;
  if (!APPOINTMENT_ID.test(id)) throw new Error(`not an appointment id: ${id}`);
  return id;
}

/** The dealer and day an appointment id names; undefined for anything else. */
export function appointmentPlace(id: string): { dealerId: string; day: string } | undefined {
  const m = APPOINTMENT_ID.exec(id);
  return m ? { dealerId: m[1]!, day: `${m[2]}-${m[3]}-${m[4]}` } : undefined;
}

export const DEALER_DAY_PREFIX = 'dealerDay-';
/** One stream per dealer and local day: every appointment of that day is an event on it. */
export function dealerDayStream(dealerId: string, day: string): string {
  return `${DEALER_DAY_PREFIX}${dealerId}-${day}`;
}

/** A contact record's id in the vault (name, email, phone of the person who booked). */
export const CONTACT_ID = /^apc_[a-f0-9]{32}$/;

/** Why an appointment ended: the buyer, a move to another slot, or staff (their words in the metadata). */
export const CANCEL_CODES = [
  'buyer_cancelled',
  'moved',
  'dealer_unavailable',
  'customer_request',
  'other',
] as const;
export const cancelCodeSchema = z.enum(CANCEL_CODES);
export type AppointmentCancelCode = z.output<typeof cancelCodeSchema>;

export const appointmentBookedSchema = z.object({
  appointmentId: appointmentIdSchema,
  dealerId: z.string(),
  day: daySchema,
  time: timeSchema,
  /** ISO 8601 instants of the slot (the dealer's local day and time, in its market's time zone). */
  start: z.string(),
  end: z.string(),
  purpose: purposeSchema,
  locale: z.enum(LOCALES),
  /** The signed-in customer who booked; null for a visitor. */
  customerId: z.string().nullable(),
  /** The vault record of the contact details typed in the form. */
  contactId: z.string().regex(CONTACT_ID),
  /** A trade-in valuation the appointment inspects (the "sell your car" flow), as a reference. */
  valuationId: z.string().nullable(),
  movedFrom: appointmentIdSchema.nullable(),
});

export const appointmentCancelledSchema = z.object({
  appointmentId: appointmentIdSchema,
  by: z.enum(['buyer', 'staff']),
  code: cancelCodeSchema,
  movedTo: appointmentIdSchema.nullable(),
});

export type AppointmentBooked = z.output<typeof appointmentBookedSchema>;
export type AppointmentCancelled = z.output<typeof appointmentCancelledSchema>;

export type AppointmentEvent =
  | { type: 'AppointmentBooked'; data: AppointmentBooked }
  | { type: 'AppointmentCancelled'; data: AppointmentCancelled };

export const APPOINTMENT_EVENT_TYPES = ['AppointmentBooked', 'AppointmentCancelled'] as const;
