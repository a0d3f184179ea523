/**
 * The saved valuation's decider ("sell your car"): value a car once, join the account of the visitor who
 * asked, hand the offer to a purchase while it holds. No machine: three commands on one small state.
 * Pure: the offer (valueTradeIn's, computed by the caller), the time and the ids come in with the command.
 */
import { ConflictError, NotFoundError } from '../errors.ts';
import type { SavedValuationEvent } from './savedValuationEvents.ts';
import type { TradeInOffer } from './valueTradeIn.ts';

export type SavedValuationCommand =
  | {
      type: 'ValueCar';
      /** The offer as the built-in valuation made it (valueTradeIn), with its id and time. */
      offer: TradeInOffer;
      customerId: string | null;
    }
  | { type: 'JoinAccount'; valuationId: string; customerId: string }
  | {
      type: 'UseInPurchase';
      valuationId: string;
      customerId: string;
      purchaseId: string;
      /** The purchase's market: an offer is only good in the market it was made for. */
      market: string;
      at: string;
    };

export interface SavedValuation {
  readonly valuationId: string;
  readonly market: Extract<SavedValuationEvent, { type: 'CarValued' }>['data']['market'];
  readonly vehicle: Extract<SavedValuationEvent, { type: 'CarValued' }>['data']['vehicle'];
  readonly offer: Extract<SavedValuationEvent, { type: 'CarValued' }>['data']['offer'];
  readonly valuedAt: string;
  readonly validUntil: string;
  readonly customerId: string | null;
  /** The purchases that took the offer as their trade-in. */
  readonly usedIn: readonly string[];
}

export type SavedValuationState = SavedValuation | null;

export const initialSavedValuation: SavedValuationState = null;

export function evolveSavedValuation(
  state: SavedValuationState,
  event: SavedValuationEvent,
): SavedValuationState {
  switch (event.type) {
    case 'CarValued': {
      const { valuationId, market, vehicle, offer, valuedAt, validUntil, customerId } = event.data;
      return { valuationId, market, vehicle, offer, valuedAt, validUntil, customerId, usedIn: [] };
    }
    case 'ValuationJoinedAccount':
      return state && { ...state, customerId: event.data.customerId };
    case 'ValuationUsedInPurchase':
      return state && { ...state, usedIn: [...state.usedIn, event.data.purchaseId] };
    default: {
      const never: never = event;
      throw new Error(`unknown valuation event ${JSON.stringify(never)}`);
    }
  }
}

/** Whether the offer still holds at `at` (ISO 8601). */
export const isStillValid = (valuation: Pick<SavedValuation, 'validUntil'>, at: string): boolean =>
  new Date(at).getTime() <= new Date(valuation.validUntil).getTime();

const notFound = (valuationId: string) =>
  new NotFoundError(`valuation ${valuationId} not found`, { valuationId });

export function decideSavedValuation(
  command: SavedValuationCommand,
  state: SavedValuationState,
): SavedValuationEvent[] {
  switch (command.type) {
    case 'ValueCar': {
      // One stream per valuation id: a retried request (same key, same id) decides nothing.
      if (state !== null) return [];
      const { offer } = command;
      return [
        {
          type: 'CarValued',
          data: {
            valuationId: offer.valuationId,
            market: offer.market,
            vehicle: offer.vehicle,
            offer: offer.offer,
            valuedAt: offer.valuedAt,
            validUntil: offer.validUntil,
            customerId: command.customerId,
          },
        },
      ];
    }
    case 'JoinAccount':
      if (state === null) throw notFound(command.valuationId);
      if (state.customerId === command.customerId) return [];
      // Another customer's: never moved (the same 404 as an unknown one, so ids cannot be probed).
      if (state.customerId !== null) throw notFound(command.valuationId);
      return [
        {
          type: 'ValuationJoinedAccount',
          data: { valuationId: state.valuationId, customerId: command.customerId },
        },
      ];
    case 'UseInPurchase':
      if (state === null || state.customerId !== command.customerId) throw notFound(command.valuationId);
      if (state.usedIn.includes(command.purchaseId)) return [];
      if (state.market !== command.market) {
        throw new ConflictError(`valuation ${state.valuationId} was made for ${state.market}`, {
          valuationId: state.valuationId,
          market: state.market,
        });
      }
      if (!isStillValid(state, command.at)) {
        throw new ConflictError(
          `valuation ${state.valuationId} ended on ${state.validUntil}: value the car again`,
          {
            valuationId: state.valuationId,
            validUntil: state.validUntil,
          },
        );
      }
      return [
        {
          type: 'ValuationUsedInPurchase',
          data: { valuationId: state.valuationId, purchaseId: command.purchaseId, at: command.at },
        },
      ];
    default: {
      const never: never = command;
      throw new Error(`unknown valuation command ${JSON.stringify(never)}`);
    }
  }
}
