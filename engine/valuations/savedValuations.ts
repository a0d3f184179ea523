/**
 * Valuations made outside a purchase ("sell your car"): values a car with the built-in valuation (the
 * same port the purchase's recovery step uses), stores the offer on its own stream, joins a visitor's
 * valuations to their account, and hands a still-valid one to a purchase (`claim`). README.md beside
 * this file.
 */
import { isDomainError, ValidationError } from '../../domain/errors.ts';
import type { Locale } from '../../domain/markets.ts';
import {
  decideSavedValuation,
  evolveSavedValuation,
  initialSavedValuation,
  type SavedValuation,
  type SavedValuationCommand,
} from '../../domain/valuation/decideSavedValuation.ts';
import {
  SAVED_VALUATION_ID,
  type SavedValuationEvent,
  valuationStream,
} from '../../domain/valuation/savedValuationEvents.ts';
import type { TradeInVehicle } from '../../domain/valuation/valueTradeIn.ts';
import { deterministicId } from '../catalogue/deterministicId.ts';
import type { EventStore } from '../eventStore.ts';
import { handleCommand, readAggregate } from '../handleCommand.ts';
import type { TradeInValuations } from '../providers/valuation/tradeInValuations.ts';

export type { SavedValuation };

const evolver = { initialState: initialSavedValuation, evolve: evolveSavedValuation };

/** What a purchase needs of a saved valuation to take it as its trade-in offer (engine/funnels). */
export interface SavedValuationClaims {
  /**
   * Records that `purchaseId` takes the valuation and answers it. Not the customer's (or unknown) →
   * NotFoundError; another market or past its validity → ConflictError. Retrying is harmless.
   */
  claim(
    valuationId: string,
    use: { customerId: string; purchaseId: string; market: Locale; at: string },
  ): Promise<SavedValuation>;
}

export interface SavedValuationsOptions {
  readonly store: EventStore;
  readonly valuations: TradeInValuations;
  readonly clock: () => Date;
  readonly newId: () => string;
}

export type SavedValuations = ReturnType<typeof createSavedValuations>;

/** `sv_` and 32 hex digits: from the owner and the form's key (a retry is the same), else random. */
export function savedValuationId(owner: string, key: string | undefined, newId: () => string): string {
  const base = key === undefined ? newId() : deterministicId('saved-valuation', owner, key);
  return `sv_${base.replaceAll('-', '').slice(0, 32)}`;
}

export function createSavedValuations(options: SavedValuationsOptions) {
  const { store, valuations, clock, newId } = options;

  const run = (valuationId: string, command: SavedValuationCommand) =>
    handleCommand<SavedValuation | null, SavedValuationEvent>(
      store,
      valuationStream(valuationId),
      evolver,
      (state) => decideSavedValuation(command, state),
      { newId },
    );

  /** The valuation, or undefined when there is none with this id. */
  async function get(valuationId: string): Promise<SavedValuation | undefined> {
    if (!SAVED_VALUATION_ID.test(valuationId)) return undefined;
    return (await readAggregate(store, valuationStream(valuationId), evolver)).state ?? undefined;
  }

  return {
    get,

    /**
     * Values the car now and stores the offer (valid 7 days). Bad facts → ValidationError by field (the
     * valuation's). The same id again (a retry of the same form) answers the valuation stored first.
     */
    async value(input: {
      valuationId: string;
      market: Locale;
      vehicle: TradeInVehicle;
      customerId: string | null;
    }): Promise<SavedValuation> {
      if (!SAVED_VALUATION_ID.test(input.valuationId))
        throw ValidationError.field('valuationId', 'is not an id');
      const earlier = await get(input.valuationId);
      if (earlier) return earlier;
      const offer = await valuations.value({
        valuationId: input.valuationId,
        market: input.market,
        ...input.vehicle,
        valuedAt: clock().toISOString(),
      });
      const result = await run(input.valuationId, { type: 'ValueCar', offer, customerId: input.customerId });
      return result.stream.state!;
    },

    /**
     * A visitor's valuations (kept in their session) join the account they signed in or up to. Each on
     * its own: one that is gone or another's is skipped (logged by the caller), the others join.
     */
    async join(valuationIds: readonly string[], customerId: string): Promise<{ joined: string[] }> {
      const joined: string[] = [];
      for (const valuationId of valuationIds) {
        if (!SAVED_VALUATION_ID.test(valuationId)) continue;
        try {
          await run(valuationId, { type: 'JoinAccount', valuationId, customerId });
          joined.push(valuationId);
        } catch (error) {
          if (!isDomainError(error, 'not_found')) throw error;
        }
      }
      return { joined };
    },

    async claim(valuationId, use) {
      const result = await run(valuationId, { type: 'UseInPurchase', valuationId, ...use });
      return result.stream.state!;
    },
  } satisfies SavedValuationClaims & Record<string, unknown>;
}
