/**
 * SPEC §7's storefront ajax calls served so far. The SPEC gives their names without a prefix; we put
 * them under the locale (`/fr/ajax/get-is-car-booked/12`, `/de/forms/ajax/getModels`) because their
 * answers are for one market (its country's cars, dealers and hubs, its language's labels). The path
 * after the prefix is the SPEC's, untranslated, like the purchase calls (README.md, "Decisions").
 */
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { DIGITS } from './paramRules.ts';

const GET: readonly HttpMethod[] = ['GET'];
const POST: readonly HttpMethod[] = ['POST'];

const call = (path: string, methods: readonly HttpMethod[], params = {}) =>
  defineRoute({ kind: 'call', methods, path, params });

/** The calls, by route name. */
export const STOREFRONT_CALL_ROUTES = {
  ajax_get_is_car_booked: call('/ajax/get-is-car-booked/:idApi', GET, { idApi: DIGITS }),
  // The SPEC says GET; it changes state, so it also takes POST and always wants the CSRF token.
  ajax_add_car_to_favorite: call('/ajax/add-car-to-favorite/:idApi', ['GET', 'POST'], { idApi: DIGITS }),
  // GET: is car `id` a favorite; DELETE: remove it.
  ajax_favorite: call('/ajax/favorite/:id', ['GET', 'DELETE'], { id: DIGITS }),
  // The SPEC says GET: GET answers how many would go and changes nothing; POST (with the CSRF token) clears.
  ajax_delete_all_favorites: call('/ajax/delete-all-favorites', ['GET', 'POST'], {}),
  // The buyer's own cars (account area): GET lists them, POST adds one.
  ajax_add_my_car: call('/ajax/add-my-car', ['GET', 'POST']),
  // GET `?carId=` serves the car's picture to its owner; POST (multipart) adds or replaces it.
  ajax_add_my_car_image: call('/ajax/add-my-car/image', ['GET', 'POST']),
  // Changes a car's facts, or removes the car (`action: remove`).
  ajax_add_my_car_update: call('/ajax/add-my-car/update', POST),
  ajax_models_by_brand: call('/ajax/models-by-brand', GET),
  ajax_get_dealer: call('/ajax/getDealer', POST),
  ajax_get_dealers_by_brand_not_empty: call('/ajax/getDealersByBrandNotEmpty', POST),
  ajax_images_homepage: call('/ajax/images-homepage', GET),
  forms_ajax_get_models: call('/forms/ajax/getModels', POST),
  forms_ajax_get_dealers: call('/forms/ajax/getDealers', POST),
  forms_ajax_get_hubs: call('/forms/ajax/getHubs', POST),
} satisfies Record<string, RouteDefinition>;
