/**
 * The funnels' links (pure): the page a purchase's buyer belongs on in each state, the calls of the
 * commands allowed now, the booking screens' URLs, and the route table's paths written out for Fastify.
 */
import { describe, expect, it } from 'vitest';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { CASH, failed, PAY, paid, run, TO_FUNDING } from '../../domain/purchase/testing/purchaseTestKit.ts';
import { toPurchaseView } from '../../engine/funnels/purchaseView.ts';
import { bookingScreenUrl } from './bookingLinks.ts';
import { fastifyPaths } from './funnelHttp.ts';
import { purchaseFormUrl, purchaseLinks } from './purchaseLinks.ts';

const car = {
  carId: '42',
  brand: 'bmw',
  model: 'x3',
  version: 'xDrive20d M Sport',
  condition: 'used',
} as CarFacts;
const SLUG = 'bmw-x3-xdrive20d-m-sport';

const viewAfter = (steps: Parameters<typeof run>[0]) => {
  const { state, events } = run(steps);
  return toPurchaseView(state, events);
};
const lastPaymentOf = (steps: Parameters<typeof run>[0]) =>
  run(steps).state.context.payments.at(-1)!.paymentId;

describe('purchase links', () => {
  it('given a purchase at funding, then its page is the form at funding and each allowed command names its call', () => {
    const view = viewAfter(TO_FUNDING);
    const links = purchaseLinks(view, car);
    const id = view.purchaseId;
    expect(links.page).toBe(`/fr/acheter/achat-42/${SLUG}/funding`);
    expect(links.purchase).toBe(`/fr/acheter/getcarpurchase/${id}`);
    expect(links.calls).toContainEqual({
      command: 'ChooseFunding',
      method: 'POST',
      path: `/fr/acheter/connect/ajax/funding/${id}`,
    });
    expect(links.calls).toContainEqual({
      command: 'CancelPurchase',
      method: 'POST',
      path: `/fr/acheter/achat-42/${SLUG}`,
    });
    expect(links.calls).toContainEqual({
      command: 'ReopenStep',
      method: 'POST',
      path: `/fr/acheter/achat-42/${SLUG}/delivery`,
    });
    // Commands of the lender, the provider and the timers are nobody's call.
    expect(links.calls.map((call) => call.command)).not.toContain('LoseHold');
  });

  it('given a failed payment and then a paid one, then the pages are payment-ko and the confirmation, by purchase id', () => {
    const toPay = [...TO_FUNDING, CASH, PAY];
    const failedView = viewAfter([...toPay, failed(lastPaymentOf(toPay))]);
    expect(purchaseLinks(failedView, car).page).toBe(
      `/fr/acheter/achat/echec-paiement-${failedView.purchaseId}/${SLUG}`,
    );
    const confirmed = viewAfter([...toPay, paid(lastPaymentOf(toPay))]);
    const links = purchaseLinks(confirmed, car);
    expect(links.page).toBe(`/fr/acheter/achat/confirmation-${confirmed.purchaseId}/${SLUG}`);
    expect(links.calls).toEqual([]);
  });

  it('given a new car, then its purchase form is under the new-car prefix', () => {
    expect(purchaseFormUrl({ ...car, condition: 'new' }, 'de', 'delivery')).toBe(
      `/de/kaufen-neuwagen/bestellung-42/${SLUG}/delivery`,
    );
  });
});

describe('booking screen URLs', () => {
  it('given each screen, then its route with the car, the slug where it has one, and the booking id', () => {
    expect(bookingScreenUrl('car_booking_form', car, 'fr')).toBe(`/fr/acheter/reserver-42/${SLUG}/0`);
    expect(bookingScreenUrl('car_booking_check_contact', car, 'fr', '1007')).toBe(
      '/fr/acheter/reserver/verification-contact-42/1007',
    );
    expect(bookingScreenUrl('car_booking_limit', car, 'de', '1007')).toBe(
      `/de/kaufen/reservieren/limit-42/${SLUG}`,
    );
    expect(bookingScreenUrl('car_book_payment_ko', car, 'pl', '1007')).toBe(
      `/pl/kup/rezerwuj/platnosc-nieudana-42/${SLUG}/1007`,
    );
  });
});

describe('fastifyPaths', () => {
  it('given a template with an optional part, then both paths, the longer first', () => {
    expect(fastifyPaths('car_purchase_form', 'fr')).toEqual([
      '/fr/acheter/achat-:id/:slug/:step',
      '/fr/acheter/achat-:id/:slug',
    ]);
    expect(fastifyPaths('car_booking_limit', 'fr')).toEqual(['/fr/acheter/reserver/limite-:id/:slug']);
  });
});
