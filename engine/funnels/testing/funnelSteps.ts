/**
 * What the model-based tests' commands do to one funnel (funnelCommands.ts): the buyer's next step with
 * a random answer (`purchaseNext`, `bookingNext`), a random command whatever the state (`poke*`), paying
 * at the sandbox checkout, and `attempt`, which runs a command and checks a refusal wrote nothing.
 */
import { expect } from 'vitest';
import { bookingStream } from '../../../domain/booking/events.ts';
import { carAvailability } from '../../../domain/carHold/carAvailability.ts';
import { carStream } from '../../../domain/catalogue/car.ts';
import type { CarStreamEvent } from '../../../domain/catalogue/events.ts';
import { DomainError } from '../../../domain/errors.ts';
import { purchaseStream } from '../../../domain/purchase/events.ts';
import type { BookingView } from '../bookingView.ts';
import type { PurchaseView } from '../purchaseView.ts';
import {
  actorOf,
  callOf,
  declarationFor,
  FINAL_BOOKING,
  FINAL_PURCHASE,
  type FunnelModel,
  infosFor,
  staffActor,
  TRADE_IN,
  type TrackedFunnel,
  type World,
} from './funnelWorld.ts';

export const streamOf = (f: TrackedFunnel<unknown>) =>
  f.kind === 'purchase' ? purchaseStream(f.id) : bookingStream(f.id);
const length = async (world: World, stream: string) => (await world.h.store.readStream(stream)).length;
export const pickPurchase = (world: World, i: number) => world.purchases[i % world.purchases.length]!;
export const pickBooking = (world: World, i: number) => world.bookings[i % world.bookings.length]!;

/** A funnel still running if there is one (steps forward go there), else any. */
export function pickRunning<View, K extends keyof View>(
  funnels: readonly TrackedFunnel<View>[],
  i: number,
  final: ReadonlySet<string>,
  key: K,
): TrackedFunnel<View> {
  const running = funnels.filter((f) => !final.has(String(f.reported[key])));
  const from = running.length > 0 ? running : funnels;
  return from[i % from.length]!;
}

/**
 * Runs a command on a funnel: its answer becomes the funnel's reported view; a refusal must be a typed
 * domain error (400/404/409, never a 500) that `accept` expects, and must leave the stream as it was.
 * Answers the events appended.
 */
export async function attempt<View>(
  world: World,
  funnel: TrackedFunnel<View>,
  action: () => Promise<View | { booking: View }>,
  accept: (error: DomainError) => boolean = () => false,
): Promise<{ appended: string[]; refused?: DomainError }> {
  const stream = streamOf(funnel);
  const before = await length(world, stream);
  try {
    const answer = await action();
    funnel.reported =
      'booking' in (answer as object) ? (answer as { booking: View }).booking : (answer as View);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    expect(await length(world, stream), `a refused command wrote on ${stream}`).toBe(before);
    if (!accept(error)) throw error;
    world.seen.add(`refused:${error.code}`);
    return { appended: [], refused: error };
  }
  const appended = (await world.h.store.readStream(stream)).slice(before).map((e) => e.type);
  if (appended.length > 0) funnel.retry = action;
  return { appended };
}

export async function carHoldable(world: World, carId: string): Promise<boolean> {
  const events = (await world.h.store.readStream(carStream(carId))).map(
    (e) => ({ type: e.type, data: e.data }) as CarStreamEvent,
  );
  return carAvailability(events, world.h.now().toISOString()).holdable;
}

/** Bookings of a customer that count toward the limit (as funnelInvariants counts them). */
export function activeBookings(world: World, customerId: string): number {
  const now = world.h.now().getTime();
  return world.bookings.filter((b) => {
    const v = b.reported;
    const end = v.hold ? (v.hold.paidUntil ?? v.hold.until) : undefined;
    return v.customerId === customerId && v.active && (end === undefined || Date.parse(end) > now);
  }).length;
}

/** What a booking that tries to hold its car now must end in. */
export async function expectedHoldState(world: World, customerId: string, carId: string, locale: string) {
  if (activeBookings(world, customerId) >= 2) return 'limit';
  if (!(await carHoldable(world, carId))) return 'ko';
  return locale === 'de' ? 'awaitingDeposit' : 'confirmed';
}

/** The buyer presses Pay or Fail on one of the funnel's checkouts still open (maybe one it gave up). */
export async function payAtCheckout(
  world: World,
  funnel: TrackedFunnel<unknown>,
  choice: number,
  succeed: boolean,
) {
  const asked = (await world.h.store.readStream(streamOf(funnel))).flatMap((e) =>
    e.type === 'AdvancePaymentRequested' || e.type === 'DepositPaymentRequested'
      ? [String(e.data.paymentId)]
      : [],
  );
  const open: string[] = [];
  for (const id of asked) if ((await world.h.sandbox.get(id))?.status === 'pending') open.push(id);
  const paymentId = open[choice % Math.max(1, open.length)];
  if (!paymentId) return;
  await world.h.sandbox.complete(paymentId, succeed ? 'succeeded' : 'failed');
  world.seen.add(succeed ? 'paid' : 'payment failed');
}

/** A purchase the world follows from now on. */
export function trackPurchase(
  world: World,
  model: FunnelModel,
  buyer: number,
  view: PurchaseView,
  retry: () => Promise<unknown>,
): void {
  world.purchases.push({
    kind: 'purchase',
    id: view.purchaseId,
    buyer,
    carId: view.carId,
    reported: view,
    retry,
  });
  model.purchases = world.purchases.length;
}

const countryOf = (world: World, carId: string) => world.cars.find((c) => c.car.carId === carId)!.car.country;

/** The buyer answers the step the purchase is on (or pays, or staff gives the lender's answer). */
export async function purchaseNext(
  world: World,
  p: TrackedFunnel<PurchaseView>,
  choice: number,
): Promise<void> {
  const v = p.reported;
  if (FINAL_PURCHASE.has(v.status)) return;
  const P = world.h.funnels.purchases;
  const id = p.id;
  const call = callOf(world, actorOf(world, p.buyer, v.customerId !== null));
  let action: () => Promise<PurchaseView>;
  let accept = (_error: DomainError) => false;
  if (v.status === 'awaiting-payment') return payAtCheckout(world, p, 0, choice % 4 !== 0);
  if (v.status === 'awaiting-finance-decision' || v.status === 'paid-awaiting-finance') {
    const applicationId = v.funding?.mode === 'finance' ? v.funding.applicationId : null;
    if (!applicationId) throw new Error(`purchase ${id} waits for a lender without an application`);
    const decision = choice % 2 ? 'accepted' : 'declined';
    const staff = callOf(world, staffActor);
    action = () => P.recordFinanceDecision(id, { applicationId, decision }, staff);
  } else if (v.status === 'payment-failed') {
    action = () => P.requestAdvancePayment(id, call);
  } else {
    world.seen.add(`step:${v.step}`);
    switch (v.step) {
      case 'my-account':
        action = () => P.passAccountStep(id, { marketingOptIn: choice % 2 === 0 }, call);
        break;
      case 'sign-in-sign-up': {
        const email =
          choice % 3 === 0 ? `nobody-${world.run}-${choice}@example.test` : world.buyers[p.buyer]!.email;
        action = () => P.checkAccountEmail(id, { email }, call);
        break;
      }
      case 'sign-in':
      case 'sign-up': {
        // The HTTP layer signed the buyer in (or made their account): the session has the customer now.
        const session = callOf(world, actorOf(world, p.buyer, true));
        action =
          v.step === 'sign-in'
            ? () => P.recordSignIn(id, { method: 'password' }, session)
            : () => P.recordSignUp(id, session);
        break;
      }
      case 'my-infos': {
        const infos = infosFor(countryOf(world, p.carId), choice % 4 === 0, choice % 3 === 0);
        action = () => P.submitInfos(id, infos, call);
        break;
      }
      case 'delivery': {
        const mode = choice % 2 ? 'home' : 'pickup';
        action = () => P.chooseDelivery(id, { mode }, call);
        accept = (error) => mode === 'home' && error.code === 'validation'; // no home delivery there
        break;
      }
      case 'recovery': {
        const offer = v.tradeIn.offer;
        if (offer && Date.parse(offer.validUntil) > world.h.now().getTime() && choice % 3 !== 0)
          action = () => P.acceptTradeIn(id, { offerId: offer.offerId }, call);
        else if (choice % 2) action = () => P.valueTradeIn(id, { vehicle: TRADE_IN }, call);
        else action = () => P.skipTradeIn(id, call);
        break;
      }
      case 'insurance': {
        const offerId = choice % 2 ? null : ((await P.offers(id, call.actor)).insurance[0]?.id ?? null);
        action = () => P.chooseInsurance(id, { offerId }, call);
        break;
      }
      case 'additional-optional': {
        const extras = choice % 2 ? [] : (await P.offers(id, call.actor)).extras.slice(0, 1);
        action = () => P.chooseExtras(id, { extraIds: extras.map((e) => e.id) }, call);
        break;
      }
      case 'funding': {
        const f = v.funding;
        const due = v.summary.totalDue.amount;
        if (f?.mode === 'finance' && f.applicationId === null) {
          const want = (['accepted', 'declined', 'by-pass'] as const)[choice % 3]!;
          const declared = declarationFor(want, v.locale, f.quote.monthly.amount);
          action = () => P.applyForFinance(id, declared, call);
        } else if (!v.financeRefused && choice % 2 && due >= 700_000 && due <= 6_000_000) {
          action = () =>
            P.chooseFunding(id, { mode: 'finance', durationMonths: 48, downPayment: 300_000 }, call);
        } else action = () => P.chooseFunding(id, { mode: 'cash' }, call);
        break;
      }
      case 'advance-payment':
        action = () => P.requestAdvancePayment(id, call);
        break;
      default:
        throw new Error(`purchase ${id} is ${v.status} on no step`);
    }
  }
  const { appended, refused } = await attempt(world, p, action, accept);
  if (!refused) expect(appended, `purchase ${id}: the step it was on recorded nothing`).not.toEqual([]);
}

/** The buyer takes the booking's next step: the contact check, the deposit, or buying the car. */
export async function bookingNext(
  world: World,
  model: FunnelModel,
  b: TrackedFunnel<BookingView>,
  choice: number,
): Promise<void> {
  const v = b.reported;
  if (FINAL_BOOKING.has(v.state)) return;
  const B = world.h.funnels.bookings;
  const call = callOf(world, actorOf(world, b.buyer, true));
  world.seen.add(`booking step:${v.state}`);
  switch (v.state) {
    case 'contactCheck': {
      const expected = await expectedHoldState(world, world.buyers[b.buyer]!.customerId, b.carId, v.locale);
      await attempt(world, b, () => B.confirmContact(b.id, { method: 'signed_in' }, call));
      expect(b.reported.state, `booking ${b.id} after its contact check`).toBe(expected);
      return;
    }
    case 'awaitingDeposit':
    case 'paymentKo': {
      const { appended } = await attempt(world, b, () => B.requestDepositPayment(b.id, call));
      expect(appended).toContain('DepositPaymentRequested');
      return;
    }
    case 'paying':
      return payAtCheckout(world, b, 0, choice % 4 !== 0);
    case 'confirmed': {
      if (choice % 2) return;
      // The booker buys the car: the hold passes over (if it is still theirs), the booking converts.
      const car = await world.h.funnels.cars.read(b.carId);
      const ours = car?.hold.activeHold?.holdId === v.hold?.holdId;
      const input = { carId: b.carId, locale: v.locale, fromBookingId: b.id };
      const view = await world.h.funnels.purchases.start(input, call);
      expect(view.status, `purchase of booked car ${b.carId}`).toBe(
        ours ? 'in-progress' : 'car-not-available',
      );
      world.seen.add('booking bought');
      trackPurchase(world, model, b.buyer, view, () => world.h.funnels.purchases.start(input, call));
      return;
    }
    default:
      return;
  }
}

/**
 * A random command whatever the state: a command the funnel does not list as allowed records nothing
 * (bar the hold lost once past its end); a finished funnel refuses with a 409 or decides nothing.
 */
async function poke<View extends { allowedCommands: readonly string[] }>(
  world: World,
  f: TrackedFunnel<View>,
  final: boolean,
  [type, action]: readonly [string, () => Promise<View | { booking: View }>],
): Promise<void> {
  const allowed = f.reported.allowedCommands.includes(type);
  const { appended, refused } = await attempt(
    world,
    f,
    action,
    (e) => e.code === 'illegal_state' || e.code === 'validation',
  );
  world.seen.add(`poke:${refused ? refused.code : appended.length > 0 ? 'recorded' : 'nothing'}`);
  if (final && refused) expect(refused.code, `${type} on a finished ${f.kind}`).toBe('illegal_state');
  if (final) expect(appended, `${type} on a finished ${f.kind}`).toEqual([]);
  if (appended.length > 0 && !allowed)
    expect(appended, `${type} recorded though not allowed on ${f.kind} ${f.id}`).toContain('HoldLost');
}

export async function pokePurchase(
  world: World,
  p: TrackedFunnel<PurchaseView>,
  which: number,
): Promise<void> {
  const v = p.reported;
  const P = world.h.funnels.purchases;
  const id = p.id;
  const call = callOf(world, actorOf(world, p.buyer, v.customerId !== null));
  const applicationId = v.funding?.mode === 'finance' ? (v.funding.applicationId ?? 'app_none') : 'app_none';
  const commands: (readonly [string, () => Promise<PurchaseView>])[] = [
    ['PassAccountStep', () => P.passAccountStep(id, { marketingOptIn: true }, call)],
    ['CheckAccountEmail', () => P.checkAccountEmail(id, { email: world.buyers[p.buyer]!.email }, call)],
    ['SubmitInfos', () => P.submitInfos(id, infosFor(countryOf(world, p.carId), false, true), call)],
    ['ChooseDelivery', () => P.chooseDelivery(id, { mode: 'pickup' }, call)],
    ['SkipTradeIn', () => P.skipTradeIn(id, call)],
    ['ChooseInsurance', () => P.chooseInsurance(id, { offerId: null }, call)],
    ['ChooseExtras', () => P.chooseExtras(id, { extraIds: [] }, call)],
    ['ChooseFunding', () => P.chooseFunding(id, { mode: 'cash' }, call)],
    [
      'ChooseFunding',
      () => P.chooseFunding(id, { mode: 'finance', durationMonths: 48, downPayment: 300_000 }, call),
    ],
    ['RequestAdvancePayment', () => P.requestAdvancePayment(id, call)],
    ['ReopenStep', () => P.reopenStep(id, { step: v.reopenableSteps[0] ?? 'delivery' }, call)],
    ['CancelPurchase', () => P.cancel(id, { reason: 'changed my mind' }, call)],
    [
      'LoseHold',
      () =>
        P.loseHold(
          id,
          { holdId: v.hold?.holdId ?? 'purchase-0', reason: 'expired' },
          callOf(world, { kind: 'system', name: 'hold-expiry' }),
        ),
    ],
    [
      'RecordFinanceDecision',
      () => P.recordFinanceDecision(id, { applicationId, decision: 'accepted' }, callOf(world, staffActor)),
    ],
  ];
  await poke(world, p, FINAL_PURCHASE.has(v.status), commands[which % commands.length]!);
}

export async function pokeBooking(world: World, b: TrackedFunnel<BookingView>, which: number): Promise<void> {
  const v = b.reported;
  const B = world.h.funnels.bookings;
  const call = callOf(world, actorOf(world, b.buyer, true));
  const commands: (readonly [string, () => Promise<BookingView | { booking: BookingView }>])[] = [
    ['ConfirmContact', () => B.confirmContact(b.id, { method: 'signed_in' }, call)],
    ['RequestDepositPayment', () => B.requestDepositPayment(b.id, call)],
    ['CancelBooking', () => B.cancel(b.id, {}, call)],
    ['CancelBooking', () => B.cancel(b.id, { reason: 'customer_request' }, callOf(world, staffActor))],
  ];
  await poke(world, b, FINAL_BOOKING.has(v.state), commands[which % commands.length]!);
}
