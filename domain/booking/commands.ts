/**
 * Booking commands (imperatives). They carry what the buyer, staff, a webhook or a timer asked for;
 * the time, new ids, the market's terms and the answers of other streams (the customer's booking
 * ledger, the car's hold, the payment provider) come in `facts` (facts.ts), gathered by the handler
 * before `decide`. No personal data: the contact check's sign-in or sign-up happens at the HTTP edge
 * (engine/customers) and only the customer id comes here.
 */
import type { Locale } from '../markets.ts';
import type { CancelReason, ContactMethod, PaymentFailure } from './events.ts';

export type BookingCommand =
  /** The booking form (`car_booking_form`, bookingId 0) submitted for a car. */
  | { type: 'StartBooking'; carId: string; locale: Locale }
  /** The contact check passed (`car_booking_check_contact`): signed in, signed up, or already in session. */
  | { type: 'ConfirmContact'; customerId: string; method: ContactMethod }
  /** Take a booking slot and hold the car (facts.slot, facts.hold). */
  | { type: 'PlaceHold' }
  /** Pay the deposit (markets with one): facts.payment is the checkout created for it. */
  | { type: 'RequestDepositPayment' }
  /** The payment provider's answer (signed webhook). */
  | { type: 'RecordDepositPayment'; paymentId: string; result: 'succeeded' }
  | { type: 'RecordDepositPayment'; paymentId: string; result: 'failed'; reason: PaymentFailure }
  /** The car's hold ended by its timer (the car stream's `CarHoldReleased(expired)`). */
  | { type: 'ExpireBooking'; holdId: string }
  | { type: 'CancelBooking'; by: 'buyer' | 'staff'; reason: CancelReason }
  /** A deposit refund the payment provider confirmed later (when it was not immediate). */
  | { type: 'RecordDepositRefund'; paymentId: string; refundId: string }
  /** The buyer started a purchase of the booked car (`PurchaseStarted.fromBookingId`). */
  | { type: 'ConvertBooking'; purchaseId: string; customerId: string; holdId: string };

export type BookingCommandType = BookingCommand['type'];

export const BOOKING_COMMAND_TYPES = [
  'StartBooking',
  'ConfirmContact',
  'PlaceHold',
  'RequestDepositPayment',
  'RecordDepositPayment',
  'ExpireBooking',
  'CancelBooking',
  'RecordDepositRefund',
  'ConvertBooking',
] as const satisfies readonly BookingCommandType[];
