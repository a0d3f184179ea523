/**
 * The booking screens' words, French (Belgium): the French words (nothing on these screens reads
 * differently in Belgium; overrides go here as in ../../purchase/messages/fr-BE.ts).
 */
import { type BookingMessages, frBooking } from './fr.ts';

export const frBEBooking: BookingMessages = { ...frBooking };
