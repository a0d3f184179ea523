/**
 * The car-hold decider ("one car, one hold"): the state is folded from the car's own stream (its
 * listing facts and its holds), and a command on the car is decided against it. The handler appends the
 * events with the expected revision of the stream it read, so two funnels racing for one car cannot both
 * win: the second append fails, is decided again on the new state and is refused. Rules: README.md.
 */
import type { CarStreamEvent, HoldReleaseReason } from '../catalogue/events.ts';
import { ConflictError, IllegalStateError, ValidationError } from '../errors.ts';
import type { CarHoldCommand } from './commands.ts';

/** The hold that currently has the car (not yet released, transferred on or sold). */
export interface ActiveHold {
  readonly holdId: string;
  readonly holder: { readonly funnel: 'booking' | 'purchase'; readonly id: string };
  readonly customerId?: string;
  /** When it ends (ISO). Past it, the hold can be taken over (HoldCar) or expired (ExpireHold). */
  readonly until: string;
  readonly since: string;
}

export interface CarHoldState {
  readonly listed: boolean;
  readonly withdrawn: boolean;
  readonly sold: boolean;
  /** The hold and purchase that bought the car (absent for sales older than the funnels). */
  readonly sale?: { readonly holdId?: string; readonly purchaseId?: string };
  readonly activeHold?: ActiveHold;
  /** Holds that ended (released, transferred on, sold): a hold id is used once. */
  readonly endedHolds: readonly string[];
}

export const initialCarHold: CarHoldState = { listed: false, withdrawn: false, sold: false, endedHolds: [] };

/** Why a funnel cannot have (or keep) the car: the buyer's "car not available" / "booking ko" page. */
export type CarUnavailableReason = 'not_listed' | 'withdrawn' | 'sold' | 'held' | 'hold_lost';

/** The 409 of a car that cannot be held, kept or sold; `details.reason` says why. */
export function carUnavailable(carId: string, reason: CarUnavailableReason): ConflictError {
  return new ConflictError(`car ${carId} is not available (${reason.replace('_', ' ')})`, { carId, reason });
}

/** The reason of a {@link carUnavailable} error, or undefined for any other error. */
export function unavailableReasonOf(error: unknown): CarUnavailableReason | undefined {
  if (!(error instanceof ConflictError)) return undefined;
  const reason = error.details?.reason;
  return typeof reason === 'string' && REASONS.has(reason) ? (reason as CarUnavailableReason) : undefined;
}

const REASONS: ReadonlySet<string> = new Set<CarUnavailableReason>([
  'not_listed',
  'withdrawn',
  'sold',
  'held',
  'hold_lost',
]);

/** Milliseconds of an ISO time; a command with an unreadable time is refused (400). */
export function timeOf(iso: string, field = 'at'): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw ValidationError.field(field, 'must be an ISO 8601 time');
  return ms;
}

/** Whether a hold's time is up at `at` (a hold ending at 12:00 is over at 12:00). */
export function isPastDue(hold: Pick<ActiveHold, 'until'>, at: string): boolean {
  return timeOf(hold.until, 'until') <= timeOf(at);
}

export function evolveCarHold(state: CarHoldState, event: CarStreamEvent): CarHoldState {
  switch (event.type) {
    case 'CarListed':
      return { ...state, listed: true, withdrawn: false };
    case 'CarDetailsUpdated':
    case 'CarPriceChanged':
      return state;
    case 'CarHoldExtended':
      if (state.activeHold?.holdId !== event.data.holdId) return state;
      return { ...state, activeHold: { ...state.activeHold, until: event.data.until } };
    case 'CarWithdrawn':
      return { ...state, withdrawn: true };
    case 'CarSold': {
      const { activeHold: _ended, ...rest } = state;
      return {
        ...rest,
        sold: true,
        sale: {
          ...(event.data.holdId ? { holdId: event.data.holdId } : {}),
          ...(event.data.purchaseId ? { purchaseId: event.data.purchaseId } : {}),
        },
        endedHolds: state.activeHold ? [...state.endedHolds, state.activeHold.holdId] : state.endedHolds,
      };
    }
    case 'CarHeld': {
      const { holdId, holder, customerId, until, at } = event.data;
      return {
        ...state,
        activeHold: { holdId, holder, ...(customerId ? { customerId } : {}), until, since: at },
      };
    }
    case 'CarHoldReleased': {
      if (state.activeHold?.holdId !== event.data.holdId) return state;
      const { activeHold: _ended, ...rest } = state;
      return { ...rest, endedHolds: [...state.endedHolds, event.data.holdId] };
    }
    case 'CarHoldTransferred': {
      const from = state.activeHold;
      if (from?.holdId !== event.data.holdId) return state;
      const { toHoldId, holder, until, at } = event.data;
      return {
        ...state,
        activeHold: {
          holdId: toHoldId,
          holder,
          ...(from.customerId ? { customerId: from.customerId } : {}),
          until,
          since: at,
        },
        endedHolds: [...state.endedHolds, from.holdId],
      };
    }
    default: {
      const never: never = event;
      throw new Error(`unknown car event ${JSON.stringify(never)}`);
    }
  }
}

export function decideCarHold(command: CarHoldCommand, state: CarHoldState): CarStreamEvent[] {
  const { carId, at } = command;
  timeOf(at);
  switch (command.type) {
    case 'HoldCar': {
      endsLater(command.until, at);
      if (state.activeHold?.holdId === command.holdId) return []; // a retry of the hold that won
      usedOnce(state, command.holdId);
      onSale(state, carId);
      const events: CarStreamEvent[] = [];
      const current = state.activeHold;
      if (current) {
        if (!isPastDue(current, at)) throw carUnavailable(carId, 'held');
        events.push(released(carId, current, 'expired', at)); // its timer has not fired yet
      }
      const { holdId, holder, customerId, until } = command;
      events.push({
        type: 'CarHeld',
        data: { carId, holdId, holder, ...(customerId ? { customerId } : {}), until, at },
      });
      return events;
    }
    case 'ExtendHold': {
      endsLater(command.until, at);
      const hold = activeHold(state, carId, command.holdId);
      if (timeOf(command.until, 'until') <= timeOf(hold.until, 'until')) return [];
      if (state.withdrawn) throw carUnavailable(carId, 'withdrawn');
      return [{ type: 'CarHoldExtended', data: { carId, holdId: command.holdId, until: command.until, at } }];
    }
    case 'ReleaseHold': {
      const hold = state.activeHold;
      return hold?.holdId === command.holdId ? [released(carId, hold, command.reason, at)] : [];
    }
    case 'ExpireHold': {
      const hold = state.activeHold;
      return hold?.holdId === command.holdId && isPastDue(hold, at)
        ? [released(carId, hold, 'expired', at)]
        : [];
    }
    case 'TransferHold': {
      endsLater(command.until, at);
      if (state.activeHold?.holdId === command.toHoldId) return []; // a retry of the transfer
      const hold = activeHold(state, carId, command.holdId);
      if (hold.holder.funnel !== 'booking')
        throw new IllegalStateError(
          `hold ${hold.holdId} is a ${hold.holder.funnel}'s: only a booking converts`,
          {
            carId,
            holdId: hold.holdId,
          },
        );
      if (hold.customerId !== command.customerId) throw carUnavailable(carId, 'held');
      usedOnce(state, command.toHoldId);
      if (state.withdrawn) throw carUnavailable(carId, 'withdrawn');
      const { holdId, toHoldId, holder, until } = command;
      return [{ type: 'CarHoldTransferred', data: { carId, holdId, toHoldId, holder, until, at } }];
    }
    case 'SellCar': {
      if (state.sold && state.sale?.holdId === command.holdId) return []; // a replayed payment
      if (state.sold) throw carUnavailable(carId, 'sold');
      if (state.withdrawn) throw carUnavailable(carId, 'withdrawn');
      const hold = activeHold(state, carId, command.holdId);
      if (hold.holder.funnel !== 'purchase' || hold.holder.id !== command.purchaseId)
        throw new IllegalStateError(`hold ${hold.holdId} is not purchase ${command.purchaseId}'s`, {
          carId,
          holdId: hold.holdId,
        });
      const { holdId, purchaseId, price } = command;
      return [{ type: 'CarSold', data: { carId, price, holdId, purchaseId, at } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown car-hold command ${JSON.stringify(never)}`);
    }
  }
}

function released(carId: string, hold: ActiveHold, reason: HoldReleaseReason, at: string): CarStreamEvent {
  return { type: 'CarHoldReleased', data: { carId, holdId: hold.holdId, holder: hold.holder, reason, at } };
}

/** The active hold if it is `holdId`; otherwise the holder lost the car (released, expired, taken over). */
function activeHold(state: CarHoldState, carId: string, holdId: string): ActiveHold {
  if (state.activeHold?.holdId !== holdId) throw carUnavailable(carId, 'hold_lost');
  return state.activeHold;
}

/** Only a listed car on sale can be held. */
function onSale(state: CarHoldState, carId: string): void {
  if (state.sold) throw carUnavailable(carId, 'sold');
  if (state.withdrawn) throw carUnavailable(carId, 'withdrawn');
  if (!state.listed) throw carUnavailable(carId, 'not_listed');
}

function usedOnce(state: CarHoldState, holdId: string): void {
  if (state.endedHolds.includes(holdId))
    throw new IllegalStateError(`hold ${holdId} already ended: a hold id is used once`, { holdId });
}

function endsLater(until: string, at: string): void {
  if (timeOf(until, 'until') <= timeOf(at)) throw ValidationError.field('until', 'must be after the command');
}
