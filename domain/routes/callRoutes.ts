/**
 * SPEC §7's purchase and booking calls, under the localised buying prefix (`/fr/acheter/ajax/...`), and
 * the dealers' appointment call. Their paths after the prefix are the SPEC's, untranslated. Storefront and
 * back-office ajax calls whose paths the SPEC does not give are left to http/ (see README.md).
 */
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { DIGITS, type ParamRule, SLUG, VALIDATE } from './paramRules.ts';

const GET: readonly HttpMethod[] = ['GET'];
const GET_POST: readonly HttpMethod[] = ['GET', 'POST'];

const buying = (path: string, methods: readonly HttpMethod[], params: Record<string, ParamRule> = {}) =>
  defineRoute({ kind: 'call', methods, path: `/@buy${path}`, params });

const id = { id: DIGITS };

/** The calls, by route name. */
export const CALL_ROUTES = {
  ajax_booking_check_email: buying('/ajax-booking/check-email', GET_POST),
  ajax_booking_login: buying('/ajax-booking/login/:type', GET_POST, { type: SLUG }),
  ajax_check_email: buying('/ajax/check-email', GET_POST),
  ajax_add_consent: buying('/ajax/add-consent/:id', GET_POST, id),
  ajax_login: buying('/ajax/login/:type', GET_POST, { type: SLUG }),
  ajax_payment: buying('/ajax/payment/:id', GET, id),
  ajax_additional_optional: buying('/connect/ajax/additional-optional/:id', GET_POST, id),
  ajax_booking_funding: buying('/connect/ajax/bookingFunding/:id', GET, id),
  ajax_validate_finance_offer: buying('/connect/ajax/validate/finance/offer/:id/:validate', GET, {
    id: DIGITS,
    validate: VALIDATE,
  }),
  ajax_funding: buying('/connect/ajax/funding/:id', GET_POST, id),
  ajax_check_my_info_step: buying('/connect/ajax/checkMyInfoStep/:id', GET_POST, id),
  ajax_form_summary_step_5: buying('/connect/ajax/form/summary-step-5/:id', GET_POST, id),
  ajax_insurance: buying('/connect/ajax/insurance/:id', GET_POST, id),
  ajax_tradein_update: buying('/connect/ajax/tradein/update/:id', GET_POST, id),
  ajax_tradein: buying('/connect/ajax/tradein/:id', GET, id),
  get_car_purchase: buying('/getcarpurchase/:id', GET, id),
  ajax_form_recovery: buying('/connect/ajax/form/recovery/:id', GET_POST, id),
  ajax_form_recovery_redirect_ead: buying('/connect/ajax/form/recovery/redirect/ead/:id', GET, id),
  ajax_check_dealer_distance: buying('/connect/ajax/checkDealerDistance/:id', GET_POST, id),
  dealer_ajax_form_appointment: defineRoute({
    kind: 'call',
    methods: GET_POST,
    path: '/@dealers/ajax/form-appointment',
  }),
} satisfies Record<string, RouteDefinition>;
