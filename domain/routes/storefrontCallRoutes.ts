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
  ajax_models_by_brand: call('/ajax/models-by-brand', GET),
  ajax_get_dealer: call('/ajax/getDealer', POST),
  ajax_get_dealers_by_brand_not_empty: call('/ajax/getDealersByBrandNotEmpty', POST),
  ajax_images_homepage: call('/ajax/images-homepage', GET),
  forms_ajax_get_models: call('/forms/ajax/getModels', POST),
  forms_ajax_get_dealers: call('/forms/ajax/getDealers', POST),
  forms_ajax_get_hubs: call('/forms/ajax/getHubs', POST),
} satisfies Record<string, RouteDefinition>;
