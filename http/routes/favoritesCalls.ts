/**
 * Favorites (SPEC §7 `add-car-to-favorite/{idApi}`, `favorite/{id}`, `delete-all-favorites`; the account page reads
 * `GET /api/favorites`). Visitors keep theirs by session, customers by account: `owner` says whose they
 * are and, when asked to, gives a visitor an id (which starts their session).
 *
 * Adding changes state, so it always wants the CSRF token (`csrf` hook), on GET too since the SPEC makes it
 * a GET. Retry and conflict: adding a favorite twice or removing a missing one is a no-op; concurrent
 * writes to one list are re-decided (engine/handleCommand.ts); the 51st favorite is a 409.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  decideFavorites,
  evolveFavorites,
  initialFavorites,
  MAX_FAVORITES,
} from '../../domain/favorites/decide.ts';
import { type FavoritesOwner, favoritesStream } from '../../domain/favorites/events.ts';
import { LOCALES } from '../../domain/markets.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { handleCommand, readAggregate } from '../../engine/handleCommand.ts';
import type { StorefrontQueries } from '../../projections/catalogue/storefrontQueries.ts';
import { ACCOUNT_FORMS } from './purchaseForms.ts';
import { fastifyPath } from './storefrontCalls.ts';

export interface FavoritesCallsOptions {
  readonly store: EventStore;
  readonly storefront: StorefrontQueries;
  readonly newId: () => string;
  /** Whose favorites this request sees; with `create`, a visitor without one gets a visitor id. */
  readonly owner: (request: FastifyRequest, create: boolean) => FavoritesOwner | undefined;
  /** Checks the CSRF token of a state-changing call. */
  readonly csrf: preHandlerAsyncHookHandler;
}

const favorites = { initialState: initialFavorites, evolve: evolveFavorites };
const carId = z.string().regex(/^\d{1,12}$/, 'digits');

export async function favoritesCalls(
  fastify: FastifyInstance,
  options: FavoritesCallsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { store, storefront, newId, owner, csrf } = options;

  const listOf = async (request: FastifyRequest) => {
    const who = owner(request, false);
    return who ? (await readAggregate(store, favoritesStream(who), favorites)).state : initialFavorites;
  };

  const add = async (request: FastifyRequest<{ Params: { idApi: string } }>) => {
    const { idApi } = request.params;
    const carExists = (await storefront.carStatuses([idApi])).has(idApi);
    const who = owner(request, true)!;
    const result = await handleCommand(
      store,
      favoritesStream(who),
      favorites,
      (state) => decideFavorites({ type: 'FavoriteCar', carId: idApi, carExists }, state),
      { newId },
    );
    return { idApi, favorite: true, count: result.stream.state.length, max: MAX_FAVORITES };
  };

  for (const locale of LOCALES) {
    const addPath = fastifyPath('ajax_add_car_to_favorite', locale);
    const schema = { params: z.object({ idApi: carId }) };
    app.get(addPath, { schema, preHandler: csrf }, add);
    app.post(addPath, { schema, preHandler: csrf }, add);

    const favoritePath = fastifyPath('ajax_favorite', locale);
    app.get(favoritePath, { schema: { params: z.object({ id: carId }) } }, async (request) => ({
      id: request.params.id,
      favorite: (await listOf(request)).includes(request.params.id),
    }));
    app.delete(
      favoritePath,
      { schema: { params: z.object({ id: carId }) }, preHandler: csrf },
      async (request) => {
        const who = owner(request, false);
        if (!who) return { id: request.params.id, favorite: false, count: 0 };
        const result = await handleCommand(
          store,
          favoritesStream(who),
          favorites,
          (state) => decideFavorites({ type: 'UnfavoriteCar', carId: request.params.id }, state),
          { newId },
        );
        return { id: request.params.id, favorite: false, count: result.stream.state.length };
      },
    );
  }

  // "Remove all" (SPEC `GET delete-all-favorites`). The SPEC's GET answers how many would go and changes
  // nothing (a link, a prefetch or a crawler can never empty a list); the POST, which needs the CSRF
  // token like every POST, clears them. The favorites page's form posts it (303 back without JavaScript).
  for (const locale of LOCALES) {
    const path = fastifyPath('ajax_delete_all_favorites', locale);
    const answer = z.object({ count: z.number().int(), removed: z.number().int() });
    app.get(path, { schema: { response: { 200: answer } } }, async (request) => ({
      count: (await listOf(request)).length,
      removed: 0,
    }));
    app.post(
      path,
      { config: { form: ACCOUNT_FORMS.clearFavorites }, schema: { response: { 200: answer } } },
      async (request) => {
        const who = owner(request, false);
        if (!who) return { count: 0, removed: 0 };
        const result = await handleCommand(
          store,
          favoritesStream(who),
          favorites,
          (state) => decideFavorites({ type: 'ClearFavorites' }, state),
          { newId },
        );
        return { count: result.stream.state.length, removed: result.events.length };
      },
    );
  }

  // Newest first, as a shortlist reads; cars no longer for sale stay, shown with their status.
  app.get('/api/favorites', async (request) => ({
    cars: await storefront.cards([...(await listOf(request))].reverse()),
  }));
}
