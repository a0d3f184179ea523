/**
 * Hold expiry by durable timers (engine/timers). Every hold end a funnel is about to write on a car
 * (`CarHeld`, `CarHoldExtended`, `CarHoldTransferred`) gets its timer **before** the append: a crash
 * between the two leaves a timer whose hold never came to be (it decides nothing), never a hold without
 * an end. The key carries the end (`hold-expiry:<holdId>:<until>`), so a retried command schedules
 * nothing twice and an extended hold gets a timer of its own; the old one finds the hold not yet due and
 * decides nothing (no cancelling needed).
 *
 * When a timer fires (`dispatchHoldTimer`): `ExpireHold` on the car (the car's stream decides: the hold
 * ends only if it is still the active one and past due), then, only if the car shows that hold ended
 * **by expiry**, the funnel hears of it (`LoseHold` for a purchase, `ExpireBooking` for a booking), with
 * the timer's key as the command's idempotency key. A hold sold, transferred or released meanwhile tells
 * the funnel nothing: that funnel ended it itself.
 */
import { carStream } from '../../domain/catalogue/car.ts';
import type { HoldHolder } from '../../domain/catalogue/events.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { DueTimer, TimerScheduler } from '../timers/timerScheduler.ts';
import type { CarHolds } from './carHolds.ts';
import { type FunnelCall, systemActor } from './funnelCall.ts';

/** The timer command of a hold's end. */
export interface ExpireHoldTimer {
  readonly type: 'ExpireHold';
  readonly carId: string;
  readonly holdId: string;
  readonly holder: HoldHolder;
}

const expiryKey = (hold: { holdId: string; until: string }) => `hold-expiry:${hold.holdId}:${hold.until}`;

export async function scheduleHoldExpiry(
  timers: Pick<TimerScheduler, 'schedule'>,
  hold: { carId: string; holdId: string; holder: HoldHolder; until: string },
): Promise<void> {
  const command: ExpireHoldTimer = {
    type: 'ExpireHold',
    carId: hold.carId,
    holdId: hold.holdId,
    holder: hold.holder,
  };
  await timers.schedule({
    idempotencyKey: expiryKey(hold),
    dueAt: new Date(hold.until),
    streamName: carStream(hold.carId),
    command: { ...command, holder: { ...hold.holder } },
  });
}

/**
 * The timer of a hold that was refused (another funnel has the car): it would decide nothing, so it is
 * cancelled to keep the timer table short. Best effort: a timer left behind is harmless.
 */
export async function cancelHoldExpiry(
  timers: Pick<TimerScheduler, 'cancel'>,
  hold: { holdId: string; until: string },
): Promise<void> {
  await timers.cancel(expiryKey(hold)).catch(() => false);
}

/** What a fired timer may ask of the funnels (their services implement these). */
export interface HoldExpiryTargets {
  readonly cars: CarHolds;
  readonly clock: () => Date;
  /** The purchase's hold ended by expiry: `LoseHold { holdId, reason: 'expired' }`. */
  expirePurchase(purchaseId: string, holdId: string, call: FunnelCall): Promise<unknown>;
  /** The booking's hold ended by expiry: `ExpireBooking { holdId }` (refund, free the slot). */
  expireBooking(bookingId: string, holdId: string, call: FunnelCall): Promise<unknown>;
}

/** Timer command types the funnels handle: give these to the timer scheduler's dispatch. */
export const FUNNEL_TIMER_TYPES = ['ExpireHold', 'ExpirePurchase', 'ExpireBooking'] as const;

/**
 * Runs a due timer of the funnels: `ExpireHold { carId, holdId, holder }` (the car, then its funnel),
 * `ExpirePurchase { purchaseId, holdId }`, `ExpireBooking { bookingId, holdId }` (the funnel only, for a
 * re-issue by hand). Throwing leaves the timer pending for a retry; every step is idempotent.
 */
export async function dispatchHoldTimer(targets: HoldExpiryTargets, timer: DueTimer): Promise<void> {
  const command = timer.command as Record<string, unknown>;
  const call: FunnelCall = { actor: systemActor('hold-expiry'), idempotencyKey: timer.idempotencyKey };
  const text = (name: string): string => {
    const value = command[name];
    if (typeof value !== 'string' || value === '')
      throw ValidationError.field(`command.${name}`, 'is required');
    return value;
  };
  switch (command.type) {
    case 'ExpireHold': {
      const carId = text('carId');
      const holdId = text('holdId');
      const at = targets.clock().toISOString();
      await targets.cars.decide(
        { type: 'ExpireHold', carId, holdId, at },
        {
          actor: { kind: 'system', name: 'hold-expiry' },
          causationId: timer.id,
          idempotencyKey: timer.idempotencyKey,
          at,
        },
      );
      const car = await targets.cars.read(carId);
      if (car?.endings[holdId] !== 'expired') return;
      const holder = command.holder as HoldHolder | undefined;
      if (holder?.funnel === 'purchase') await targets.expirePurchase(holder.id, holdId, call);
      else if (holder?.funnel === 'booking') await targets.expireBooking(holder.id, holdId, call);
      return;
    }
    case 'ExpirePurchase':
      await targets.expirePurchase(text('purchaseId'), text('holdId'), call);
      return;
    case 'ExpireBooking':
      await targets.expireBooking(text('bookingId'), text('holdId'), call);
      return;
    default:
      throw new Error(`the funnels do not handle timer command ${String(command.type)}`);
  }
}
