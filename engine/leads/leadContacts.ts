/**
 * Each lead's own vault subject (`lead_contacts`, migration 019): the person's name, email, phone and
 * message, and the staff's notes, sealed with envelope.ts under a data key of the lead's, wrapped by the
 * customer vault's master keys. An HMAC of the email (the vault's lookup key; not unique: one person may
 * write many times) and the account the lead joined let an erasure find every lead of a person; erasing
 * nulls the key, the data and the lookup: the lead's events and rows keep only ids.
 */
import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/errors.ts';
import { type LeadContact, leadContactSchema } from '../../domain/leads/leadForm.ts';
import { LEAD_ID } from '../../domain/leads/schemas.ts';
import { validate } from '../../domain/validate.ts';
import {
  emailLookup,
  type KeyRing,
  newDataKey,
  openData,
  sealData,
  unwrapDataKey,
  wrapDataKey,
} from '../customers/vault/envelope.ts';

export interface LeadContactRecord {
  readonly leadId: string;
  readonly data: LeadContact;
  readonly customerId: string | null;
}

export interface ErasedLeadContact {
  readonly leadId: string;
  readonly erasedAt: Date;
}

export interface LeadContacts {
  /** Stores a new lead's contact; the same lead id again keeps the first (a retried request). */
  create(leadId: string, data: LeadContact, customerId: string | null): Promise<void>;
  /** The contact; unknown → NotFoundError; erased → NotFoundError with `details.erased`. */
  read(leadId: string): Promise<LeadContactRecord>;
  /** Several at once (lists, exports): erased ones as ErasedLeadContact, unknown ids left out. */
  readMany(leadIds: readonly string[]): Promise<Map<string, LeadContactRecord | ErasedLeadContact>>;
  /** Adds a staff note under `noteId` (re-sealed under the same key). */
  addNote(leadId: string, noteId: string, note: string): Promise<void>;
  /** Records the account a lead joined (an erasure of that account then finds it). */
  joinCustomer(leadId: string, customerId: string): Promise<void>;
  /** Crypto-shreds every lead of a person: those joined to the account and those sent with the email. */
  eraseFor(customerId: string | null, email: string | undefined): Promise<number>;
}

interface Row {
  lead_id: string;
  customer_id: string | null;
  key_id: string | null;
  wrapped_key: Buffer | null;
  sealed_data: Buffer | null;
  erased_at: Date | null;
}

export function createLeadContacts(options: {
  readonly knex: Knex;
  readonly schema?: string;
  readonly keyRing: KeyRing;
  readonly lookupKey: Buffer;
  readonly clock?: () => Date;
}): LeadContacts {
  const { knex, keyRing, lookupKey } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".lead_contacts`;
  const clock = options.clock ?? (() => new Date());
  const checked = (leadId: string) => {
    if (!LEAD_ID.test(leadId)) throw new NotFoundError(`lead ${leadId} not found`, { leadId });
    return leadId;
  };
  const decrypt = (row: Row): LeadContactRecord => {
    const dataKey = unwrapDataKey(keyRing, row.lead_id, { keyId: row.key_id!, wrapped: row.wrapped_key! });
    const data = leadContactSchema.parse(openData(dataKey, row.lead_id, row.sealed_data!));
    dataKey.fill(0);
    return { leadId: row.lead_id, data, customerId: row.customer_id };
  };
  const present = (row: Row | undefined, leadId: string): Row => {
    if (!row) throw new NotFoundError(`lead ${leadId} not found`, { leadId });
    if (row.erased_at) throw new NotFoundError(`lead ${leadId} was erased`, { leadId, erased: true });
    return row;
  };

  return {
    async create(leadId, input, customerId) {
      checked(leadId);
      const data = validate(leadContactSchema, input, 'lead contact');
      const dataKey = newDataKey();
      const { keyId, wrapped } = wrapDataKey(keyRing, leadId, dataKey);
      const sealed = sealData(dataKey, leadId, data);
      dataKey.fill(0);
      const now = clock();
      await knex.raw(
        `INSERT INTO ${table}
           (lead_id, email_lookup, customer_id, key_id, wrapped_key, sealed_data, version, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (lead_id) DO NOTHING`,
        [leadId, emailLookup(lookupKey, data.email), customerId, keyId, wrapped, sealed, now, now],
      );
    },

    async read(leadId) {
      checked(leadId);
      const { rows } = await knex.raw<{ rows: Row[] }>(`SELECT * FROM ${table} WHERE lead_id = ?`, [leadId]);
      return decrypt(present(rows[0], leadId));
    },

    async readMany(leadIds) {
      const ids = [...new Set(leadIds)].filter((id) => LEAD_ID.test(id));
      const found = new Map<string, LeadContactRecord | ErasedLeadContact>();
      if (ids.length === 0) return found;
      const { rows } = await knex.raw<{ rows: Row[] }>(
        `SELECT * FROM ${table} WHERE lead_id = ANY(?::text[])`,
        [ids],
      );
      for (const row of rows)
        found.set(
          row.lead_id,
          row.erased_at ? { leadId: row.lead_id, erasedAt: row.erased_at } : decrypt(row),
        );
      return found;
    },

    async addNote(leadId, noteId, note) {
      checked(leadId);
      await knex.transaction(async (trx) => {
        const { rows } = await trx.raw<{ rows: Row[] }>(
          `SELECT * FROM ${table} WHERE lead_id = ? FOR UPDATE`,
          [leadId],
        );
        const row = present(rows[0], leadId);
        const current = decrypt(row);
        const data: LeadContact = { ...current.data, notes: { ...current.data.notes, [noteId]: note } };
        const dataKey = unwrapDataKey(keyRing, leadId, { keyId: row.key_id!, wrapped: row.wrapped_key! });
        const sealed = sealData(dataKey, leadId, data);
        dataKey.fill(0);
        await trx.raw(
          `UPDATE ${table} SET sealed_data = ?, version = version + 1, updated_at = ? WHERE lead_id = ?`,
          [sealed, clock(), leadId],
        );
      });
    },

    async joinCustomer(leadId, customerId) {
      checked(leadId);
      await knex.raw(`UPDATE ${table} SET customer_id = ? WHERE lead_id = ? AND customer_id IS NULL`, [
        customerId,
        leadId,
      ]);
    },

    async eraseFor(customerId, email) {
      const lookup = email ? emailLookup(lookupKey, email) : null;
      const { rows } = await knex.raw<{ rows: unknown[] }>(
        `UPDATE ${table}
            SET email_lookup = NULL, key_id = NULL, wrapped_key = NULL, sealed_data = NULL, erased_at = ?
          WHERE erased_at IS NULL AND (customer_id = ? OR (?::bytea IS NOT NULL AND email_lookup = ?::bytea))
          RETURNING lead_id`,
        [clock(), customerId, lookup, lookup],
      );
      return rows.length;
    },
  };
}
