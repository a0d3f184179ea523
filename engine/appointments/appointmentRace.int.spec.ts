/**
 * A slot is never overbooked, on real PostgreSQL (many connections, true concurrency): 30 buyers race for
 * the last place of a slot → exactly one gets it, 29 are told it is full; moves racing bookings likewise.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerDayStream, SLOT_CAPACITY } from '../../domain/appointment/schemas.ts';
import { slotTimes } from '../../domain/appointment/slots.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { isDomainError } from '../../domain/errors.ts';
import { type FunnelHarness, openFunnelHarness, visitor } from '../funnels/testing/funnelHarness.ts';
import { unavailableReason } from '../testing/testDatabase.ts';
import { type AppointmentService, createAppointmentService } from './appointmentService.ts';

const skip = unavailableReason('postgres');
if (skip) console.log(`[skip] appointment race: ${skip}`);

const contact = (i: number) => ({
  firstName: 'Racer',
  lastName: `Number ${i}`,
  email: `racer-${i}@example.test`,
  phone: '+33 6 12 34 56 78',
});

describe.skipIf(skip)('appointments racing for one slot on PostgreSQL', () => {
  let h: FunnelHarness;
  let service: AppointmentService;
  let dealer: Dealer;
  const DAY = '2026-03-10'; // a Tuesday; the harness's clock is 2026-03-02
  beforeAll(async () => {
    h = await openFunnelHarness('postgres', 32);
    service = createAppointmentService({
      store: h.store,
      vault: h.vault,
      linkKey: Buffer.alloc(32, 3),
      newContactId: () => `apc_${randomBytes(16).toString('hex')}`,
      clock: h.now,
    });
    const dealers = await Promise.all(
      [...new Set(h.cars.FR.map((c) => c.dealerId))].map((id) => service.dealer(id, 'fr')),
    );
    dealer = dealers.find((d) => d && slotTimes(d.openingHours, DAY).length > 4)!;
    expect(dealer).toBeDefined();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('given one place left in a slot, when 30 buyers race for it, then exactly one gets it and 29 are told it is full', async () => {
    const time = slotTimes(dealer.openingHours, DAY)[2]!;
    const purpose = 'test-drive' as const;
    // Fill the slot up to its last place.
    for (let i = 0; i < SLOT_CAPACITY[purpose] - 1; i++)
      await service.book(
        { dealerId: dealer.dealerId, locale: 'fr', purpose, day: DAY, time, contact: contact(100 + i) },
        { actor: visitor(`filler-${i}`), idempotencyKey: `filler-${i}` },
      );
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        service.book(
          { dealerId: dealer.dealerId, locale: 'fr', purpose, day: DAY, time, contact: contact(i) },
          { actor: visitor(`racer-${i}`), idempotencyKey: `racer-${i}` },
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(29);
    for (const { reason } of lost) {
      expect(isDomainError(reason, 'conflict')).toBe(true);
      expect((reason as { details?: { reason?: string } }).details?.reason).toBe('slot_full');
    }
    const events = await h.store.readStream(dealerDayStream(dealer.dealerId, DAY));
    const booked = events.filter(
      (e) => e.type === 'AppointmentBooked' && (e.data as { time: string }).time === time,
    );
    expect(booked).toHaveLength(SLOT_CAPACITY[purpose]);
    // The losers' contact details did not stay in the vault.
    const { rows } = await h.db.knex.raw(
      `SELECT count(*)::int AS n FROM ${h.db.schema}.customer_vault WHERE customer_id LIKE 'apc\\_%' AND erased_at IS NULL`,
    );
    expect(rows[0].n).toBe(SLOT_CAPACITY[purpose]);
  });

  it('given moves and new bookings racing for the last place of a slot, then exactly one gets it and the losers keep their old slot', async () => {
    const times = slotTimes(dealer.openingHours, DAY);
    const target = times[4]!;
    const purpose = 'trade-in-inspection' as const;
    const olds = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        service
          .book(
            {
              dealerId: dealer.dealerId,
              locale: 'fr',
              purpose,
              day: DAY,
              time: times[5 + i] ?? times[0]!,
              contact: contact(200 + i),
            },
            { actor: visitor(`mover-${i}`), idempotencyKey: `mover-${i}` },
          )
          .catch(() => undefined),
      ),
    );
    const movers = olds.filter((o) => o !== undefined);
    const results = await Promise.allSettled([
      ...movers.map((old, i) =>
        service.move(
          old.appointmentId,
          { day: DAY, time: target },
          { actor: visitor(`mover-${i}`), idempotencyKey: `move-${i}` },
        ),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        service.book(
          {
            dealerId: dealer.dealerId,
            locale: 'fr',
            purpose,
            day: DAY,
            time: target,
            contact: contact(300 + i),
          },
          { actor: visitor(`late-${i}`), idempotencyKey: `late-${i}` },
        ),
      ),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const old of movers) {
      const now = await service.get(old.appointmentId);
      if (now.status === 'cancelled') expect(now.movedTo).toMatch(/^ap-/);
    }
    const cancelled = await Promise.all(movers.map((o) => service.get(o.appointmentId)));
    expect(cancelled.filter((v) => v.status === 'cancelled').length).toBeLessThanOrEqual(1);
  });
});
