import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateUrl } from './generateUrl.ts';
import { matchUrl } from './matchUrl.ts';

describe('matchUrl', () => {
  it('given a car detail path, then it returns the route, locale and parameters', () => {
    expect(matchUrl('/de/kaufen/auto-12/bmw-x3')).toEqual({
      name: 'car_detail.de',
      route: 'car_detail',
      locale: 'de',
      params: { id: '12', slug: 'bmw-x3' },
    });
  });

  it.each([
    '/',
    '',
    'fr/acheter',
    '/en/buy',
    '/fr/kaufen',
    '/de/acheter',
    '/fr/acheter/voiture-12a/BMW',
    '/fr/acheter/achat-12/bmw/sign_in',
    '/fr/acheter/connect/ajax/validate/finance/offer/12/maybe',
    '/fr/acheter/Peugeot',
    '/fr/blog/two',
    '/fr/nos-concessionnaires/paris/nord',
    '/fr/acheter/voiture-12/citro%C3%ABn',
    '/admin/fr/import/2026-13',
    '/admin/dealers/export-excel/en',
    '/admin/en/dashboard',
    '/fr/acheter/a/b/c/d/e',
  ])('given the unknown path "%s", then it returns null', (path) => {
    expect(matchUrl(path)).toBeNull();
  });

  it('given defaults left out, then they are filled in', () => {
    expect(matchUrl('/fr/blog')?.params).toEqual({ page: '1' });
    expect(matchUrl('/fr/acheter/reserver-12/bmw-x3')).toMatchObject({
      name: 'car_booking_form.fr',
      params: { id: '12', slug: 'bmw-x3', bookingId: '0' },
    });
    expect(matchUrl('/admin/dealers/export-excel')).toMatchObject({
      name: 'admin_dealers_export_excel.fr',
      params: { locale: 'fr' },
    });
  });

  it('given non-canonical but equivalent forms, then they read as the canonical route', () => {
    expect(matchUrl('/fr/blog/1')).toMatchObject({ name: 'blog_list.fr', params: { page: '1' } });
    expect(matchUrl('/admin/dealers/export-excel/fr')?.name).toBe('admin_dealers_export_excel.fr');
    expect(matchUrl('/fr/acheter/')?.name).toBe('page_buy_index.fr');
    expect(matchUrl('/fr/acheter/bmw?sort=price#top')).toMatchObject({ params: { facet1: 'bmw' } });
  });

  it('given shapes that several routes could take, then the table order decides (precedence)', () => {
    // a detail ends in -{idApi}, a hub never does
    expect(matchUrl('/fr/nos-concessionnaires/paris-15')?.name).toBe('dealer_detail.fr');
    expect(matchUrl('/fr/nos-concessionnaires/paris')?.name).toBe('dealer_hub.fr');
    expect(matchUrl('/fr/nos-concessionnaires/ajax/form-appointment')?.name).toBe(
      'dealer_ajax_form_appointment.fr',
    );
    // fixed shapes under the buying prefix come before the facets
    expect(matchUrl('/fr/acheter/voiture-12/bmw-x3')?.name).toBe('car_detail.fr');
    expect(matchUrl('/fr/acheter/reserver/limite-12/bmw-x3')?.name).toBe('car_booking_limit.fr');
    expect(matchUrl('/fr/acheter/getcarpurchase/12')?.name).toBe('get_car_purchase.fr');
    expect(matchUrl('/fr/acheter/peugeot/208')?.name).toBe('page_buy_index.fr');
    expect(matchUrl('/fr/acheter-neuf/peugeot/208')?.name).toBe('page_buy_vn.fr');
  });

  it('given the money tools’ calls, then their parameters read back as the route table spells them', () => {
    expect(matchUrl('/pl/ajax/get-price-edit-hiflow/7/00-950')).toMatchObject({
      name: 'ajax_get_price_edit_hiflow.pl',
      params: { idApi: '7', arrival: '00-950' },
    });
    expect(matchUrl('/fr/ajax/delivery/view/12/75015/driver')).toMatchObject({
      name: 'ajax_delivery_view.fr',
      params: { idOriginApi: '12', idDistanceApi: '75015', type: 'driver' },
    });
    expect(matchUrl('/fr/ajax/delivery/view/12/75015/boat')).toBeNull();
    expect(matchUrl('/fr/ajax/pdf-volean/12/60/0')).toMatchObject({
      name: 'ajax_pdf_volean.fr',
      params: { idApi: '12', durationMonths: '60', downPayment: '0' },
    });
  });

  it('given the longest purchase step, then it is not cut short at a shorter one', () => {
    expect(matchUrl('/fr/acheter/achat-12/bmw/sign-in-sign-up')?.params).toMatchObject({
      step: 'sign-in-sign-up',
    });
  });

  it('given any path at all, then it never throws, and a match builds back to a path with the same reading', () => {
    const built = fc.constantFrom(
      '/fr/blog/1',
      '/fr/acheter/',
      '/de/kaufen/auto-12/bmw-x3',
      '/admin/dealers/export-excel/fr',
      '/fr/nos-concessionnaires/a/b-1',
    );
    fc.assert(
      fc.property(fc.oneof(fc.webPath(), built, fc.string()), (path) => {
        const match = matchUrl(path);
        if (match === null) return;
        expect(matchUrl(generateUrl(match.name, match.params))).toEqual(match);
      }),
      { numRuns: 500 },
    );
    // fc.webPath() takes seconds to build the first time inside vitest's runner (over a minute on a
    // loaded machine): the budget is for that, not for matchUrl.
  }, 180_000);
});
