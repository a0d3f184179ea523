/**
 * The funnels' invariants (engine/funnels/README.md "The rules that matter"), checked on the store of record after every command of the model-based
 * tests (funnels.model.int.spec.ts). Everything is read back from the event store, the payment sandbox
 * and the timers, never taken from the services' answers alone:
 *
 * - **replay = live**: each funnel's stored events, folded by the domain (`replayPurchase` /
 *   `replayBooking`, through a persisted snapshot and back), give the view the service last answered
 *   (when nothing was appended since) and the one it answers now;
 * - **one car, one hold**: every car stream passes the independent audit (domain/carHold/testing), and
 *   the car and its funnels agree (a hold belongs to a funnel still running; a running funnel's
 *   unexpired hold is the car's; a sold car was sold by its one confirmed purchase);
 * - **booking limit**: per customer, the bookings whose streams say they are active (and not past the
 *   last moment their slot covers) never exceed the market's limit;
 * - **declined finance**: no payment asked or purchase confirmed after a declined finance unless cash
 *   was chosen since;
 * - **terminal states take no events**: a finished funnel's stream never grows again;
 * - **money**: a purchase or booking that ended without the car keeps no money at the provider, and every
 *   webhook the sandbox sent was taken by its funnel.
 */
import { expect } from 'vitest';
import { persistBooking, replayBooking, restoreBooking } from '../../../domain/booking/bookingState.ts';
import { type BookingEvent, bookingHoldId, bookingStream } from '../../../domain/booking/events.ts';
import { type CarHoldState, evolveCarHold, initialCarHold } from '../../../domain/carHold/decide.ts';
import { auditHolds } from '../../../domain/carHold/testing/auditHolds.ts';
import { carStream } from '../../../domain/catalogue/car.ts';
import type { CarStreamEvent } from '../../../domain/catalogue/events.ts';
import { type PurchaseEvent, purchaseStream } from '../../../domain/purchase/events.ts';
import { persistPurchase, replayPurchase, restorePurchase } from '../../../domain/purchase/purchaseState.ts';
import { toBookingView } from '../bookingView.ts';
import { toPurchaseView } from '../purchaseView.ts';
import { FINAL_BOOKING, FINAL_PURCHASE, staffActor, type TrackedFunnel, type World } from './funnelWorld.ts';

const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function read<E>(world: World, stream: string): Promise<E[]> {
  return (await world.h.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }) as E);
}

export async function checkWorld(world: World): Promise<void> {
  const now = world.h.now().getTime();
  const cars = new Map<string, CarHoldState>();
  for (const { car } of world.cars) {
    const events = await read<CarStreamEvent>(world, carStream(car.carId));
    auditHolds(events); // never two active holds, each ended once, nothing after a sale
    cars.set(car.carId, events.reduce(evolveCarHold, initialCarHold));
  }
  const pastDue = (until: string | undefined) => until !== undefined && Date.parse(until) <= now;

  for (const p of world.purchases) {
    const events = await read<PurchaseEvent>(world, purchaseStream(p.id));
    const ended = p.finalLength !== undefined; // nothing to replay again: only that nothing was added
    const view = ended
      ? p.reported
      : toPurchaseView(restorePurchase(roundTrip(persistPurchase(replayPurchase(events)))), events);
    if (!ended)
      await sameAsLive(p, events.length, view, () => world.h.funnels.purchases.get(p.id, staffActor));
    const final = FINAL_PURCHASE.has(view.status);
    terminal(p, events.length, final);
    world.seen.add(`purchase:${view.status}`);
    if (!ended) declinedFinanceNeverPaidWithoutCash(world, events);

    const car = cars.get(view.carId)!;
    const held = car.activeHold?.holder;
    if (held?.funnel === 'purchase' && held.id === p.id)
      expect(final, `car held for finished purchase ${p.id}`).toBe(false);
    if (!final && view.hold && !pastDue(view.hold.until))
      expect(car.activeHold?.holdId, `purchase ${p.id}'s hold on its car`).toBe(view.hold.holdId);
    if (view.status === 'confirmed') expect(car.sale?.purchaseId).toBe(p.id);
    if (view.status === 'cancelled' || view.status === 'car-not-available') {
      const asked = events.flatMap((e) => (e.type === 'AdvancePaymentRequested' ? [e.data.paymentId] : []));
      await keepsNoMoney(world, asked, `purchase ${p.id} (${view.status})`);
    }
  }
  for (const { car } of world.cars) {
    const state = cars.get(car.carId)!;
    const confirmed = world.purchases.filter(
      (p) => p.carId === car.carId && p.reported.status === 'confirmed',
    );
    expect(confirmed.length, `confirmed purchases of car ${car.carId}`).toBe(state.sold ? 1 : 0);
  }

  const active = new Map<string, string[]>();
  for (const b of world.bookings) {
    const events = await read<BookingEvent>(world, bookingStream(b.id));
    const ended = b.finalLength !== undefined;
    const view = ended
      ? b.reported
      : toBookingView(restoreBooking(roundTrip(persistBooking(replayBooking(events)))), events.length);
    if (!ended)
      await sameAsLive(b, events.length, view, () => world.h.funnels.bookings.get(b.id, staffActor));
    const final = FINAL_BOOKING.has(view.state);
    terminal(b, events.length, final);
    world.seen.add(`booking:${view.state}`);

    const car = cars.get(view.carId)!;
    const held = car.activeHold?.holder;
    if (held?.funnel === 'booking' && held.id === b.id)
      expect(view.active, `car held for ended booking ${b.id}`).toBe(true);
    if (view.active && view.hold && !pastDue(view.hold.until))
      expect(car.activeHold?.holdId, `booking ${b.id}'s hold on its car`).toBe(bookingHoldId(b.id));
    // Active for the limit: its slot covers it until the hold's last possible end (domain/booking ledger).
    const slotEnd = view.hold ? (view.hold.paidUntil ?? view.hold.until) : undefined;
    if (view.active && !pastDue(slotEnd) && view.customerId)
      active.set(view.customerId, [...(active.get(view.customerId) ?? []), b.id]);
    if (view.state === 'expired' || view.state === 'cancelled' || view.state === 'ko') {
      const asked = events.flatMap((e) => (e.type === 'DepositPaymentRequested' ? [e.data.paymentId] : []));
      await keepsNoMoney(world, asked, `booking ${b.id} (${view.state})`);
    }
  }
  for (const [customerId, ids] of active)
    expect(ids.length, `active bookings of ${customerId}: ${ids.join(', ')}`).toBeLessThanOrEqual(2);

  const undelivered = await world.h.db.knex
    .withSchema(world.h.db.schema)
    .table('payment_sandbox_events')
    .whereNull('delivered_at')
    .count<{ n: string }[]>({ n: '*' });
  expect(Number(undelivered[0]!.n), 'webhooks the funnels did not take').toBe(0);
}

/** The service's last answer (if nothing was appended since) and its answer now are the replay. */
async function sameAsLive<View extends { version: number }>(
  funnel: TrackedFunnel<View>,
  length: number,
  replayed: View,
  live: () => Promise<View>,
): Promise<void> {
  if (funnel.reported.version === length)
    expect(funnel.reported, `${funnel.kind} ${funnel.id}: the service's answer vs the replay`).toEqual(
      replayed,
    );
  expect(await live(), `${funnel.kind} ${funnel.id}: the service now vs the replay`).toEqual(replayed);
  funnel.reported = replayed;
}

function terminal(funnel: TrackedFunnel<unknown>, length: number, final: boolean): void {
  if (funnel.finalLength !== undefined)
    expect(length, `finished ${funnel.kind} ${funnel.id} took events`).toBe(funnel.finalLength);
  else if (final) funnel.finalLength = length;
}

function declinedFinanceNeverPaidWithoutCash(world: World, events: readonly PurchaseEvent[]): void {
  let declinedSinceCash = false;
  for (const e of events) {
    if (e.type === 'FinanceDecided') world.seen.add(`finance:${e.data.decision}`);
    if (e.type === 'FinanceDecided' && e.data.decision === 'declined') declinedSinceCash = true;
    if (e.type === 'FundingChosen' && e.data.mode === 'cash') declinedSinceCash = false;
    if (e.type === 'AdvancePaymentRequested' || e.type === 'PurchaseConfirmed')
      expect(declinedSinceCash, `${e.type} after a declined finance without cash`).toBe(false);
  }
}

/** Every payment that succeeded at the provider was refunded in full. */
async function keepsNoMoney(world: World, paymentIds: readonly string[], what: string): Promise<void> {
  for (const id of paymentIds) {
    const payment = await world.h.sandbox.get(id);
    if (payment?.status === 'succeeded') {
      expect(payment.refunded.amount, `${what} keeps money of ${id}`).toBe(payment.amount.amount);
      world.seen.add('refunded');
    }
  }
}
