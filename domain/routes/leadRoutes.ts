/**
 * SPEC §7's ten lead calls and the pages that exist for leads (domain/leads/README.md). The SPEC gives
 * the calls' last words only; each sits under the segment of the page its form is on, the SPEC's words
 * untranslated after it, like the other calls (README.md "Translated segments", "Leads"):
 * `contact/{id}/{bookingId}` under the buying prefix, the brand's `contact-send` under the brand's page,
 * the dealer's `contact/{id}` and the hub's `lead` under the dealers segment, `contact-form send` as
 * `send` under the contact page, and the five topic forms under `/lead/`.
 */
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { BOOKING_ID, DIGITS, NAME_HUB, SLUG } from './paramRules.ts';

// GET describes the form (its fields, the consent text's version, a hub's dealers); POST sends it.
const GET_POST: readonly HttpMethod[] = ['GET', 'POST'];
const call = (path: string, params = {}) => defineRoute({ kind: 'call', methods: GET_POST, path, params });

/** The lead calls, by route name: before the pages, whose free segments would take their paths. */
export const LEAD_CALL_ROUTES = {
  lead_car: call('/@buy/contact/:id{/:bookingId}', { id: DIGITS, bookingId: BOOKING_ID }),
  lead_brand: call('/@brands/:brandName/contact-send', { brandName: SLUG }),
  lead_dealer: call('/@dealers/contact/:id', { id: DIGITS }),
  lead_hub: call('/@dealers/:nameHub/lead', { nameHub: NAME_HUB }),
  lead_cee: call('/lead/cee'),
  lead_contact: call('/@contact/send'),
  lead_electric: call('/lead/electric'),
  lead_faq: call('/lead/faq'),
  lead_finance: call('/lead/finance'),
  lead_warranty: call('/lead/warranty'),
} satisfies Record<string, RouteDefinition>;

const page = (path: string, indexable: boolean) =>
  defineRoute({ kind: 'storefront', path, params: {}, indexable });

/** The topic pages with their lead form, and where a sent form lands. */
export const LEAD_PAGE_ROUTES = {
  finance_page: page('/@financing', true),
  warranty_page: page('/@warranty', true),
  electric_page: page('/@electric', true),
  lead_thanks: page('/@contact/@thanks', false),
} satisfies Record<string, RouteDefinition>;
