/**
 * Which page renders which route of the route table. A route without a page here answers 404 (funnels,
 * account, blog and the other content pages are added as they are built).
 */
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { AnyPage } from '../router/PageModule.ts';
import { bookingFaqPage } from './bookingFaqPage.tsx';
import { brandListPage } from './brandListPage.tsx';
import { brandModelPage } from './brandModelPage.tsx';
import { brandPage } from './brandPage.tsx';
import { buyListPage } from './buyListPage.tsx';
import { carDetailPage } from './carDetailPage.tsx';
import { dealerDetailPage } from './dealerDetailPage.tsx';
import { dealerHubPage } from './dealerHubPage.tsx';
import { dealersLocatorPage } from './dealersLocatorPage.tsx';
import { homePage } from './homePage.tsx';
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
};
