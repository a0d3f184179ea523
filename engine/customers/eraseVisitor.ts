/**
 * Erasing a visitor who never signed up (domain/customers/visitorErasure.ts), for the back office's
 * admins. In order:
 *
 * 1. the email must be one (400 on `email`) and the reason given, at most 500 characters, never naming
 *    the email (it is kept in an event; 400 on `reason`);
 * 2. an email of an account is refused (409 naming the customer's number): erase the customer, which also
 *    erases their leads and appointments by account and by email (engine/customers/eraseCustomer.ts);
 * 3. the leads sent with the email lose their vault record (engine/leads/leadContacts.ts), then the
 *    appointment contacts typed with it (the vault's `contact_lookup`, migration 026);
 * 4. `VisitorErased { erasureId, erasedAt, by, reason, leads, appointmentContacts }` on a stream of its
 *    own: the record, with counts only.
 *
 * Each step is idempotent: run again (a retry, a double submit) it erases what is left, none the second
 * time, and records that too (what staff did, and when, is the audit trail).
 */
import { ERASE_REASON_MAX } from '../../domain/customers/customerEvents.ts';
import { emailSchema } from '../../domain/customers/personalData.ts';
import {
  type VisitorErasure,
  type VisitorErasureEvent,
  visitorErasureStream,
} from '../../domain/customers/visitorErasure.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { EventStore } from '../eventStore.ts';
import type { CustomerVault } from './vault/customerVault.ts';

export interface VisitorErasureOptions {
  readonly store: EventStore;
  readonly vault: Pick<CustomerVault, 'findByEmail' | 'erase'> & {
    contactsWithEmail(email: string): Promise<string[]>;
  };
  readonly leads: { eraseFor(customerId: string | null, email: string | undefined): Promise<number> };
  /** The public number of an account (the refusal names it). */
  readonly numberOf: (customerId: string) => Promise<number | undefined>;
  readonly newId: () => string;
  readonly clock?: () => Date;
}

export function createVisitorErasure(options: VisitorErasureOptions) {
  const clock = options.clock ?? (() => new Date());
  return {
    async erase(request: {
      readonly email: string;
      readonly by: string;
      readonly reason: string;
    }): Promise<VisitorErasure> {
      const address = emailSchema.safeParse(request.email);
      if (!address.success) throw ValidationError.field('email', 'must be an email address');
      const why = typeof request.reason === 'string' ? request.reason.trim() : '';
      if (why.length === 0 || why.length > ERASE_REASON_MAX)
        throw ValidationError.field('reason', `is required, at most ${ERASE_REASON_MAX} characters`);
      if (why.toLowerCase().includes(address.data))
        throw ValidationError.field('reason', 'must not contain the email (it is kept)');
      const customerId = await options.vault.findByEmail(address.data);
      if (customerId) {
        const number = await options.numberOf(customerId);
        throw new ConflictError(`this email is a customer's (${number ?? customerId}): erase the customer`, {
          customer: number ?? null,
          // The form's field (a post without JavaScript comes back with it).
          fields: { email: ['customer'] },
        });
      }
      const leads = await options.leads.eraseFor(null, address.data);
      let appointmentContacts = 0;
      for (const contactId of await options.vault.contactsWithEmail(address.data)) {
        await options.vault.erase(contactId).then(
          () => appointmentContacts++,
          (error: unknown) => {
            if (!(error instanceof NotFoundError)) throw error;
          },
        );
      }
      const erasure: VisitorErasure = {
        erasureId: options.newId(),
        erasedAt: clock().toISOString(),
        by: request.by,
        reason: why,
        leads,
        appointmentContacts,
      };
      const event: VisitorErasureEvent = { type: 'VisitorErased', data: erasure };
      await options.store.appendToStream(visitorErasureStream(erasure.erasureId), [
        {
          id: options.newId(),
          type: event.type,
          data: { ...event.data },
          metadata: { at: erasure.erasedAt, actor: { kind: 'staff', staffId: request.by } },
        },
      ]);
      return erasure;
    },
  };
}

export type VisitorErasureService = ReturnType<typeof createVisitorErasure>;
