/** The page registry: every route's module loads on demand, once, and is then at hand synchronously. */
import { describe, expect, it } from 'vitest';
import { isPageRoute, loadedPage, loadPage, PAGES, pageInfo } from './pages.ts';

describe('the page registry', () => {
  it('given a route whose page was loaded (before any other test loads it), then it is at hand without waiting, shared by its routes', async () => {
    expect(loadedPage('page_promo_list')).toBeUndefined();
    const page = await loadPage('page_promo_list');
    expect(loadedPage('page_promo_list')).toBe(page);
    expect(await loadPage('car_detail')).toBe(await loadPage('car_detail_vn'));
  });

  it.each(Object.entries(PAGES))('%s loads a page module named after its source', async (_route, chunk) => {
    const page = await chunk.load();
    expect(page.load).toBeTypeOf('function');
    expect(page.Component).toBeTypeOf('function');
    expect(chunk.loaded()).toBe(page);
    expect(chunk.source).toMatch(/^ui\/pages\/(\w+\/)?\w+Page\.tsx$/);
  });

  it('given a route without a page (a call), then none', async () => {
    expect(isPageRoute('dealer_ajax_form_appointment')).toBe(false);
    expect(pageInfo('dealer_ajax_form_appointment')).toBeUndefined();
  });

  it('given the dealer appointment screens, then their page is one buyer’s', () => {
    expect(pageInfo('dealer_appointment')?.personal).toBe(true);
    expect(pageInfo('dealer_appointment_confirmation')?.personal).toBe(true);
  });

  it('given a funnel screen, then its page is one buyer’s (never cached, rendered with the session)', () => {
    expect(PAGES.car_purchase_form.personal).toBe(true);
    for (const route of [
      'car_booking_form',
      'car_booking_check_contact',
      'car_booking_limit',
      'car_book_ok',
      'car_book_ko',
      'car_book_payment_ko',
    ] as const)
      expect(pageInfo(route)?.personal, route).toBe(true);
    expect(PAGES.car_detail.personal).toBeUndefined();
  });
});
