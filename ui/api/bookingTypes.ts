/**
 * The booking screens' JSON, as the booking screens' paths answer it (http/routes/bookingSchemas.ts:
 * `bookingPageOut`, `bookingOut`, `limitPageOut`), with the domain's own types where it carries them.
 * No personal data.
 */
import type { BookingContext } from '../../domain/booking/bookingContext.ts';
import type { BookingStateName } from '../../domain/booking/bookingState.ts';
import type { BookingCommandType } from '../../domain/booking/commands.ts';
import type { BookingTerms } from '../../domain/booking/events.ts';
import type { BookingScreen } from '../../domain/booking/screens.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';

/** A call the buyer may make now on a booking. */
export interface BookingCall {
  readonly command: BookingCommandType;
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/** A booking as the booking screens' paths answer it. */
export interface BookingJson {
  readonly bookingId: string;
  readonly carId: string;
  readonly locale: Locale;
  readonly state: BookingStateName;
  /** The SPEC screen of its state (route name without the locale). */
  readonly screen: BookingScreen;
  readonly active: boolean;
  readonly allowedCommands: readonly BookingCommandType[];
  readonly terms: BookingTerms | null;
  readonly customerId: string | null;
  readonly hold: BookingContext['hold'];
  readonly payment: BookingContext['payment'];
  readonly depositPaid: boolean;
  readonly refund: BookingContext['refund'];
  readonly ending: BookingContext['ending'];
  readonly cancelledBy: BookingContext['cancelledBy'];
  readonly refusal: BookingContext['refusal'];
  readonly limit: BookingContext['limit'];
  readonly purchaseId: string | null;
  readonly version: number;
  readonly links: { readonly page: string; readonly calls: readonly BookingCall[] };
}

/** The car of a booking screen. */
export interface BookingCarJson {
  readonly carId: string;
  readonly slug: string;
  readonly condition: 'new' | 'used';
  readonly brand: string;
  readonly model: string;
  readonly version: string;
  readonly year: number;
  readonly price: Money;
  readonly availability: 'available' | 'reserved' | 'sold' | 'withdrawn';
  /** Its detail page. */
  readonly url: string;
}

/** `GET car_booking_form`, `car_booking_check_contact`: the car, the market's terms, the buyer's booking and purchase. */
export interface BookingPageJson {
  readonly car: BookingCarJson;
  readonly terms: BookingTerms;
  readonly signedIn: boolean;
  readonly booking: BookingJson | null;
  /** The buyer's purchase holding (or having bought) this car, and its page. */
  readonly purchase: { readonly purchaseId: string; readonly page: string } | null;
}

/** `GET car_booking_limit`: the limit and the buyer's active bookings, each with its car. */
export interface BookingLimitJson {
  readonly car: BookingCarJson;
  /** The market's terms for a new booking. */
  readonly terms: BookingTerms;
  readonly limit: number;
  readonly activeBookings: readonly (BookingJson & { readonly car: BookingCarJson })[];
}
