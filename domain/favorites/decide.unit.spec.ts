import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../errors.ts';
import type { FavoritesCommand } from './commands.ts';
import {
  decideFavorites,
  evolveFavorites,
  type FavoritesState,
  initialFavorites,
  MAX_FAVORITES,
} from './decide.ts';

const given = (...carIds: string[]): FavoritesState =>
  carIds.reduce(
    (s, carId) => evolveFavorites(s, { type: 'CarFavorited', data: { carId } }),
    initialFavorites,
  );

describe('favorites decider', () => {
  it('given no favorites, when a visitor favorites a car, then the car is favorited', () => {
    expect(decideFavorites({ type: 'FavoriteCar', carId: '12', carExists: true }, given())).toEqual([
      { type: 'CarFavorited', data: { carId: '12' } },
    ]);
  });

  it('given the car is a favorite, when it is favorited again (double click), then nothing happens', () => {
    expect(decideFavorites({ type: 'FavoriteCar', carId: '12', carExists: true }, given('12'))).toEqual([]);
  });

  it('given an unknown car, when it is favorited, then it is not found', () => {
    expect(() => decideFavorites({ type: 'FavoriteCar', carId: '9', carExists: false }, given())).toThrow(
      NotFoundError,
    );
  });

  it(`given ${MAX_FAVORITES} favorites, when one more is favorited, then it is a conflict`, () => {
    const full = given(...Array.from({ length: MAX_FAVORITES }, (_, i) => String(i + 1)));
    expect(() => decideFavorites({ type: 'FavoriteCar', carId: '999', carExists: true }, full)).toThrow(
      ConflictError,
    );
  });

  it('given a favorite, when it is removed, then it is unfavorited; removing it again does nothing', () => {
    const events = decideFavorites({ type: 'UnfavoriteCar', carId: '12' }, given('12', '13'));
    expect(events).toEqual([{ type: 'CarUnfavorited', data: { carId: '12' } }]);
    const after = events.reduce(evolveFavorites, given('12', '13'));
    expect(after).toEqual(['13']);
    expect(decideFavorites({ type: 'UnfavoriteCar', carId: '12' }, after)).toEqual([]);
  });

  it('any sequence of commands keeps a duplicate-free list of at most the maximum, like a set would', () => {
    const command = fc.oneof(
      fc.record({
        type: fc.constant('FavoriteCar' as const),
        carId: fc.integer({ min: 1, max: 60 }).map(String),
        carExists: fc.constant(true),
      }),
      fc.record({
        type: fc.constant('UnfavoriteCar' as const),
        carId: fc.integer({ min: 1, max: 60 }).map(String),
      }),
      fc.record({ type: fc.constant('ClearFavorites' as const) }),
    );
    fc.assert(
      fc.property(fc.array(command as fc.Arbitrary<FavoritesCommand>, { maxLength: 200 }), (commands) => {
        let state = initialFavorites;
        const model = new Set<string>();
        for (const c of commands) {
          let events: ReturnType<typeof decideFavorites> = [];
          try {
            events = decideFavorites(c, state);
          } catch (error) {
            expect(error).toBeInstanceOf(ConflictError);
            expect(model.size).toBe(MAX_FAVORITES);
          }
          state = events.reduce(evolveFavorites, state);
          if (c.type === 'FavoriteCar' && events.length > 0) model.add(c.carId);
          else if (c.type === 'UnfavoriteCar') model.delete(c.carId);
          else if (c.type === 'ClearFavorites') model.clear();
        }
        expect(new Set(state)).toEqual(model);
        expect(state.length).toBe(model.size);
        expect(state.length).toBeLessThanOrEqual(MAX_FAVORITES);
      }),
    );
  });

  it('given three favorites, when all are removed, then each is unfavorited; clearing again does nothing', () => {
    const events = decideFavorites({ type: 'ClearFavorites' }, given('12', '13', '14'));
    expect(events.map((e) => e.data.carId)).toEqual(['12', '13', '14']);
    expect(events.every((e) => e.type === 'CarUnfavorited')).toBe(true);
    expect(decideFavorites({ type: 'ClearFavorites' }, initialFavorites)).toEqual([]);
  });
});
