/**
 * SPEC §7's storefront ajax and delivery calls served so far. The SPEC gives their names without a
 * prefix; we put them under the locale (`/fr/ajax/get-is-car-booked/12`, `/de/forms/ajax/getModels`)
 * because their answers are for one market (its country's cars, dealers and hubs, its language's labels,
 * its currency). The path after the prefix is the SPEC's, untranslated, like the purchase calls
 * (README.md, "Decisions"); the delivery calls, which the SPEC lists as a group of their own with bare
 * names (`view/…`, `all/…`, `calculation`), sit under `/ajax/delivery/`.
 */
import { DELIVERY_TYPES } from '../delivery/deliveryTariffs.ts';
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { DIGITS, type ParamRule, SLUG } from './paramRules.ts';

const GET: readonly HttpMethod[] = ['GET'];
const POST: readonly HttpMethod[] = ['POST'];

/**
 * A postcode as it travels in a path: letters or digits in parts joined by single hyphens (`75015`,
 * `00-950`, `1000-001`); spaces are dropped before building the URL (the country's spelling is restored
 * by the call).
 */
export const POSTCODE: ParamRule = {
  pattern: '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*',
  describe: 'a postcode: letters or digits, in parts joined by single hyphens',
};

/** A delivery type (domain/delivery/deliveryTariffs.ts): `pickup`, `driver` or `truck`. */
export const DELIVERY_TYPE: ParamRule = {
  pattern: `(?:${DELIVERY_TYPES.join('|')})`,
  describe: `one of: ${DELIVERY_TYPES.join(', ')}`,
};

/** A document we issue (domain/bills/billDocuments.ts): its kind, its funnel, the event's revision. */
export const DOCUMENT_ID: ParamRule = {
  pattern: '(?:order|deposit|advance|refund)-[pb][0-9]{1,12}-[0-9]{1,6}',
  describe: 'a document id such as order-p12-9',
};
/** A bill a buyer added (domain/bills/myBills.ts). */
export const BILL_ID: ParamRule = { pattern: 'bl_[a-f0-9]{32}', describe: 'a bill id' };
/** A ZIP bundle of the buyer's documents. */
export const BUNDLE_ID: ParamRule = { pattern: 'bb_[a-f0-9]{32}', describe: 'a bundle id' };

const call = (path: string, methods: readonly HttpMethod[], params = {}) =>
  defineRoute({ kind: 'call', methods, path, params });

/** A content item's id (domain/content/items/contentItem.ts `CONTENT_ID`). */
export const CONTENT_ITEM_ID: ParamRule = { pattern: 'ct_[a-z0-9]{8,40}', describe: 'a content id (ct_…)' };

/** The calls, by route name. */
export const STOREFRONT_CALL_ROUTES = {
  // SPEC §7 "Other": a visitor rates blog article `id` (POST, 1 to 5 stars); GET answers its average and
  // count (README.md "Blog").
  blog_save_content_note: call('/@blog/saveContentNote/:id', ['GET', 'POST'], { id: CONTENT_ITEM_ID }),
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
  // The account's bills (http/routes/billsCalls.ts): GET the buyer's documents (PDFs we issue), the
  // bills they added for their cars and those cars; a bill is added by the `my_account_my_bills_add`
  // page's own POST (multipart).
  ajax_my_bills: call('/ajax/my-bills', GET),
  // SPEC §7: the ZIP of every document; the first call starts it, later ones answer its progress.
  ajax_my_bills_check_progress_download: call('/ajax/my-bills/check-progress-download', POST),
  // The ZIP once ready (the URL the progress answers), one document, one added bill: to their owner only.
  ajax_my_bills_bundle: call('/ajax/my-bills/bundle/:bundleId', GET, { bundleId: BUNDLE_ID }),
  ajax_my_bills_document: call('/ajax/my-bills/document/:documentId', GET, { documentId: DOCUMENT_ID }),
  ajax_my_bills_file: call('/ajax/my-bills/file/:billId', GET, { billId: BILL_ID }),
  // Removes a bill the buyer added (POST `billId`, with the CSRF token).
  ajax_my_bills_delete: call('/ajax/my-bills/delete', POST),
  ajax_models_by_brand: call('/ajax/models-by-brand', GET),
  ajax_get_dealer: call('/ajax/getDealer', POST),
  ajax_get_dealers_by_brand_not_empty: call('/ajax/getDealersByBrandNotEmpty', POST),
  ajax_images_homepage: call('/ajax/images-homepage', GET),
  forms_ajax_get_models: call('/forms/ajax/getModels', POST),
  forms_ajax_get_dealers: call('/forms/ajax/getDealers', POST),
  forms_ajax_get_hubs: call('/forms/ajax/getHubs', POST),
  // The car page's money tools. The monthly payment of car `idApi` for a duration and down payment: POST
  // as in the SPEC (JSON body), and GET with the same fields in the query (the page's server render reads
  // with GET; a lookup changes nothing).
  ajax_get_car_financement: call('/ajax/get-car-financement', ['GET', 'POST']),
  // The same simulation as a document: POST answers the URL of `ajax_pdf_volean`, which serves the PDF.
  ajax_url_pdf_volean: call('/ajax/url-pdf-volean', POST),
  ajax_pdf_volean: call('/ajax/pdf-volean/:idApi/:durationMonths/:downPayment', GET, {
    idApi: DIGITS,
    durationMonths: DIGITS,
    downPayment: DIGITS,
  }),
  // The delivery price of car `idApi` (from its dealer) to the postcode `arrival`, per delivery type.
  ajax_get_price_edit_hiflow: call('/ajax/get-price-edit-hiflow/:idApi/:arrival', GET, {
    idApi: DIGITS,
    arrival: POSTCODE,
  }),
  // Delivery from a dealer (`idOriginApi`): one type to a postcode (`idDistanceApi`), ...
  ajax_delivery_view: call('/ajax/delivery/view/:idOriginApi/:idDistanceApi/:type', GET, {
    idOriginApi: DIGITS,
    idDistanceApi: POSTCODE,
    type: DELIVERY_TYPE,
  }),
  // ... every postcode area of the dealer's country (its price list), ...
  ajax_delivery_all: call('/ajax/delivery/all/:idOriginApi', GET, { idOriginApi: DIGITS }),
  // ... and how the market's delivery prices are calculated (optionally for a distance).
  ajax_delivery_calculation: call('/ajax/delivery/calculation', GET),

  // Dealer appointments (domain/appointment/README.md). SPEC "widget hourly/{idApi}": dealer `idApi`'s free
  // slots (`?purpose=&from=&days=`), what the appointment page's slot picker reads.
  ajax_widget_hourly: call('/ajax/widget-hourly/:idApi', GET, { idApi: DIGITS }),
  // SPEC "prise-rdv-by-brand/{label}": the market's dealers of brand `label` (its slug), each with its
  // appointment link.
  ajax_prise_rdv_by_brand: call('/ajax/prise-rdv-by-brand/:label', GET, { label: SLUG }),
  // The signed-in buyer's appointments (the account area).
  ajax_my_appointments: call('/ajax/my-appointments', GET),

  // SPEC "POST seo-footer second-link-facets": the footer's second level of links below a facet page
  // (`?facet=` or `{ facet }`: its path); a GET without JSON in its Accept header is the link's fallback
  // without JavaScript (303 to the facet page itself). domain/content/README.md "SEO content".
  seo_footer_second_link_facets: call('/seo-footer/second-link-facets', ['GET', 'POST']),
} satisfies Record<string, RouteDefinition>;
