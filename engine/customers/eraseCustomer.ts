/**
 * Erasing a customer (GDPR's right to erasure) by crypto-shredding, for the back office. In order:
 *
 * 1. the customer must exist in the vault (unknown id → NotFoundError); an erasure already recorded on
 *    the customer's stream is answered again as it was (idempotent: same number, time, actor, reason);
 * 2. the reason is checked: required, and never naming the customer's email or names (it is kept in an
 *    event, forever);
 * 3. the bills' files and rows (`bills.eraseCustomer`), then the own cars' pictures and rows
 *    (`cars.eraseCustomer`): files first, while the rows that name them exist (the account's cascade
 *    would drop the rows and leave the files); bills before cars (a bill's row goes with its car's);
 * 4. the favorites: every car still on the customer's list is unfavorited (events: ids only); the leads
 *    joined to the account or sent with its email lose their vault record (engine/leads/leadContacts.ts);
 *    the contact details of their dealer appointments are erased from the vault;
 * 5. the sessions signed in as the customer are deleted;
 * 6. the account (hash, consents; bundles and any row left by cascade) and the vault's key, data and
 *    email lookup, in one transaction (`accounts.erase`): from here the person is gone;
 * 7. `CustomerErased { customerId, number, erasedAt, by, reason }` on the customer's stream, with a
 *    stable event id: the record of the erasure, and what the read model marks the row with.
 *
 * Each step is idempotent, so an erasure interrupted half-way is finished by the next call.
 */
import type { Knex } from 'knex';
import { customerStream, ERASE_REASON_MAX } from '../../domain/customers/customerEvents.ts';
import { normalizeEmail } from '../../domain/customers/personalData.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { decideFavorites, evolveFavorites, initialFavorites } from '../../domain/favorites/decide.ts';
import { favoritesStream } from '../../domain/favorites/events.ts';
import type { CustomerBills } from '../bills/customerBills.ts';
import type { EventStore } from '../eventStore.ts';
import { StreamNotFoundError } from '../eventStoreErrors.ts';
import { handleCommand, readAggregate } from '../handleCommand.ts';
import { changeSessions } from '../sessions/sessionChanges.ts';
import type { SessionStore } from '../sessions/sessionStore.ts';
import type { CustomerAccounts } from './accounts/customerAccounts.ts';
import type { CustomerCars } from './cars/customerCars.ts';
import { appendCustomerEvent, customerNumbers } from './customerNumbers.ts';
import type { CustomerVault } from './vault/customerVault.ts';

export interface Erasure {
  readonly customerId: string;
  readonly number: number | null;
  readonly erasedAt: string;
  /** The staff member who erased. */
  readonly by: string;
  readonly reason: string;
}

export interface CustomerErasure {
  erase(customerId: string, request: { readonly by: string; readonly reason: string }): Promise<Erasure>;
  /** The recorded erasure, if any. */
  erasureOf(customerId: string): Promise<Erasure | undefined>;
}

export interface CustomerErasureOptions {
  readonly knex: Knex;
  readonly schema?: string;
  readonly store: EventStore;
  readonly vault: CustomerVault;
  readonly accounts: Pick<CustomerAccounts, 'erase'>;
  readonly cars: Pick<CustomerCars, 'eraseCustomer'>;
  readonly bills: Pick<CustomerBills, 'eraseCustomer'>;
  /** The person's leads (engine/leads/leadContacts.ts): joined to the account or sent with its email. */
  readonly leads?: { eraseFor(customerId: string, email: string | undefined): Promise<number> };
  readonly newId: () => string;
  readonly clock?: () => Date;
  /**
   * The vault records of the contact details typed for the customer's dealer appointments
   * (domain/appointment/README.md): erased with the customer.
   */
  readonly appointmentContacts?: (customerId: string) => Promise<readonly string[]>;
  /** This process's sessions kept in memory: the customer's, ended, are read again (sessionChanges.ts). */
  readonly sessions?: Pick<SessionStore, 'forget'>;
}

export function createCustomerErasure(options: CustomerErasureOptions): CustomerErasure {
  const { knex, store, vault } = options;
  const schema = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const clock = options.clock ?? (() => new Date());
  const numbers = customerNumbers({ knex, ...(options.schema ? { schema: options.schema } : {}) });

  async function erasureOf(customerId: string): Promise<Erasure | undefined> {
    const events = await store.readStream(customerStream(customerId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const erased = events.find((e) => e.type === 'CustomerErased');
    return erased ? (erased.data as unknown as Erasure) : undefined;
  }

  async function clearFavorites(customerId: string): Promise<void> {
    const owner = { kind: 'customer' as const, id: customerId };
    const stream = favoritesStream(owner);
    const favorites = { initialState: initialFavorites, evolve: evolveFavorites };
    const { state } = await readAggregate(store, stream, favorites);
    if (state.length === 0) return;
    await handleCommand(store, stream, favorites, (s) => decideFavorites({ type: 'ClearFavorites' }, s), {
      newId: options.newId,
      metadata: { at: clock().toISOString(), erasure: true },
    });
  }

  return {
    erasureOf,
    async erase(customerId, { by, reason }) {
      const number = await numbers.numberOf(customerId);
      if (number === undefined) throw new NotFoundError(`customer ${customerId} not found`, { customerId });
      const done = await erasureOf(customerId);
      if (done) return done;
      const why = typeof reason === 'string' ? reason.trim() : '';
      if (why.length === 0 || why.length > ERASE_REASON_MAX)
        throw ValidationError.field('reason', `is required, at most ${ERASE_REASON_MAX} characters`);
      const record = (await vault.readMany([customerId])).get(customerId);
      if (record && 'data' in record) {
        const text = why.toLowerCase();
        const { email, firstName, lastName } = record.data;
        const named = [normalizeEmail(email), firstName, lastName]
          .map((v) => v.trim().toLowerCase())
          .filter((v) => v.length >= 3)
          .some((v) => text.includes(v));
        if (named)
          throw ValidationError.field('reason', "must not contain the customer's email or name (it is kept)");
      }
      await options.bills.eraseCustomer(customerId);
      await options.cars.eraseCustomer(customerId);
      await clearFavorites(customerId);
      // Their leads' vault subjects, found by account and by email while the email is still readable.
      await options.leads?.eraseFor(customerId, record && 'data' in record ? record.data.email : undefined);
      for (const contactId of (await options.appointmentContacts?.(customerId)) ?? [])
        await vault.erase(contactId).catch((error: unknown) => {
          if (!(error instanceof NotFoundError)) throw error;
        });
      const ended = await changeSessions(
        knex,
        `DELETE FROM ${schema}.http_sessions WHERE data->>'customerId' = ? RETURNING sid`,
        [customerId],
      );
      options.sessions?.forget(ended);
      const erased = await options.accounts.erase(customerId);
      const erasure: Erasure = {
        customerId,
        number,
        erasedAt: erased.erasedAt.toISOString(),
        by,
        reason: why,
      };
      await appendCustomerEvent(
        store,
        { type: 'CustomerErased', data: erasure },
        { at: clock().toISOString(), actor: { kind: 'staff', staffId: by } },
      );
      // Two erasures racing: the stream holds the first one's record (stable event id); answer it.
      return (await erasureOf(customerId)) ?? erasure;
    },
  };
}
