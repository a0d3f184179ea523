import { describe, expect, it } from 'vitest';
import { LOCALES } from '../markets.ts';
import { parseRouteName, ROUTES, type RouteBaseName, routeNames } from './routes.ts';
import { buyingPrefix, dealersSegment, newCarsPrefix, SEGMENTS } from './segments.ts';

const bases = Object.keys(ROUTES) as RouteBaseName[];

describe('the route table', () => {
  it('names every route of the SPEC (§2), and the funnel routes it implies', () => {
    const named = [
      'car_detail',
      'car_detail_vn',
      'car_detail_v1',
      'page_buy_index',
      'page_buy_vn',
      'brand_list',
      'brand_item',
      'brand_model_detail',
      'front_pages_index',
      'blog_list',
      'blog_list_category',
      'image_index',
      'image_index_bo',
      'language_switch_page',
      'landing_page',
      'contact_form',
      'aftersales_index',
      'page_promo_list',
      'page_recovery_index',
      'page_b2b_user_contact_detail',
      'dealer_hub',
      'dealers_locator_index',
      'dealer_detail',
      'dealer_appointment',
      'dealer_appointment_confirmation',
      'my_account_dashboard',
      'my_account_favorite',
      'my_account_my_bills_add',
      'car_purchase_form',
      'car_purchase_form_vn',
      'car_purchase_info',
      'car_purchase_info_vn',
      'car_purchase_ok',
      'car_purchase_payment_ko',
      'car_not_available',
      'car_booking_form',
      'car_booking_limit',
      'car_booking_check_contact',
      'car_book_ok',
      'car_book_ko',
      'car_book_payment_ko',
      'car_booking_faq',
      'admin_car_booking_list',
      'admin_car_booking_export',
      'admin_car_booking_detail',
      'admin_purchase_list',
      'admin_purchase_export',
      'admin_customer_list',
      'admin_customer_export',
      'admin_customer_delete',
      'admin_dashboard',
      'admin_import_list',
      'admin_leads',
      'admin_facet_list',
      'admin_faq_list',
      'admin_homepage_banner_list',
      'admin_landing_page_list',
      'admin_language_switch_page_list',
      'admin_range_list',
      'admin_promo_list',
      'admin_homepage',
      'admin_image_upload',
      'admin_seo_promo_edit',
      'admin_dealer_locator_edit',
      'admin_recovery_text_edit',
      'admin_link_facet_edit',
      'admin_translation_edit',
      'admin_dealers_export_excel',
    ];
    expect(bases).toEqual(expect.arrayContaining(named));
  });

  it('names the back office’s own routes beyond the SPEC, each under /admin/{locale}', () => {
    const own = {
      admin_sign_in: '/admin/fr/sign-in',
      admin_purchase_detail: '/admin/fr/purchase/:id',
      admin_customer_detail: '/admin/fr/customer/:id',
      admin_staff_list: '/admin/fr/staff',
      admin_staff_invitation: '/admin/fr/sign-in/invitation',
      admin_mail_list: '/admin/fr/mail',
    } as const;
    for (const [name, path] of Object.entries(own))
      expect(ROUTES[name as RouteBaseName].paths.fr, name).toBe(path);
  });

  it('has every route once per locale, each full name reading back as its route and locale', () => {
    const names = routeNames();
    expect(names).toHaveLength(bases.length * LOCALES.length);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('car_detail.fr-BE');
    for (const name of names) expect(parseRouteName(name)).not.toBeNull();
    expect(parseRouteName('car_detail.nl-BE')).toEqual({ base: 'car_detail', locale: 'nl-BE' });
    expect(parseRouteName('car_detail')).toBeNull();
    expect(parseRouteName('.fr')).toBeNull();
  });

  it('gives every route its own path in each locale, prefixed by the locale', () => {
    for (const locale of LOCALES) {
      const paths = bases.map((base) => ROUTES[base].paths[locale]);
      expect(new Set(paths).size).toBe(paths.length);
      for (const base of bases) {
        const { kind, paths } = ROUTES[base];
        const prefix = kind === 'admin' ? `/admin/` : `/${locale}`;
        expect(paths[locale].startsWith(prefix)).toBe(true);
        expect(paths[locale]).toMatch(/^[\x21-\x7e]+$/);
      }
    }
  });

  it('puts the back office under /admin, with the locale after it (the dealers export aside)', () => {
    for (const base of bases.filter(
      (name) => ROUTES[name].kind === 'admin' && name !== 'admin_dealers_export_excel',
    )) {
      for (const locale of LOCALES)
        expect(ROUTES[base].paths[locale].startsWith(`/admin/${locale}/`)).toBe(true);
    }
  });

  it('gives no two translated segments the same word in one locale, unless they never share a position', () => {
    // Only words that begin a path right after the locale could clash; those must all differ.
    const first = [
      'buy',
      'buyNew',
      'brands',
      'blog',
      'images',
      'languageSwitch',
      'contact',
      'aftersales',
    ] as const;
    const more = [
      'promotions',
      'recovery',
      'b2b',
      'bookingFaq',
      'account',
      'dealers',
      'appointment',
    ] as const;
    for (const locale of LOCALES) {
      const words = [...first, ...more].map((key) => SEGMENTS[key][locale]);
      expect(new Set(words).size).toBe(words.length);
    }
  });

  it('exposes the localised prefixes the SPEC’s calls are registered under', () => {
    expect(buyingPrefix('fr')).toBe('/fr/acheter');
    expect(buyingPrefix('it')).toBe('/it/ricerca-auto');
    expect(newCarsPrefix('de')).toBe('/de/kaufen-neuwagen');
    expect(dealersSegment('pt')).toBe('os-nossos-concessionarios');
    expect(ROUTES.ajax_check_email.paths.pl).toBe(`${buyingPrefix('pl')}/ajax/check-email`);
  });

  it('marks the pages search engines must read as indexable, and no funnel, call or back-office route', () => {
    for (const base of [
      'front_pages_index',
      'page_buy_index',
      'car_detail',
      'brand_model_detail',
      'dealer_hub',
      'blog_list',
    ] as const) {
      expect(ROUTES[base].indexable).toBe(true);
    }
    for (const base of bases.filter((name) => ROUTES[name].kind !== 'storefront')) {
      expect(ROUTES[base].indexable).toBe(false);
    }
  });
});
