/**
 * The customers' public numbers (migration 014: `customer_vault.customer_number`, assigned at sign-up,
 * kept after erasure, never reused) and the customer's own stream (domain/customers/customerEvents.ts).
 * The back office addresses a customer by number (the SPEC's routes take digits); everything else
 * keeps the opaque id.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { type CustomerEvent, customerStream } from '../../domain/customers/customerEvents.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';

export interface CustomerNumbers {
  /** The customer's number; undefined for an id the vault never had. */
  numberOf(customerId: string, db?: Knex): Promise<number | undefined>;
  /** The id behind a number (erased customers included); undefined when no customer has it. */
  customerIdOf(number: number): Promise<string | undefined>;
}

export function customerNumbers(options: { readonly knex: Knex; readonly schema?: string }): CustomerNumbers {
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".customer_vault`;
  return {
    async numberOf(customerId, db = options.knex) {
      const { rows } = await db.raw<{ rows: { customer_number: string }[] }>(
        `SELECT customer_number FROM ${table} WHERE customer_id = ?`,
        [customerId],
      );
      return rows[0] ? Number(rows[0].customer_number) : undefined;
    },
    async customerIdOf(number) {
      if (!Number.isSafeInteger(number) || number < 1) return undefined;
      const { rows } = await options.knex.raw<{ rows: { customer_id: string }[] }>(
        `SELECT customer_id FROM ${table} WHERE customer_number = ?`,
        [number],
      );
      return rows[0]?.customer_id;
    },
  };
}

/** A stable event id for what happens once to a customer, so a retried append writes nothing twice. */
export function customerEventId(customerId: string, what: CustomerEvent['type']): string {
  const hex = createHash('sha256').update(`${what}\u0000${customerId}`).digest('hex');
  // Shaped as a UUID (version 5 bits, RFC 4122 variant): the store's ids are UUIDs.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Appends a customer event on the customer's stream (idempotent by its stable id). */
export async function appendCustomerEvent(
  store: EventStore,
  event: CustomerEvent,
  metadata: JsonObject,
): Promise<void> {
  await store.appendToStream(customerStream(event.data.customerId), [
    {
      id: customerEventId(event.data.customerId, event.type),
      type: event.type,
      data: event.data as unknown as JsonObject,
      metadata,
    },
  ]);
}
