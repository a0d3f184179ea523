/**
 * The small world the funnels' model-based tests drive (funnels.model.int.spec.ts): three cars (two in
 * a free-booking market, one in a deposit market), four buyers (three signed-in customers and a visitor
 * who signs in as the fourth inside a funnel), and every purchase and booking they start, with the last
 * view the service answered for each. The services, the event store, the timers and the payment sandbox
 * are the real ones of the funnel harness; the clock moves only when a command moves it.
 */

import type { CarFacts } from '../../../domain/catalogue/car.ts';
import { carStream } from '../../../domain/catalogue/car.ts';
import type { Actor } from '../../../domain/funnel/actor.ts';
import type { FunnelKind } from '../../../domain/funnel/funnelKind.ts';
import type { Locale } from '../../../domain/markets.ts';
import type { MyInfosBody } from '../../../domain/purchase/myInfosForm.ts';
import type { BookingView } from '../bookingView.ts';
import type { FunnelCall } from '../funnelCall.ts';
import type { PurchaseView } from '../purchaseView.ts';
import type { FunnelHarness } from './funnelHarness.ts';

/** The model of fast-check's model run: how many funnels of each kind the world follows. */
export interface FunnelModel {
  purchases: number;
  bookings: number;
}

export interface TrackedFunnel<View> {
  readonly kind: FunnelKind;
  readonly id: string;
  /** Index into `World.buyers`. */
  readonly buyer: number;
  readonly carId: string;
  /** The last view a service answered (or the invariant check read) for this funnel. */
  reported: View;
  /** The stream's length when the funnel was first seen finished: it never grows after. */
  finalLength?: number;
  /** The last command that appended something, again with the same key (a retried request). */
  retry?: () => Promise<unknown>;
}

export interface WorldBuyer {
  readonly customerId: string;
  readonly email: string;
  /** The visitor id of the one buyer who starts as a visitor and signs in inside the funnel. */
  readonly visitorId?: string;
}

export interface World {
  readonly h: FunnelHarness;
  readonly run: number;
  readonly cars: readonly { readonly car: CarFacts; readonly locale: Locale }[];
  readonly buyers: readonly WorldBuyer[];
  readonly purchases: TrackedFunnel<PurchaseView>[];
  readonly bookings: TrackedFunnel<BookingView>[];
  /** What the run saw, for the statistics the spec asserts on (every path taken somewhere). */
  readonly seen: Set<string>;
  keys: number;
}

export const staffActor: Actor = { kind: 'staff', staffId: 'st_model', role: 'sales' };

/** A call with a key of its own. */
export const callOf = (world: World, actor: Actor): FunnelCall => ({
  actor,
  idempotencyKey: `m${world.run}-${++world.keys}`,
});

/**
 * The actor a buyer drives a funnel with: a customer; the visitor before the funnel knows who they are,
 * and the visitor signed in as their customer after (the session then has both ids).
 */
export function actorOf(world: World, buyer: number, signedIn: boolean): Actor {
  const b = world.buyers[buyer]!;
  if (!b.visitorId) return { kind: 'buyer', customerId: b.customerId };
  return signedIn
    ? { kind: 'buyer', customerId: b.customerId, visitorId: b.visitorId }
    : { kind: 'buyer', visitorId: b.visitorId };
}

export const FINAL_PURCHASE = new Set(['confirmed', 'car-not-available', 'cancelled']);
export const FINAL_BOOKING = new Set(['ko', 'limit', 'expired', 'cancelled', 'converted']);

// Two postcode areas per country: moving changes a home delivery's price.
const ADDRESSES: Readonly<Record<string, readonly { line1: string; postcode: string; city: string }[]>> = {
  FR: [
    { line1: '12 rue Oberkampf', postcode: '75011', city: 'Paris' },
    { line1: '3 quai Saint-Antoine', postcode: '69002', city: 'Lyon' },
  ],
  DE: [
    { line1: 'Torstraße 1', postcode: '10115', city: 'Berlin' },
    { line1: 'Marienplatz 8', postcode: '80331', city: 'München' },
  ],
};

/** The my-infos form of a buyer living in the car's country (`elsewhere`: the other area). */
export function infosFor(country: string, business: boolean, elsewhere: boolean): MyInfosBody {
  return {
    buyerType: business ? 'business' : 'private',
    ...(business ? { company: { name: 'Garage Test', vatNumber: 'FR123' } } : {}),
    firstName: 'Camille',
    lastName: 'Martin',
    phone: '+33 6 12 34 56 78',
    address: {
      ...ADDRESSES[country]![elsewhere ? 1 : 0]!,
      country: country as MyInfosBody['address']['country'],
    },
  };
}

export { TRADE_IN } from './buyerForms.ts';

/**
 * What a buyer declares for the lender to answer `want` (engine/providers/finance/README.md: debt ratio
 * up to 35 % accepted, DE 40 %; over 45 % declined; between, a manual study).
 */
export function declarationFor(want: 'accepted' | 'declined' | 'by-pass', locale: Locale, monthly: number) {
  if (want === 'accepted') return { netMonthlyIncome: 2_000_000, existingMonthlyCredit: 0 };
  if (want === 'declined') return { netMonthlyIncome: 100_000, existingMonthlyCredit: 50_000 };
  const income = 1_000_000;
  const ratio = locale === 'de' ? 0.43 : 0.4;
  return {
    netMonthlyIncome: income,
    existingMonthlyCredit: Math.max(0, Math.round(income * ratio) - monthly),
  };
}

/** The four buyers of every world: customers made once per harness (signing up hashes a password). */
const buyersOf = new WeakMap<FunnelHarness, WorldBuyer[]>();

/**
 * A new world in the harness: the clock eight days on (every hold of an earlier world has ended and its
 * timer fired, so earlier funnels hold nothing and count toward no limit), the harness's four buyers
 * (the visitor with a new visitor id), and three listed cars nobody bought yet.
 */
export async function openWorld(h: FunnelHarness, run: number): Promise<World> {
  h.advance(8 * 24 * 60);
  while ((await h.timers.fireDue()) > 0);
  let customers = buyersOf.get(h);
  if (!customers) {
    customers = [];
    for (let i = 0; i < 4; i++) {
      const name = `model-buyer-${i}`;
      customers.push({ customerId: await h.customer(name), email: `${name}@example.test` });
    }
    buyersOf.set(h, customers);
  }
  const buyers = customers.map((b, i) => (i === 3 ? { ...b, visitorId: `v-model-${run}` } : b));
  const unsold = async (cars: readonly CarFacts[], n: number, maxPrice: number) => {
    const found: CarFacts[] = [];
    for (const car of cars) {
      if (found.length === n) break;
      if (car.price.amount > maxPrice || car.condition === 'new') continue;
      const types = (await h.store.readStream(carStream(car.carId))).map((e) => e.type);
      if (!types.includes('CarSold')) found.push(car);
    }
    if (found.length < n) throw new Error('the harness ran out of unsold cars');
    return found;
  };
  const fr = await unsold(h.cars.FR, 2, 6_000_000);
  const de = await unsold(h.cars.DE, 1, 6_000_000);
  return {
    h,
    run,
    cars: [
      ...fr.map((car) => ({ car, locale: 'fr' as const })),
      ...de.map((car) => ({ car, locale: 'de' as const })),
    ],
    buyers,
    purchases: [],
    bookings: [],
    seen: new Set(),
    keys: 0,
  };
}
