/**
 * At sign-in, the favorites a visitor kept in this browser move to the customer's account
 * (domain/favorites/README.md): each car not already there is favorited on the account (up to
 * MAX_FAVORITES; the rest stay with the browser), then unfavorited on the visitor's list. Retrying is
 * harmless: a car already on the account decides nothing, one already gone from the browser too. A
 * failure between the two writes leaves the cars on both lists, which the next sign-in tidies up.
 */

import { isDomainError } from '../../domain/errors.ts';
import { decideFavorites, evolveFavorites, initialFavorites } from '../../domain/favorites/decide.ts';
import { type FavoritesEvent, favoritesStream } from '../../domain/favorites/events.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { handleCommand, readAggregate } from '../../engine/handleCommand.ts';

const favorites = { initialState: initialFavorites, evolve: evolveFavorites };

export function moveVisitorFavorites(options: { readonly store: EventStore; readonly newId: () => string }) {
  const { store, newId } = options;
  return async ({ customerId, visitorId }: { customerId: string; visitorId: string | undefined }) => {
    if (!visitorId) return;
    const visitorStream = favoritesStream({ kind: 'visitor', id: visitorId });
    const { state: kept } = await readAggregate(store, visitorStream, favorites);
    if (kept.length === 0) return;

    let onAccount: readonly string[] = [];
    await handleCommand(
      store,
      favoritesStream({ kind: 'customer', id: customerId }),
      favorites,
      (state) => {
        const events: FavoritesEvent[] = [];
        let list = state;
        for (const carId of kept) {
          try {
            const decided = decideFavorites({ type: 'FavoriteCar', carId, carExists: true }, list);
            events.push(...decided);
            list = decided.reduce(evolveFavorites, list);
          } catch (error) {
            if (isDomainError(error, 'conflict')) break; // the account's list is full
            throw error;
          }
        }
        onAccount = list;
        return events;
      },
      { newId },
    );
    await handleCommand(
      store,
      visitorStream,
      favorites,
      (state) =>
        state
          .filter((carId) => onAccount.includes(carId))
          .map((carId): FavoritesEvent => ({ type: 'CarUnfavorited', data: { carId } })),
      { newId },
    );
  };
}
