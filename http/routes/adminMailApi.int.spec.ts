/**
 * The mail outbox API through the app on a real database: the list by status (admin only), a failed
 * mail sent again, and the refusals (bad status 400, unknown 404, not failed 409).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailOutbox, enqueueMail, type NewMail } from '../../engine/mail/mailOutbox.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { app } from '../app.ts';
import { openTestStaff, type TestStaff } from '../testing/testStaff.ts';

const T0 = new Date('2031-03-01T10:00:00.000Z');
const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const mail = (n: number): NewMail => ({
  key: `evt-${n}:booking_confirmed`,
  template: 'booking_confirmed',
  locale: 'fr',
  recipient: { kind: 'customer', id: `cus_${n}` },
  params: {
    bookingId: `b${n}`,
    carId: '7',
    carLabel: 'Renault Clio',
    heldUntil: T0.toISOString(),
    deposit: eur(100),
  },
});

describe('mail outbox API', () => {
  let db: TestDatabase;
  let fastify: FastifyInstance;
  let staff: TestStaff;
  const signIn = (name: string) => staff.signIn(fastify, name);
  let failedId: string;
  let sentId: string;

  beforeAll(async () => {
    db = await openTestDatabase();
    staff = await openTestStaff(db, { Ada: ['admin'], Sam: ['sales'] });
    for (let n = 1; n <= 3; n++) await enqueueMail(db.knex, mail(n), { schema: db.schema, now: T0 });
    const outbox = createMailOutbox({ knex: db.knex, schema: db.schema });
    const [first, second] = await outbox.claim(2, T0, 60_000);
    await outbox.markFailed(first!, '451 try again later', null, T0);
    await outbox.markSent(second!, '<m@x>', T0);
    failedId = first!.id;
    sentId = second!.id;
    fastify = Fastify({ logger: false });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      security: staff.security,
      mailAdmin: { outbox, sending: false, clock: () => T0 },
    });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.close();
  });

  describe('given mails waiting, sent and failed', () => {
    it('when an admin lists them by status, then each status shows its own, with no address', async () => {
      const ada = await signIn('Ada');
      const all = await ada.send('GET', '/admin/api/mail');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ total: 3, page: 1, pageSize: 50, sending: false });
      const failed = (await ada.send('GET', '/admin/api/mail?status=failed')).json();
      expect(failed.mails).toMatchObject([
        {
          id: failedId,
          status: 'failed',
          attempts: 1,
          lastError: '451 try again later',
          recipient: { kind: 'customer' },
        },
      ]);
      expect((await ada.send('GET', '/admin/api/mail?status=waiting')).json().total).toBe(1);
    });

    it('when a failed mail is sent again, then it waits, due now; again → 409; unknown → 404', async () => {
      const ada = await signIn('Ada');
      const again = await ada.send('POST', `/admin/api/mail/${failedId}/send-again`);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'waiting', attempts: 0, dueAt: T0.toISOString() });
      expect((await ada.send('POST', `/admin/api/mail/${sentId}/send-again`)).statusCode).toBe(409);
      expect((await ada.send('POST', '/admin/api/mail/999999/send-again')).statusCode).toBe(404);
      expect((await ada.send('POST', '/admin/api/mail/abc/send-again')).statusCode).toBe(404);
    });

    it('when the status is not one of the four, then 400 names the field', async () => {
      const ada = await signIn('Ada');
      const answer = await ada.send('GET', '/admin/api/mail?status=lost');
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain('status');
    });

    it('when a sales member asks, then 403', async () => {
      const sam = await signIn('Sam');
      expect((await sam.send('GET', '/admin/api/mail')).statusCode).toBe(403);
    });

    it('when an admin previews one, then it reads as sent, without personal data nor scripts', async () => {
      const ada = await signIn('Ada');
      const preview = await ada.send('GET', `/admin/api/mail/${failedId}/preview`);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.headers['content-type']).toContain('text/html');
      expect(preview.headers['content-security-policy']).toContain('sandbox');
      expect(preview.body).toContain('Renault Clio');
      expect(preview.body).toContain('[name]');
      expect(preview.body).toMatch(/<body[^>]*><p style="[^"]*">[^<]*Renault Clio[^<]*<\/p>/);
      expect((await ada.send('GET', '/admin/api/mail/999999/preview')).statusCode).toBe(404);
      expect((await ada.send('GET', '/admin/api/mail/abc/preview')).statusCode).toBe(404);
      const sam = await signIn('Sam');
      expect((await sam.send('GET', `/admin/api/mail/${failedId}/preview`)).statusCode).toBe(403);
    });
  });
});
