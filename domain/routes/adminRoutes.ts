/**
 * The back office (SPEC §2 "Back office"): `/admin/{locale}/…`, segments in English, staff only. The
 * dealers export keeps the SPEC's own path, `/admin/dealers/export-excel{/locale}`, where the locale is
 * the data's market, not a prefix ("dealers" is never a locale, so it cannot clash).
 *
 * Eight routes are the back office's own, not SPEC names: `admin_sign_in` (the staff sign-in page, where
 * a visitor is sent and where a sign-in form comes back to), `admin_purchase_detail` (the purchase's
 * counterpart of the SPEC's booking detail), `admin_customer_detail` (a customer by their public
 * number, where the SPEC's `admin_customer_delete` comes back to), `admin_staff_list` (the staff
 * accounts, admin only), `admin_staff_invitation` (where an invited person sets their password,
 * `?token=` the invitation's; no sign-in needed), `admin_mail_list` (the mail outbox, admin only,
 * `?status=` one of waiting, sent, failed, cancelled) and `admin_translation_list` (a locale's texts of
 * one dictionary, `storefront` or `backoffice`, where `admin_translation_edit` comes back to; `?status=`
 * overridden, missing or unused, `?q=` a key or words) and `admin_content_item` (one content item of
 * the lists, FAQ or banners: its fields, versions, publication; `ct_…` ids). `admin_blog_category_list`
 * and `admin_blog_article_list` are the blog's lists (content items too). The analytics pages are
 * ours too: `admin_analytics`, `admin_analytics_events`, `admin_analytics_stream`
 * (projections/analytics/README.md).
 */
import { DEFAULT_LOCALE } from '../markets.ts';
import { defineRoute, type HttpMethod, type RouteDefinition } from './defineRoute.ts';
import { DIGITS, LOCALE, PAGE, type ParamRule, TRANSLATION_NAME, YEAR_MONTH } from './paramRules.ts';

const GET_POST: readonly HttpMethod[] = ['GET', 'POST'];

const admin = (path: string, params: Record<string, ParamRule> = {}, methods?: readonly HttpMethod[]) =>
  defineRoute({ kind: 'admin', path, params, ...(methods === undefined ? {} : { methods }) });
const list = (resource: string) => admin(`/${resource}/list{/:page}`, { page: PAGE });
const editor = (resource: string) => admin(`/${resource}/edit`, {}, GET_POST);

/** A stream name the analytics' stream page takes (every name the app writes: `car-12`, `purchase-7`). */
export const STREAM_NAME_PATTERN = '[A-Za-z0-9][A-Za-z0-9_.:$-]{0,199}';

/** The back-office routes, by route name. */
export const ADMIN_ROUTES = {
  admin_dashboard: admin('/dashboard'),
  admin_sign_in: admin('/sign-in'),
  admin_staff_invitation: admin('/sign-in/invitation'),
  admin_staff_list: admin('/staff'),
  admin_mail_list: admin('/mail'),

  admin_car_booking_list: list('car-booking'),
  admin_car_booking_export: admin('/car-booking/export'),
  admin_car_booking_detail: admin('/car-booking/:id', { id: DIGITS }),

  admin_purchase_list: list('purchase'),
  admin_purchase_export: admin('/purchase/export'),
  admin_purchase_detail: admin('/purchase/:id', { id: DIGITS }),

  admin_customer_list: list('customer'),
  admin_customer_export: admin('/customer/export'),
  admin_customer_detail: admin('/customer/:id', { id: DIGITS }),
  // A GET must never erase anyone (crawlers, link prefetching): POST only.
  admin_customer_delete: admin('/customer/:id/delete', { id: DIGITS }, ['POST']),

  // Without a month, the server shows the current one (domain/ has no clock). Its upload form posts to
  // the page itself (multipart), which answers 303 to the import's month.
  admin_import_list: admin('/import{/:yearMonth}', { yearMonth: YEAR_MONTH }, GET_POST),
  admin_leads: admin('/leads'),

  admin_facet_list: list('facet'),
  admin_faq_list: list('faq'),
  admin_homepage_banner_list: list('homepage-banner'),
  admin_landing_page_list: list('landing-page'),
  admin_language_switch_page_list: list('language-switch-page'),
  admin_range_list: list('range'),
  admin_promo_list: list('promo'),
  // The blog's content items (not SPEC names: the SPEC's back office has no blog list).
  admin_blog_category_list: list('blog-category'),
  admin_blog_article_list: list('blog-article'),

  admin_homepage: admin('/homepage', {}, GET_POST),
  admin_content_item: admin('/content/:id', {
    id: { pattern: 'ct_[a-z0-9]{8,40}', describe: 'a content id (ct_ and 8 to 40 letters or digits)' },
  }),
  admin_image_upload: admin('/image/upload/:id', { id: DIGITS }, GET_POST),

  admin_seo_promo_edit: editor('seo-promo'),
  admin_dealer_locator_edit: editor('dealer-locator'),
  admin_recovery_text_edit: editor('recovery-text'),
  admin_link_facet_edit: editor('link-facet'),

  admin_translation_list: admin('/translation/:local/:domain', {
    local: LOCALE,
    domain: TRANSLATION_NAME,
  }),
  admin_translation_edit: admin(
    '/translation/edit/:local/:domain/:key',
    { local: LOCALE, domain: TRANSLATION_NAME, key: TRANSLATION_NAME },
    GET_POST,
  ),

  // One variant per market: `.de` exports German dealers at `/admin/dealers/export-excel/de`; `.fr`, the
  // default, at `/admin/dealers/export-excel` (`/fr` accepted too).
  admin_dealers_export_excel: defineRoute({
    kind: 'admin',
    path: (locale) =>
      locale === DEFAULT_LOCALE
        ? `/admin/dealers/export-excel{/${locale}}`
        : `/admin/dealers/export-excel/${locale}`,
    localeParam: 'locale',
  }),

  // Leads (domain/leads): `admin_leads` is the list (filters in the query); a lead's detail is ours.
  admin_lead_detail: admin('/leads/:leadId', {
    leadId: { pattern: 'lead_[a-f0-9]{32}', describe: 'a lead id (lead_ and 32 hex digits)' },
  }),
  // Dealer appointments per dealer and day (`?day=&dealer=`): sales and admin.
  admin_appointment_list: admin('/appointments'),
  // Analysts' reports (projections/reports/README.md): the list, and one report (`?view=&asOf=1&<filter>=`).
  admin_report_list: admin('/reports'),
  admin_report_detail: admin('/reports/:name', {
    name: { pattern: '[a-z][a-z0-9_]{0,23}', describe: 'a report name (snake_case)' },
  }),

  // Analytics (projections/analytics/README.md): the projections' status, the events explorer (filters in
  // the query: `?type=&stream=&actor=&from=&to=&after=`) and one stream's events; analysts and admins.
  admin_analytics: admin('/analytics'),
  admin_analytics_events: admin('/analytics/events'),
  admin_analytics_stream: admin('/analytics/streams/:stream', {
    stream: { pattern: STREAM_NAME_PATTERN, describe: 'a stream name (car-12, purchase-7)' },
  }),
} satisfies Record<string, RouteDefinition>;
