/**
 * The buyer funnels' pages (SPEC §2 Purchase, Booking; Dealers appointment). Purchase and booking live
 * under the buying prefix, like their calls: `/fr/acheter/achat-12/bmw-x3/delivery`,
 * `/fr/acheter/reserver-12/bmw-x3/0`; new-car purchase under the new-car prefix. Step values stay the
 * SPEC's English identifiers.
 */
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { BOOKING_ID, DEALER_SLUG, DIGITS, type ParamRule, SLUG, STEP } from './paramRules.ts';

const GET_POST: readonly HttpMethod[] = ['GET', 'POST'];

const car = { id: DIGITS, slug: SLUG };
const booking = { id: DIGITS, slug: SLUG, bookingId: BOOKING_ID };
const dealer = { slug: DEALER_SLUG, idApi: DIGITS };
/** A saved valuation's id ("sell your car", domain/valuation/savedValuationEvents.ts). */
const VALUATION_ID: ParamRule = { pattern: 'sv_[a-f0-9]{32}', describe: 'a valuation id' };

/** The funnel pages, by route name. */
export const FUNNEL_ROUTES = {
  // Purchase
  car_purchase_form: defineRoute({
    kind: 'funnel',
    methods: GET_POST,
    path: '/@buy/@purchase-:id/:slug{/:step}',
    params: { ...car, step: STEP },
  }),
  car_purchase_form_vn: defineRoute({
    kind: 'funnel',
    methods: GET_POST,
    path: '/@buyNew/@purchase-:id/:slug{/:step}',
    params: { ...car, step: STEP },
  }),
  car_purchase_info: defineRoute({ kind: 'funnel', path: '/@buy/@purchaseInfo-:id/:slug', params: car }),
  car_purchase_info_vn: defineRoute({
    kind: 'funnel',
    path: '/@buyNew/@purchaseInfo-:id/:slug',
    params: car,
  }),
  car_purchase_ok: defineRoute({
    kind: 'funnel',
    path: '/@buy/@purchase/@confirmation-:id/:slug',
    params: car,
  }),
  car_purchase_payment_ko: defineRoute({
    kind: 'funnel',
    path: '/@buy/@purchase/@paymentFailed-:id/:slug',
    params: car,
  }),
  car_not_available: defineRoute({
    kind: 'funnel',
    path: '/@buy/@purchase/@carNotAvailable-:id/:slug',
    params: car,
  }),

  // Booking: bookingId sits in an optional part so `/…/reserver-12/bmw-x3` still matches (bookingId 0),
  // but BOOKING_ID is not omitDefault, so generated URLs always carry it.
  car_booking_form: defineRoute({
    kind: 'funnel',
    methods: GET_POST,
    path: '/@buy/@book-:id/:slug{/:bookingId}',
    params: booking,
  }),
  car_booking_limit: defineRoute({ kind: 'funnel', path: '/@buy/@book/@limit-:id/:slug', params: car }),
  car_booking_check_contact: defineRoute({
    kind: 'funnel',
    methods: GET_POST,
    path: '/@buy/@book/@checkContact-:id{/:bookingId}',
    params: { id: DIGITS, bookingId: BOOKING_ID },
  }),
  car_book_ok: defineRoute({
    kind: 'funnel',
    path: '/@buy/@book/@confirmation-:id/:slug{/:bookingId}',
    params: booking,
  }),
  car_book_ko: defineRoute({
    kind: 'funnel',
    path: '/@buy/@book/@failed-:id/:slug{/:bookingId}',
    params: booking,
  }),
  car_book_payment_ko: defineRoute({
    kind: 'funnel',
    path: '/@buy/@book/@paymentFailed-:id/:slug{/:bookingId}',
    params: booking,
  }),

  // Dealer appointment: outside the dealers segment, whose single free segment belongs to the hubs.
  dealer_appointment: defineRoute({
    kind: 'funnel',
    methods: GET_POST,
    path: '/@appointment{/:slug-:idApi}',
    params: dealer,
  }),
  dealer_appointment_confirmation: defineRoute({
    kind: 'funnel',
    path: '/@appointment/:slug-:idApi/@confirmation',
    params: dealer,
  }),

  // "Sell your car": the offer of a buyer's valuation (the form is `page_recovery_index`). A funnel
  // route, so it comes before the recovery page, whose optional brand and model would read it as theirs.
  page_recovery_offer: defineRoute({
    kind: 'funnel',
    path: '/@recovery/@offer/:valuationId',
    params: { valuationId: VALUATION_ID },
  }),
} satisfies Record<string, RouteDefinition>;
