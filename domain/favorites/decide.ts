/**
 * The favorites decider: the state is the ordered list of favorite car ids (oldest first). Adding a car
 * that is already a favorite, or removing one that is not, decides no event: a double click or a retried
 * request changes nothing.
 */
import { ConflictError, NotFoundError } from '../errors.ts';
import type { FavoritesCommand } from './commands.ts';
import type { FavoritesEvent } from './events.ts';

/** How many cars one owner may keep (a shortlist, not a garage); the 51st is refused with a 409. */
export const MAX_FAVORITES = 50;

export type FavoritesState = readonly string[];

export const initialFavorites: FavoritesState = [];

export function evolveFavorites(state: FavoritesState, event: FavoritesEvent): FavoritesState {
  switch (event.type) {
    case 'CarFavorited':
      return state.includes(event.data.carId) ? state : [...state, event.data.carId];
    case 'CarUnfavorited':
      return state.filter((carId) => carId !== event.data.carId);
    default: {
      const never: never = event;
      throw new Error(`unknown favorites event ${JSON.stringify(never)}`);
    }
  }
}

export function decideFavorites(command: FavoritesCommand, state: FavoritesState): FavoritesEvent[] {
  switch (command.type) {
    case 'FavoriteCar':
      if (state.includes(command.carId)) return [];
      if (!command.carExists)
        throw new NotFoundError(`car ${command.carId} not found`, { carId: command.carId });
      if (state.length >= MAX_FAVORITES) {
        throw new ConflictError(`at most ${MAX_FAVORITES} favorites: remove one first`, {
          max: MAX_FAVORITES,
          count: state.length,
        });
      }
      return [{ type: 'CarFavorited', data: { carId: command.carId } }];
    case 'UnfavoriteCar':
      return state.includes(command.carId)
        ? [{ type: 'CarUnfavorited', data: { carId: command.carId } }]
        : [];
    case 'ClearFavorites':
      return state.map((carId) => ({ type: 'CarUnfavorited', data: { carId } }));
    default: {
      const never: never = command;
      throw new Error(`unknown favorites command ${JSON.stringify(never)}`);
    }
  }
}
