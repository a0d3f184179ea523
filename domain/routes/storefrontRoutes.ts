/**
 * The storefront's pages (SPEC §2 Catalogue and content, Dealers, Customer account, Booking FAQ).
 * Order matters: the routes with free segments (dealer hub, the facet lists) come last, so a path that
 * fits a more specific shape is read as that shape first (see README.md, "Precedence").
 */
import { defineRoute, type HttpMethod, type RouteDefinition, type RouteSpec } from './defineRoute.ts';
import { DEALER_SLUG, DIGITS, FACET, NAME_HUB, PAGE, type ParamRule, SLUG } from './paramRules.ts';

const GET_POST: readonly HttpMethod[] = ['GET', 'POST'];

type PageOptions = Omit<RouteSpec, 'kind' | 'path' | 'params'>;
const page = (path: string, params: Record<string, ParamRule> = {}, options: PageOptions = {}) =>
  defineRoute({ kind: 'storefront', path, params, ...options });
const seo: PageOptions = { indexable: true };

const car = { id: DIGITS, slug: SLUG };
const facets = { facet1: FACET, facet2: FACET, facet3: FACET, facet4: FACET };
const FACETS = '{/:facet1{/:facet2{/:facet3{/:facet4}}}}';

/** The storefront pages, by route name. */
export const STOREFRONT_ROUTES = {
  front_pages_index: page('', {}, seo),

  // Catalogue
  car_detail: page('/@buy/@car-:id/:slug', car, seo),
  car_detail_vn: page('/@buyNew/@car-:id/:slug', car, seo),
  // The former detail URL, with the stock reference; kept for old links, not for the sitemap.
  car_detail_v1: page('/@buy/@car-:id/:ref/:slug', { ...car, ref: SLUG }),
  brand_list: page('/@brands', {}, seo),
  brand_item: page('/@brands/:brandName', { brandName: SLUG }, seo),
  brand_model_detail: page('/@brands/:brand/:slug', { brand: SLUG, slug: SLUG }, seo),

  // Content
  blog_list: page('/@blog{/:page}', { page: PAGE }, seo),
  blog_list_category: page('/@blog/@category/:categorySlug{/:page}', { categorySlug: SLUG, page: PAGE }, seo),
  // An article (README.md "Blog"): after the category list, which reads `/fr/blog/categorie/x` first.
  blog_article: page('/@blog/:categorySlug/:slug', { categorySlug: SLUG, slug: SLUG }, seo),
  image_index: page('/@images/:id/:slug', car),
  image_index_bo: page('/@images/bo/:id', { id: DIGITS }),
  language_switch_page: page('/@languageSwitch/:id', { id: DIGITS }),
  // A landing page staff publish (content item `landing_page`; not in the SPEC: README, Decisions).
  landing_page: page('/@landing/:slug', { slug: SLUG }, seo),
  contact_form: page('/@contact', {}, { methods: GET_POST }),
  aftersales_index: page('/@aftersales', {}, seo),
  page_promo_list: page('/@promotions', {}, { ...seo, methods: GET_POST }),
  page_recovery_index: page('/@recovery{/:brand{/:model}}', { brand: SLUG, model: SLUG }, seo),
  page_b2b_user_contact_detail: page('/@b2b/@contact', {}, { methods: GET_POST }),
  car_booking_faq: page('/@bookingFaq', {}, seo),

  // Customer account
  my_account_dashboard: page('/@account'),
  my_account_favorite: page('/@account/@favorites'),
  my_account_my_bills_add: page('/@account/@bills/@add', {}, { methods: GET_POST }),

  // Dealers: a detail ends in `-{idApi}`, a hub never does, so the two cannot be confused.
  dealers_locator_index: page('/@dealers', {}, seo),
  dealer_detail: page('/@dealers/:slug-:idApi', { slug: DEALER_SLUG, idApi: DIGITS }, seo),
  dealer_hub: page('/@dealers/:nameHub', { nameHub: NAME_HUB }, seo),

  // Lists with up to four facets (facet2 needs facet1, …): last, they take whatever is left.
  page_buy_index: page(`/@buy${FACETS}`, facets, seo),
  page_buy_vn: page(`/@buyNew${FACETS}`, facets, seo),
} satisfies Record<string, RouteDefinition>;
