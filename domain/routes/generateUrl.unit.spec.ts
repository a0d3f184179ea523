import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { LOCALES } from '../markets.ts';
import { generateUrl, type RouteParams } from './generateUrl.ts';
import { RouteError } from './RouteError.ts';

/** The RouteError thrown by building `name` with `params` (fails the test when nothing is thrown). */
function errorOf(name: string, params?: RouteParams): RouteError {
  try {
    generateUrl(name, params);
  } catch (error) {
    expect(error).toBeInstanceOf(RouteError);
    expect(error).toBeInstanceOf(DomainError);
    return error as RouteError;
  }
  throw new Error(`expected generateUrl(${name}) to throw`);
}

const car = { id: '12', slug: 'bmw-x3' };

describe('generateUrl: the SPEC’s segments', () => {
  it.each([
    ['at', '/at/kaufen'],
    ['de', '/de/kaufen'],
    ['es', '/es/comprar'],
    ['fr', '/fr/acheter'],
    ['fr-BE', '/fr-BE/acheter'],
    ['it', '/it/ricerca-auto'],
    ['nl-BE', '/nl-BE/kopen'],
    ['pl', '/pl/kup'],
    ['pt', '/pt/comprar'],
  ])('given locale %s, when building page_buy_index, then the buying segment is %s', (locale, path) => {
    expect(generateUrl(`page_buy_index.${locale}`)).toBe(path);
  });

  it.each([
    ['at', '/at/kaufen-neuwagen'],
    ['de', '/de/kaufen-neuwagen'],
    ['es', '/es/comprar-nuevo'],
    ['fr', '/fr/acheter-neuf'],
    ['fr-BE', '/fr-BE/acheter-neuf'],
    ['it', '/it/ricerca-autonuova'],
    ['nl-BE', '/nl-BE/kopen-nieuw'],
    ['pl', '/pl/kup-nowy'],
    ['pt', '/pt/comprar-novo'],
  ])('given locale %s, when building page_buy_vn, then the new-car segment is %s', (locale, path) => {
    expect(generateUrl(`page_buy_vn.${locale}`)).toBe(path);
  });

  it.each([
    ['at', '/at/standorte/wien'],
    ['de', '/de/standorte/wien'],
    ['es', '/es/nuestros-concesionarios/wien'],
    ['fr', '/fr/nos-concessionnaires/wien'],
    ['fr-BE', '/fr-BE/nos-concessionnaires/wien'],
    ['it', '/it/i-nostri-concessionari/wien'],
    ['nl-BE', '/nl-BE/onze-concessies/wien'],
    ['pl', '/pl/nasze-lokalizacje/wien'],
    ['pt', '/pt/os-nossos-concessionarios/wien'],
  ])('given locale %s, when building dealer_hub, then it is %s', (locale, path) => {
    expect(generateUrl(`dealer_hub.${locale}`, { nameHub: 'wien' })).toBe(path);
  });

  it('given facets, when building a list, then they follow the buying segment in order', () => {
    expect(generateUrl('page_buy_index.de', { facet1: 'bmw', facet2: 'x3', facet3: 'diesel' })).toBe(
      '/de/kaufen/bmw/x3/diesel',
    );
  });

  it('given a car, when building its detail pages, then they sit under the buying or new-car segment', () => {
    expect(generateUrl('car_detail.de', car)).toBe('/de/kaufen/auto-12/bmw-x3');
    expect(generateUrl('car_detail_vn.fr', car)).toBe('/fr/acheter-neuf/voiture-12/bmw-x3');
    expect(generateUrl('car_detail_v1.fr', { ...car, ref: 'AB123' })).toBe(
      '/fr/acheter/voiture-12/AB123/bmw-x3',
    );
  });

  it('given a purchase, when building its pages, then the step keeps the SPEC’s identifier', () => {
    expect(generateUrl('car_purchase_form.fr', car)).toBe('/fr/acheter/achat-12/bmw-x3');
    expect(generateUrl('car_purchase_form.fr', { ...car, step: 'sign-in-sign-up' })).toBe(
      '/fr/acheter/achat-12/bmw-x3/sign-in-sign-up',
    );
    expect(generateUrl('car_purchase_form_vn.it', { ...car, step: 'funding' })).toBe(
      '/it/ricerca-autonuova/acquisto-12/bmw-x3/funding',
    );
    expect(generateUrl('car_purchase_info.es', car)).toBe('/es/comprar/informacion-compra-12/bmw-x3');
    expect(generateUrl('car_purchase_ok.fr', car)).toBe('/fr/acheter/achat/confirmation-12/bmw-x3');
    expect(generateUrl('car_purchase_payment_ko.fr', car)).toBe('/fr/acheter/achat/echec-paiement-12/bmw-x3');
    expect(generateUrl('car_not_available.fr', car)).toBe('/fr/acheter/achat/voiture-indisponible-12/bmw-x3');
  });

  it('given a booking, when building its pages, then French locales say reserver and bookingId defaults to 0', () => {
    expect(generateUrl('car_booking_form.fr', car)).toBe('/fr/acheter/reserver-12/bmw-x3/0');
    expect(generateUrl('car_booking_form.fr-BE', { ...car, bookingId: 7 })).toBe(
      '/fr-BE/acheter/reserver-12/bmw-x3/7',
    );
    expect(generateUrl('car_booking_form.de', car)).toBe('/de/kaufen/reservieren-12/bmw-x3/0');
    expect(generateUrl('car_booking_limit.fr', car)).toBe('/fr/acheter/reserver/limite-12/bmw-x3');
    expect(generateUrl('car_booking_limit.nl-BE', car)).toBe('/nl-BE/kopen/reserveren/limiet-12/bmw-x3');
    expect(generateUrl('car_book_ok.pl', { ...car, bookingId: '3' })).toBe(
      '/pl/kup/rezerwuj/potwierdzenie-12/bmw-x3/3',
    );
  });

  it('given a page number, when it is 1, then it is left out of the URL', () => {
    expect(generateUrl('blog_list.fr')).toBe('/fr/blog');
    expect(generateUrl('blog_list.fr', { page: 1 })).toBe('/fr/blog');
    expect(generateUrl('blog_list.fr', { page: 2 })).toBe('/fr/blog/2');
    expect(generateUrl('admin_customer_list.de', { page: '4' })).toBe('/admin/de/customer/list/4');
  });

  it('given a dealer, when building its pages, then a slug may hold slashes and ends before -{idApi}', () => {
    expect(generateUrl('dealer_detail.fr', { idApi: '42', slug: 'ile-de-france/paris-15' })).toBe(
      '/fr/nos-concessionnaires/ile-de-france/paris-15-42',
    );
    expect(generateUrl('dealer_appointment.de')).toBe('/de/termin');
    expect(generateUrl('dealer_appointment_confirmation.de', { idApi: '42', slug: 'berlin' })).toBe(
      '/de/termin/berlin-42/bestaetigung',
    );
  });

  it('given SPEC §7 calls, when building them, then they sit under the buying prefix with the SPEC’s paths', () => {
    expect(generateUrl('ajax_booking_check_email.fr')).toBe('/fr/acheter/ajax-booking/check-email');
    expect(generateUrl('ajax_validate_finance_offer.pt', { id: '9', validate: 'by-pass' })).toBe(
      '/pt/comprar/connect/ajax/validate/finance/offer/9/by-pass',
    );
    expect(generateUrl('dealer_ajax_form_appointment.es')).toBe(
      '/es/nuestros-concesionarios/ajax/form-appointment',
    );
  });

  it('given the car page’s money tools, when building them, then they sit under the locale’s /ajax/ with the SPEC’s names', () => {
    expect(generateUrl('ajax_get_car_financement.pl')).toBe('/pl/ajax/get-car-financement');
    expect(generateUrl('ajax_url_pdf_volean.fr')).toBe('/fr/ajax/url-pdf-volean');
    expect(
      generateUrl('ajax_pdf_volean.fr-BE', { idApi: '12', durationMonths: 60, downPayment: 250_000 }),
    ).toBe('/fr-BE/ajax/pdf-volean/12/60/250000');
    expect(generateUrl('ajax_get_price_edit_hiflow.pl', { idApi: '7', arrival: '00-950' })).toBe(
      '/pl/ajax/get-price-edit-hiflow/7/00-950',
    );
    expect(
      generateUrl('ajax_delivery_view.pt', { idOriginApi: '3', idDistanceApi: '1000-001', type: 'truck' }),
    ).toBe('/pt/ajax/delivery/view/3/1000-001/truck');
    expect(generateUrl('ajax_delivery_all.de', { idOriginApi: '21' })).toBe('/de/ajax/delivery/all/21');
    expect(generateUrl('ajax_delivery_calculation.it')).toBe('/it/ajax/delivery/calculation');
    // A postcode with a space, or a delivery type the table does not know, is refused.
    expect(() => generateUrl('ajax_get_price_edit_hiflow.pl', { idApi: '7', arrival: '00 950' })).toThrow(
      RouteError,
    );
    expect(() =>
      generateUrl('ajax_delivery_view.fr', { idOriginApi: '3', idDistanceApi: '75015', type: 'drone' }),
    ).toThrow(RouteError);
  });

  it('given the back office, when building its pages, then they sit under /admin/{locale} in English', () => {
    expect(generateUrl('admin_dashboard.fr')).toBe('/admin/fr/dashboard');
    expect(generateUrl('admin_car_booking_detail.it', { id: 5 })).toBe('/admin/it/car-booking/5');
    expect(generateUrl('admin_import_list.pl', { yearMonth: '2026-11' })).toBe('/admin/pl/import/2026-11');
    expect(
      generateUrl('admin_translation_edit.fr', { local: 'nl-BE', domain: 'messages', key: 'home.title' }),
    ).toBe('/admin/fr/translation/edit/nl-BE/messages/home.title');
  });

  it('given the dealers export, when building it, then fr is the bare path and other markets add their locale', () => {
    expect(generateUrl('admin_dealers_export_excel.fr')).toBe('/admin/dealers/export-excel');
    expect(generateUrl('admin_dealers_export_excel.fr', { locale: 'fr' })).toBe(
      '/admin/dealers/export-excel',
    );
    for (const locale of LOCALES.filter((each) => each !== 'fr')) {
      expect(generateUrl(`admin_dealers_export_excel.${locale}`)).toBe(
        `/admin/dealers/export-excel/${locale}`,
      );
    }
  });
});

describe('generateUrl: failures (SPEC §8)', () => {
  it.each(['nope.fr', 'car_detail', 'car_detail.en', 'car_detail.FR', ''])(
    'given the unknown route "%s", then it throws not_found naming it',
    (name) => {
      const error = errorOf(name, car);
      expect(error.code).toBe('not_found');
      expect(error.route).toBe(name);
      expect(error.message).toContain(`"${name}"`);
    },
  );

  it('given a missing required parameter, then it throws a validation error naming route and parameter', () => {
    const error = errorOf('car_detail.de', { id: '12' });
    expect(error.code).toBe('validation');
    expect(error.param).toBe('slug');
    expect(error.message).toBe('route "car_detail.de": parameter "slug" is missing');
    expect(error.details).toEqual({ route: 'car_detail.de', fields: { slug: ['is missing'] } });
  });

  it('given a later facet without the earlier one, then the earlier one is reported missing', () => {
    expect(errorOf('page_buy_index.fr', { facet2: 'diesel' }).param).toBe('facet1');
  });

  it('given half of an optional pair, then the other half is reported missing', () => {
    expect(errorOf('dealer_appointment.fr', { slug: 'paris' }).param).toBe('idApi');
  });

  it('given a parameter the route does not have, then it is refused', () => {
    const error = errorOf('car_detail.de', { ...car, utm_source: 'mail' });
    expect(error.code).toBe('validation');
    expect(error.param).toBe('utm_source');
  });

  it.each<[string, string, RouteParams]>([
    ['a non-digit id', 'car_detail.de', { id: '12a', slug: 'bmw' }],
    ['a negative id', 'car_detail.de', { id: -1, slug: 'bmw' }],
    ['a fractional id', 'car_detail.de', { id: 1.5, slug: 'bmw' }],
    ['an empty id', 'car_detail.de', { id: '', slug: 'bmw' }],
    ['a slug with a space', 'car_detail.de', { id: '12', slug: 'bmw x3' }],
    ['a slug with a slash', 'car_detail.de', { id: '12', slug: 'bmw/x3' }],
    ['a slug with a non-ASCII letter', 'car_detail.de', { id: '12', slug: 'citroën' }],
    ['a dealer slug with a double slash', 'dealer_detail.fr', { idApi: '1', slug: 'paris//nord' }],
    ['a step not in the list', 'car_purchase_form.fr', { id: '12', slug: 'bmw', step: 'payment' }],
    ['a validate not in the list', 'ajax_validate_finance_offer.fr', { id: '12', validate: 'maybe' }],
    ['a nameHub ending in -12', 'dealer_hub.fr', { nameHub: 'paris-12' }],
    ['a nameHub with a slash', 'dealer_hub.fr', { nameHub: 'ile-de-france/paris' }],
    ['a page that is not digits', 'blog_list.fr', { page: 'two' }],
    ['a bookingId that is not digits', 'car_booking_form.fr', { id: '12', slug: 'bmw', bookingId: 'x' }],
    ['a yearMonth with month 13', 'admin_import_list.fr', { yearMonth: '2026-13' }],
    ['a bad translation locale', 'admin_translation_edit.fr', { local: 'en', domain: 'messages', key: 'a' }],
    [
      'a translation key of dots only',
      'admin_translation_edit.fr',
      { local: 'fr', domain: 'messages', key: '..' },
    ],
    ['a bad export locale', 'admin_dealers_export_excel.fr', { locale: 'en' }],
    ['an export locale other than the route’s', 'admin_dealers_export_excel.fr', { locale: 'de' }],
  ])('given %s, then it throws a validation error naming the parameter', (_, name, params) => {
    const error = errorOf(name, params);
    expect(error.code).toBe('validation');
    expect(error.param).toBeDefined();
    expect(error.message).toContain(`route "${name}": parameter "${error.param}"`);
    expect(error.details).toMatchObject({ fields: { [error.param!]: [expect.any(String)] } });
  });

  it('given facets that would spell another route’s path, then it refuses rather than link elsewhere', () => {
    const error = errorOf('page_buy_index.fr', { facet1: 'ajax', facet2: 'check-email' });
    expect(error.code).toBe('validation');
    expect(error.message).toContain('/fr/acheter/ajax/check-email, which leads to route ajax_check_email.fr');
  });
});

describe('generateUrl: parameter names from Object.prototype', () => {
  it.each(['__proto__', 'toString', 'constructor'])(
    'given a parameter named %s, then it is unknown',
    (param) => {
      const params = JSON.parse(`{"id":"12","slug":"bmw","${param}":"x"}`) as RouteParams;
      expect(errorOf('car_detail.de', params).param).toBe(param);
    },
  );
});
