/**
 * A lead's life beyond its submission, on a real database: the mail worker sends the buyer's
 * confirmation and the dealer's notification with the person's words read from the lead's vault record
 * at send time (the dealer's in German for a Berlin dealer); a visitor's lead joins the account they
 * sign in with (once); erasing the person shreds the lead's record, and mails still waiting are
 * cancelled instead of sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadStream } from '../../domain/leads/schemas.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';
import { createLeadContacts, type LeadContacts } from '../../engine/leads/leadContacts.ts';
import { createLeadService, type LeadService } from '../../engine/leads/leadService.ts';
import { createMailSecrets } from '../../engine/mail/mailSecrets.ts';
import type { OutgoingMail } from '../../engine/mail/mailTransport.ts';
import { createMailWorker } from '../../engine/mail/mailWorker.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { leadFacts } from '../../projections/leads/leadFacts.ts';
import { type LeadQueries, leadQueries } from '../../projections/leads/leadQueries.ts';
import { leadsProjection } from '../../projections/leads/leadsProjection.ts';
import { createMailReactor } from '../../projections/mail/mailReactor.ts';
import { FIXTURE_CARS as C } from '../../projections/search/contract/searchFixture.ts';
import { leadMailRecipients } from '../createServices.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { joinVisitorLeads } from './joinVisitorLeads.ts';

const LOOKUP = Buffer.alloc(32, 5);
const FIELDS = {
  firstName: 'Jonas',
  lastName: 'Weber',
  email: 'jonas.weber@example.test',
  phone: '+49 30 1234567',
  message: 'Guten Tag, ist der X3 noch verfügbar?',
  consent: 'yes',
};

describe('a lead after its submission', () => {
  let fixture: CatalogueFixtureDatabase;
  let runner: ProjectionRunner;
  let contacts: LeadContacts;
  let leads: LeadService;
  let queries: LeadQueries;
  const sent: OutgoingMail[] = [];

  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase();
    const { db, store } = fixture;
    contacts = createLeadContacts({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 6) }]),
      lookupKey: LOOKUP,
    });
    leads = createLeadService({
      store,
      contacts,
      facts: leadFacts({ knex: db.knex, schema: db.schema }),
      newId: randomUUID,
    });
    queries = leadQueries({ knex: db.knex, schema: db.schema });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [leadsProjection, createMailReactor({ store, schema: db.schema })],
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner?.stop();
    await fixture?.close();
  });

  const worker = () =>
    createMailWorker({
      knex: fixture.db.knex,
      schema: fixture.db.schema,
      transport: {
        async send(mail) {
          sent.push(mail);
          return { messageId: mail.messageId };
        },
        async close() {},
      },
      vault: { read: async () => Promise.reject(new Error('no customer mails here')) },
      secrets: createMailSecrets(LOOKUP),
      leads: leadMailRecipients(contacts, leadFacts({ knex: fixture.db.knex, schema: fixture.db.schema })),
      publicUrl: 'https://cars.example.test',
      from: 'no-reply@cars.example.test',
    });

  it('given a French lead on a Berlin car, then the buyer is mailed in French and the dealer in German, with the words read at send time', async () => {
    const { leadId } = await leads.submit({
      target: { kind: 'car', locale: 'fr', carId: C.berlinX3.carId, bookingId: '0' },
      fields: FIELDS,
      customerId: null,
      visitorId: 'visitor-1',
    });
    await runner.caughtUp();
    await worker().runOnce();
    const mine = sent.filter((m) => m.text.includes(leadId));
    expect(mine.map((m) => [m.to, m.language])).toEqual([
      [FIELDS.email, 'fr-FR'],
      ['berlin@example.com', 'de-DE'],
    ]);
    expect(mine[0]!.subject).toBe('Votre message est bien envoyé');
    expect(mine[1]!.subject).toBe('Neue Anfrage: Anfrage zu einem Fahrzeug');
    expect(mine[1]!.text).toContain('Jonas Weber');
    expect(mine[1]!.text).toContain(FIELDS.message);
    expect(mine[1]!.html).toContain(FIELDS.phone);
  });

  it('given a visitor’s lead of a moment ago, when they sign in, then the join waits for the read model and takes it', async () => {
    const { leadId } = await leads.submit({
      target: { kind: 'dealer', locale: 'fr', dealerId: '12' },
      fields: FIELDS,
      customerId: null,
      visitorId: 'visitor-3',
    });
    // No wait for the projection here: the join asks for it.
    await joinVisitorLeads({ leads, queries, caughtUp: () => runner.caughtUp() })({
      customerId: 'cus_quick',
      visitorId: 'visitor-3',
    });
    const events = await fixture.store.readStream(leadStream(leadId));
    expect(events.map((e) => e.type)).toEqual(['LeadSubmitted', 'LeadJoinedCustomer']);
  });

  it('given a visitor’s lead, when they sign in, then it joins their account once, and erasing them shreds it and cancels its mails', async () => {
    const { leadId } = await leads.submit({
      target: { kind: 'dealer', locale: 'fr', dealerId: '12' },
      fields: FIELDS,
      customerId: null,
      visitorId: 'visitor-2',
    });
    await runner.caughtUp();
    const join = joinVisitorLeads({ leads, queries });
    await join({ customerId: 'cus_jonas', visitorId: 'visitor-2' });
    await join({ customerId: 'cus_other', visitorId: 'visitor-2' });
    const events = await fixture.store.readStream(leadStream(leadId));
    expect(events.map((e) => [e.type, (e.data as { customerId?: string }).customerId ?? null])).toEqual([
      ['LeadSubmitted', null],
      ['LeadJoinedCustomer', 'cus_jonas'],
    ]);
    await runner.caughtUp();
    expect(await queries.ofVisitor('visitor-2')).toEqual([]);

    // The account is erased before the worker runs: its leads' records go, the waiting mails are cancelled.
    expect(await contacts.eraseFor('cus_jonas', undefined)).toBeGreaterThanOrEqual(1);
    await expect(contacts.read(leadId)).rejects.toThrow(/erased/);
    const before = sent.length;
    await worker().runOnce();
    expect(sent.slice(before).filter((m) => m.text.includes(leadId))).toEqual([]);
    const rows = (await fixture.db.knex
      .withSchema(fixture.db.schema)
      .table('mail_outbox')
      .whereRaw("params->>'leadId' = ?", [leadId])) as { status: string; cancel_reason: string }[];
    expect(rows.map((r) => [r.status, r.cancel_reason])).toEqual([
      ['cancelled', 'erased'],
      ['cancelled', 'erased'],
    ]);
    // The other lead of the same email (the first test's) is found by the email's lookup.
    expect(await contacts.eraseFor('cus_nobody', FIELDS.email)).toBeGreaterThanOrEqual(1);
  });
});
