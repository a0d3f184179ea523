/**
 * The mail reactor on a real database: a confirmed purchase or booking makes one outbox row, written
 * with the reactor's checkpoint; replaying the events adds none; an erasure cancels waiting mails.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventData, EventStore, JsonObject } from '../../engine/eventStore.ts';
import { createMailOutbox } from '../../engine/mail/mailOutbox.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { createProjectionRunner, type ProjectionRunner } from '../createProjectionRunner.ts';
import { rebuildProjection } from '../rebuildProjection.ts';
import { createMailReactor } from './mailReactor.ts';

const NOW = new Date('2031-03-01T10:00:00.000Z');
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const event = (type: string, data: JsonObject, at = NOW): EventData => ({
  id: randomUUID(),
  type,
  data,
  metadata: { at: at.toISOString() },
});

describe('mail reactor', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  const reactor = () => createMailReactor({ store, schema: db.schema, clock: () => NOW });
  const rows = () =>
    db.knex.withSchema(db.schema).table('mail_outbox').orderBy('id') as Promise<Record<string, unknown>[]>;

  beforeEach(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    await store.appendToStream('car-7', [
      event('CarListed', { car: { carId: '7', brand: 'peugeot', model: '208', version: 'GT Line' } }),
    ]);
    runner = createProjectionRunner({ knex: db.knex, store, schema: db.schema, projections: [reactor()] });
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    await store.close();
    await db.close();
  });

  const confirmPurchase = async (purchaseId: string, at = NOW) => {
    const confirmed = event(
      'PurchaseConfirmed',
      {
        funding: 'cash',
        totalDue: eur(2_000_000),
        advancePaid: eur(50_000),
        balanceAtDelivery: eur(1_950_000),
      },
      at,
    );
    await store.appendToStream(`purchase-${purchaseId}`, [
      event(
        'PurchaseStarted',
        { purchaseId, carId: '7', locale: 'pl', dealerId: 'd1', customerId: null },
        at,
      ),
      event('BuyerSignedIn', { customerId: 'cus_anna', method: 'password' }, at),
      confirmed,
    ]);
    return confirmed;
  };

  describe('given a confirmed purchase', () => {
    it('then one outbox row names the buyer by id, in the purchase locale, with no personal data', async () => {
      const confirmed = await confirmPurchase('p1');
      await runner.caughtUp();
      const [row, ...others] = await rows();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        dedupe_key: `${confirmed.id}:purchase_confirmed`,
        template: 'purchase_confirmed',
        locale: 'pl',
        recipient_kind: 'customer',
        recipient_id: 'cus_anna',
        status: 'waiting',
        params: { purchaseId: 'p1', carLabel: 'Peugeot 208 GT Line', totalDue: eur(2_000_000) },
      });
    });

    it('when the events are replayed by a rebuild, then no second row is added', async () => {
      await confirmPurchase('p1');
      await runner.caughtUp();
      await runner.stop();
      await rebuildProjection({
        knex: db.knex,
        store,
        schema: db.schema,
        projection: { ...reactor(), version: 2 },
      });
      expect(await rows()).toHaveLength(1);
    });
  });

  describe('given a purchase confirmed more than a day before the reactor reaches it', () => {
    it('then it makes no mail (deploying the outbox does not mail old buyers)', async () => {
      await confirmPurchase('p-old', new Date(NOW.getTime() - 2 * 24 * 3600_000));
      await runner.caughtUp();
      expect(await rows()).toEqual([]);
    });
  });

  describe('given bookings', () => {
    const start = (bookingId: string, deposit: JsonObject | null) =>
      event('BookingStarted', {
        bookingId,
        carId: '7',
        locale: 'de',
        terms: { holdHours: 48, deposit, depositWindowMinutes: deposit ? 30 : null, maxActiveBookings: 3 },
      });
    const contact = event('ContactChecked', { customerId: 'cus_bob', method: 'signed_in' });

    it('when a free booking is held, or a deposit booking paid, then each is confirmed by one mail', async () => {
      await store.appendToStream('booking-b1', [
        start('b1', null),
        contact,
        event('BookingHeld', { holdId: 'booking-b1', until: '2031-03-03T10:00:00.000Z', paidUntil: null }),
      ]);
      await store.appendToStream('booking-b2', [
        start('b2', eur(20_000)),
        { ...contact, id: randomUUID() },
        event('BookingHeld', {
          holdId: 'booking-b2',
          until: '2031-03-01T10:30:00.000Z',
          paidUntil: '2031-03-03T10:00:00.000Z',
        }),
        event('DepositPaymentRequested', { paymentId: 'pay-1', amount: eur(20_000) }),
        event('DepositPaid', { paymentId: 'pay-1' }),
      ]);
      await runner.caughtUp();
      const all = await rows();
      expect(all.map((r) => [r.template, (r.params as { bookingId: string }).bookingId])).toEqual([
        ['booking_confirmed', 'b1'],
        ['booking_confirmed', 'b2'],
      ]);
      expect(all[1]).toMatchObject({
        locale: 'de',
        recipient_id: 'cus_bob',
        params: { heldUntil: '2031-03-03T10:00:00.000Z', deposit: eur(20_000) },
      });
    });
  });

  describe('given a waiting mail to a customer who is then erased', () => {
    it('then the reactor cancels it (reason erased) with the erasure', async () => {
      await confirmPurchase('p1');
      await store.appendToStream('customer-cus_anna', [
        event('CustomerErased', {
          customerId: 'cus_anna',
          number: 1,
          erasedAt: NOW.toISOString(),
          by: 's',
          reason: 'asked',
        }),
      ]);
      await runner.caughtUp();
      expect(await rows()).toMatchObject([{ status: 'cancelled', cancel_reason: 'erased' }]);
      const listed = await createMailOutbox({ knex: db.knex, schema: db.schema }).list({
        status: 'cancelled',
        limit: 10,
        offset: 0,
      });
      expect(listed.total).toBe(1);
    });
  });
});
