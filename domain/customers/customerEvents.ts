/**
 * A customer's own stream, `customer-<id>`: what happened to the customer as a whole (not in a funnel).
 * Ids and coarse facts only, never personal data (that lives in the vault, engine/customers):
 *
 * - `CustomerSignedUp { customerId, number }`: the account was made; `number` is the customer's public
 *   number (digits, assigned by the vault at sign-up), the id the back office's URLs carry;
 * - `CustomerErased { customerId, number, erasedAt, by, reason }`: a staff member erased the customer
 *   (GDPR): `by` is the staff id, `reason` why (staff are told not to put personal data in it, and a
 *   reason naming the customer's email or name is refused).
 *
 * Times are the metadata's `at`, as for the funnels.
 */

export const CUSTOMER_STREAM_PREFIX = 'customer-';

export type CustomerEvent =
  | { type: 'CustomerSignedUp'; data: { customerId: string; number: number } }
  | {
      type: 'CustomerErased';
      data: { customerId: string; number: number | null; erasedAt: string; by: string; reason: string };
    };

export type CustomerEventType = CustomerEvent['type'];

export const CUSTOMER_EVENT_TYPES: readonly CustomerEventType[] = ['CustomerSignedUp', 'CustomerErased'];

export function customerStream(customerId: string): string {
  return `${CUSTOMER_STREAM_PREFIX}${customerId}`;
}

/** An erasure's reason: required, at most this many characters. */
export const ERASE_REASON_MAX = 500;
