/**
 * Where a booking's buyer belongs and what they may call now, as URLs of the route table. The booking
 * screens are the car's (`id` = the car's, `bookingId` = the booking's): the screen of the booking's state
 * (domain/booking/screens.ts) is its page; the buyer's commands go to the contact check (confirm the
 * contact, hold) and to the booking form of the booking (pay the deposit, cancel).
 */

import type { BookingCommandType } from '../../domain/booking/commands.ts';
import type { BookingScreen } from '../../domain/booking/screens.ts';
import { availabilityOf } from '../../domain/carHold/carAvailability.ts';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { BookingView } from '../../engine/funnels/bookingView.ts';
import type { CarRecord } from '../../engine/funnels/carHolds.ts';
import type { BookingOut } from './bookingSchemas.ts';
import type { CallLink } from './purchaseLinks.ts';

/** The URL of a booking screen for a car (bookingId 0: the form of a new booking). */
export function bookingScreenUrl(
  screen: BookingScreen,
  car: CarFacts,
  locale: Locale,
  bookingId = '0',
): string {
  const id = car.carId;
  if (screen === 'car_booking_check_contact') return generateUrl(`${screen}.${locale}`, { id, bookingId });
  if (screen === 'car_booking_limit') return generateUrl(`${screen}.${locale}`, { id, slug: carSlug(car) });
  return generateUrl(`${screen}.${locale}`, { id, slug: carSlug(car), bookingId });
}

/** The screen each buyer command is posted to (the others come from the provider, timers, staff). */
const CALLS: Partial<Record<BookingCommandType, BookingScreen>> = {
  ConfirmContact: 'car_booking_check_contact',
  PlaceHold: 'car_booking_check_contact',
  RequestDepositPayment: 'car_booking_form',
  CancelBooking: 'car_booking_form',
};

export function bookingLinks(view: BookingView, car: CarFacts): { page: string; calls: CallLink[] } {
  const url = (screen: BookingScreen) => bookingScreenUrl(screen, car, view.locale, view.bookingId);
  const calls: CallLink[] = [];
  for (const command of view.allowedCommands) {
    const screen = CALLS[command];
    if (screen) calls.push({ command, method: 'POST', path: url(screen) });
  }
  return { page: url(view.screen), calls };
}

/** A booking as the routes answer it: the view (its lists copied) and its links. */
export function bookingAnswer(view: BookingView, car: CarFacts): BookingOut {
  return {
    ...view,
    allowedCommands: [...view.allowedCommands],
    limit: view.limit && { ...view.limit, activeBookingIds: [...view.limit.activeBookingIds] },
    links: bookingLinks(view, car),
  };
}

/** A car as the booking screens show it: what it is, its price, whether it can be booked, its page. */
export function bookingCar(car: Pick<CarRecord, 'hold'>, facts: CarFacts, locale: Locale) {
  return {
    carId: facts.carId,
    slug: carSlug(facts),
    condition: facts.condition,
    brand: facts.brand,
    model: facts.model,
    version: facts.version,
    year: facts.year,
    price: facts.price,
    availability: availabilityOf(car.hold).status ?? ('withdrawn' as const),
    url: generateUrl(`${facts.condition === 'new' ? 'car_detail_vn' : 'car_detail'}.${locale}`, {
      id: facts.carId,
      slug: carSlug(facts),
    }),
  };
}
