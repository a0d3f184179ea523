/**
 * The mail worker on a real database and an in-process SMTP server: each mail sent once however many
 * workers, retries with backoff, erased customers never mailed, the buyer's locale, the invitation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPostgresCustomerVault,
  type PostgresCustomerVault,
} from '../customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../customers/vault/envelope.ts';
import { createStaffAccounts } from '../staff/createStaffAccounts.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { invitationMailer } from './invitationMail.ts';
import { createMailOutbox, enqueueMail, type NewMail } from './mailOutbox.ts';
import { createMailSecrets } from './mailSecrets.ts';
import { createMailWorker, type MailWorkerOptions } from './mailWorker.ts';
import { createSmtpTransport } from './smtpTransport.ts';
import { type SmtpSink, startSmtpSink } from './testing/smtpSink.ts';

const T0 = new Date('2031-03-01T10:00:00.000Z');
const LOOKUP = Buffer.alloc(32, 9);
const secrets = createMailSecrets(LOOKUP);
const pln = (amount: number) => ({ amount, currency: 'PLN' as const });

const purchaseMail = (n: number, customerId = 'cus_anna', locale: NewMail['locale'] = 'pl'): NewMail => ({
  key: `evt-${n}:purchase_confirmed`,
  template: 'purchase_confirmed',
  locale,
  recipient: { kind: 'customer', id: customerId },
  params: {
    purchaseId: `p${n}`,
    carId: '7',
    carLabel: 'Skoda Octavia Style',
    funding: 'cash',
    totalDue: pln(12_345_600),
    advancePaid: pln(100_000),
    balanceAtDelivery: pln(12_245_600),
  },
});

describe('mail worker', () => {
  let db: TestDatabase;
  let vault: PostgresCustomerVault;
  let sink: SmtpSink | undefined;
  let now: Date;
  const transports: { close(): Promise<void> }[] = [];

  const worker = (smtp: SmtpSink, options: Partial<MailWorkerOptions> = {}) => {
    const transport = createSmtpTransport(smtp.url);
    transports.push(transport);
    return createMailWorker({
      knex: db.knex,
      schema: db.schema,
      transport,
      vault,
      secrets,
      publicUrl: 'https://cars.example.test',
      from: 'Cars <no-reply@cars.example.test>',
      clock: () => now,
      ...options,
    });
  };
  const enqueue = (mail: NewMail) => enqueueMail(db.knex, mail, { schema: db.schema, now });
  const rows = () =>
    db.knex.withSchema(db.schema).table('mail_outbox').orderBy('id') as Promise<Record<string, unknown>[]>;

  beforeEach(async () => {
    now = T0;
    db = await openTestDatabase();
    vault = createPostgresCustomerVault({
      knex: db.knex,
      schema: db.schema,
      keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      lookupKey: LOOKUP,
    });
    await vault.create('cus_anna', { email: 'anna@example.test', firstName: 'Anna', lastName: 'Nowak' });
  });
  afterEach(async () => {
    await Promise.all(transports.splice(0).map((t) => t.close()));
    await sink?.close();
    sink = undefined;
    await db.close();
  });

  describe('given no SMTP server configured (no worker)', () => {
    it('then the mail waits in the outbox, holding no address or name', async () => {
      await enqueue(purchaseMail(1));
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'waiting', attempts: 0, recipient_id: 'cus_anna' });
      expect(JSON.stringify(row)).not.toMatch(/anna@example|Nowak/);
    });
  });

  describe('given waiting mails and two workers running together', () => {
    it('then the SMTP server receives each mail exactly once', async () => {
      sink = await startSmtpSink();
      for (let n = 0; n < 12; n++) await enqueue(purchaseMail(n));
      const a = worker(sink, { batchSize: 3 });
      const b = worker(sink, { batchSize: 3 });
      const drain = async (w: typeof a) => {
        while ((await w.runOnce()) > 0);
      };
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      expect(sink.received).toHaveLength(12);
      const ids = sink.received.map((m) => m.header('message-id'));
      expect(new Set(ids).size).toBe(12);
      const all = await rows();
      expect(all.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      expect(all.map((r) => r.message_id).sort()).toEqual([...ids].sort());
    });
  });

  describe('given an SMTP server refusing the first two attempts', () => {
    it('then the mail is retried after 1 then 2 minutes, and sent at the third', async () => {
      sink = await startSmtpSink({ refuseFirst: 2 });
      await enqueue(purchaseMail(1));
      const w = worker(sink);
      expect(await w.runOnce()).toBe(1);
      expect(await rows()).toMatchObject([
        { status: 'waiting', attempts: 1, due_at: new Date(T0.getTime() + 60_000) },
      ]);
      expect(String((await rows())[0]!.last_error)).toMatch(/try again later/);
      expect(await w.runOnce()).toBe(0); // not due yet
      now = new Date(T0.getTime() + 60_000);
      expect(await w.runOnce()).toBe(1);
      expect(await rows()).toMatchObject([{ attempts: 2, due_at: new Date(now.getTime() + 120_000) }]);
      now = new Date(now.getTime() + 120_000);
      expect(await w.runOnce()).toBe(1);
      expect(await rows()).toMatchObject([{ status: 'sent', attempts: 3, last_error: null }]);
      expect(sink.refused).toBe(2);
      expect(sink.received).toHaveLength(1);
    });

    it('when attempts run out, then the mail is failed with the last error; sent again, it goes', async () => {
      sink = await startSmtpSink({ refuseFirst: 2 });
      await enqueue(purchaseMail(1));
      const w = worker(sink, { maxAttempts: 2 });
      await w.runOnce();
      now = new Date(T0.getTime() + 60_000);
      await w.runOnce();
      const [failed] = await rows();
      expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
      expect(String(failed!.last_error)).not.toContain('anna@example.test');
      await createMailOutbox({ knex: db.knex, schema: db.schema }).sendAgain(String(failed!.id), now);
      await w.runOnce();
      expect(await rows()).toMatchObject([{ status: 'sent', attempts: 1 }]);
    });
  });

  describe('given a waiting mail to a customer erased since', () => {
    it('then the worker cancels it (erased) and sends nothing', async () => {
      sink = await startSmtpSink();
      await enqueue(purchaseMail(1));
      await vault.erase('cus_anna');
      await worker(sink).runOnce();
      expect(await rows()).toMatchObject([{ status: 'cancelled', cancel_reason: 'erased' }]);
      expect(sink.received).toEqual([]);
    });
  });

  describe("given a Polish buyer's confirmed purchase", () => {
    it('then the mail is in Polish, amounts in złoty, to the address read from the vault', async () => {
      sink = await startSmtpSink();
      await enqueue(purchaseMail(1));
      await worker(sink).runOnce();
      const [mail] = sink.received;
      expect(mail!.to).toEqual(['anna@example.test']);
      expect(mail!.header('content-language')).toBe('pl-PL');
      expect(mail!.subject).toBe('Twój zakup został potwierdzony: Skoda Octavia Style');
      const total = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(123_456);
      expect(total).toContain('zł');
      expect(mail!.body).toContain(`Razem: ${total}`);
      expect(mail!.body).toContain('Dzień dobry, Anna,');
      expect(mail!.body).toContain('<html lang="pl-PL">');
    });
  });

  describe('given a staff invitation', () => {
    const accounts = () =>
      createStaffAccounts({
        knex: db.knex,
        schema: db.schema,
        clock: () => now,
        onInvited: invitationMailer({ secrets, schema: db.schema }),
      });

    it('then its mail carries the one-time link, the token stored only sealed', async () => {
      sink = await startSmtpSink();
      const invitation = await accounts().invite(
        { email: 'jo@example.test', name: 'Jo', roles: ['sales'], locale: 'nl-BE' },
        null,
      );
      const [row] = await rows();
      expect(row).toMatchObject({ template: 'staff_invitation', recipient_kind: 'staff', locale: 'nl-BE' });
      expect(JSON.stringify(row)).not.toContain(invitation.token);
      expect(Buffer.from(row!.secret as Buffer).includes(Buffer.from(invitation.token))).toBe(false);
      await worker(sink).runOnce();
      const [mail] = sink.received;
      expect(mail!.to).toEqual(['jo@example.test']);
      expect(mail!.subject).toBe('Uitnodiging voor de backoffice');
      expect(mail!.body).toContain(`?token=${invitation.token}`);
    });

    it('when the person is invited again before it goes, then the first mail is cancelled (replaced)', async () => {
      sink = await startSmtpSink();
      const input = {
        email: 'jo@example.test',
        name: 'Jo',
        roles: ['sales' as const],
        locale: 'fr' as const,
      };
      await accounts().invite(input, null);
      const second = await accounts().invite(input, null);
      await worker(sink).runOnce();
      expect((await rows()).map((r) => [r.status, r.cancel_reason])).toEqual([
        ['cancelled', 'replaced'],
        ['sent', null],
      ]);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.body).toContain(second.token);
    });
  });
});
