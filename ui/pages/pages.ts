/**
 * Which page renders which route of the route table. Every storefront route has one (the every-route
 * test in http/ssr/storefrontRoutes.int.spec.ts fails for a new route without a page); a route without a
 * page here answers 404 (the funnels, built later).
 */
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { AnyPage } from '../router/PageModule.ts';
import { accountPage } from './accountPage.tsx';
import { aftersalesPage } from './aftersalesPage.tsx';
import { b2bContactPage } from './b2bContactPage.tsx';
import { blogListPage } from './blogListPage.tsx';
import { bookingFaqPage } from './bookingFaqPage.tsx';
import { brandListPage } from './brandListPage.tsx';
import { brandModelPage } from './brandModelPage.tsx';
import { brandPage } from './brandPage.tsx';
import { buyListPage } from './buyListPage.tsx';
import { carDetailPage } from './carDetailPage.tsx';
import { contactPage } from './contactPage.tsx';
import { dealerDetailPage } from './dealerDetailPage.tsx';
import { dealerHubPage } from './dealerHubPage.tsx';
import { dealersLocatorPage } from './dealersLocatorPage.tsx';
import { favoritesPage } from './favoritesPage.tsx';
import { homePage } from './homePage.tsx';
import { imageIndexPage } from './imageIndexPage.tsx';
import { languageSwitchPage } from './languageSwitchPage.tsx';
import { promotionsPage } from './promotionsPage.tsx';
import { recoveryPage } from './recoveryPage.tsx';

/** The page of each storefront route that has one. */
export const PAGES: Partial<Record<RouteBaseName, AnyPage>> = {
  front_pages_index: homePage,
  page_buy_index: buyListPage,
  page_buy_vn: buyListPage,
  car_detail: carDetailPage,
  car_detail_vn: carDetailPage,
  car_detail_v1: carDetailPage,
  brand_list: brandListPage,
  brand_item: brandPage,
  brand_model_detail: brandModelPage,
  dealers_locator_index: dealersLocatorPage,
  dealer_detail: dealerDetailPage,
  dealer_hub: dealerHubPage,
  car_booking_faq: bookingFaqPage,
  page_recovery_index: recoveryPage,
  blog_list: blogListPage,
  blog_list_category: blogListPage,
  image_index: imageIndexPage,
  image_index_bo: imageIndexPage,
  language_switch_page: languageSwitchPage,
  contact_form: contactPage,
  aftersales_index: aftersalesPage,
  page_promo_list: promotionsPage,
  page_b2b_user_contact_detail: b2bContactPage,
  my_account_dashboard: accountPage,
  my_account_favorite: favoritesPage,
  my_account_my_bills_add: accountPage,
};
