/** The appointment screens' JSON (http/routes/appointmentCalls.ts). */
import type { AppointmentPurpose } from '../../domain/appointment/schemas.ts';
import type { OpeningSlot } from './types.ts';

export interface AppointmentDealerJson {
  readonly dealerId: string;
  readonly name: string;
  readonly slug: string;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly phone: string;
  readonly brands: readonly string[];
  readonly openingHours: readonly OpeningSlot[];
}

export interface DaySlotsJson {
  readonly day: string;
  readonly slots: readonly { readonly time: string; readonly start: string; readonly left: number }[];
}

export interface SlotsJson {
  readonly dealerId: string;
  readonly purpose: AppointmentPurpose;
  readonly slotMinutes: number;
  readonly capacity: number;
  readonly timeZone: string;
  /** The dealer's local day now: no slot before it. */
  readonly today: string;
  readonly days: readonly DaySlotsJson[];
}

export interface DealerChoiceJson {
  readonly dealerId: string;
  readonly name: string;
  readonly city: string;
  readonly postcode: string;
  readonly url: string;
}

export type AppointmentPageJson =
  | {
      readonly dealer: null;
      readonly purpose: AppointmentPurpose;
      readonly purposes: readonly AppointmentPurpose[];
      readonly valuationId: string | null;
      readonly dealers: readonly DealerChoiceJson[];
    }
  | {
      readonly dealer: AppointmentDealerJson;
      readonly purpose: AppointmentPurpose;
      readonly purposes: readonly AppointmentPurpose[];
      readonly valuationId: string | null;
      readonly signedIn: boolean;
      readonly prefill: {
        readonly firstName: string;
        readonly lastName: string;
        readonly email: string;
        readonly phone: string;
      } | null;
      readonly slots: SlotsJson;
      readonly nextFree: readonly { readonly day: string; readonly time: string; readonly start: string }[];
      readonly widget: string;
    };

export interface AppointmentJson {
  readonly appointmentId: string;
  readonly dealerId: string;
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly end: string;
  readonly purpose: AppointmentPurpose;
  readonly status: 'booked' | 'cancelled';
  readonly movedFrom: string | null;
  readonly movedTo: string | null;
}

export interface ConfirmationJson {
  readonly appointment: AppointmentJson;
  readonly dealer: AppointmentDealerJson;
  readonly contact: {
    readonly firstName: string;
    readonly lastName: string;
    readonly email: string;
    readonly phone: string;
  } | null;
  readonly token: string;
  readonly changeable: boolean;
  readonly slots: SlotsJson | null;
  readonly links: { readonly manage: string; readonly movedTo: string | null };
}

export interface MyAppointmentJson {
  readonly appointmentId: string;
  readonly dealerId: string;
  readonly dealerName: string | null;
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly purpose: AppointmentPurpose;
  readonly status: 'booked' | 'cancelled';
  readonly page: string | null;
}
