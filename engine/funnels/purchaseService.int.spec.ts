/**
 * The purchase service on a real database (DATABASE_URL, or the embedded PGlite): every step with cash
 * and with finance (accepted, declined → cash, by-pass), payment failure and retry, the hold's expiry
 * (and its race with a payment), idempotent retries, webhook replays, access, the staff history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { carStream } from '../../domain/catalogue/car.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import { PURCHASE_MACHINE_VERSION } from '../../domain/purchase/machine.ts';
import { signWebhook } from '../providers/payment/webhookSignature.ts';
import type { PurchaseView } from './purchaseView.ts';
import { MY_INFOS_FR, TRADE_IN } from './testing/buyerForms.ts';
import {
  as,
  buyer,
  type FunnelHarness,
  openFunnelHarness,
  staff,
  streamTypes,
  visitor,
  WEBHOOK_SECRET,
} from './testing/funnelHarness.ts';

describe('purchase service', () => {
  let h: FunnelHarness;
  const used = new Set<string>();
  beforeAll(async () => {
    h = await openFunnelHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A car nobody has touched yet (finance tests: one the lender may finance online, under 40 000 €). */
  const freshCar = (maxPrice = Number.POSITIVE_INFINITY): CarFacts => {
    const car = h.cars.FR.find((c) => !used.has(c.carId) && c.price.amount < maxPrice);
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const financeable = () => freshCar(4_000_000);

  /** A signed-in buyer's purchase walked to the funnel step (pickup, no trade-in, no cover, no extras). */
  async function toFunding(actor: Actor, car = freshCar()): Promise<PurchaseView> {
    const p = h.funnels.purchases;
    const started = await p.start({ carId: car.carId, locale: 'fr' }, as(actor));
    const id = started.purchaseId;
    await p.submitInfos(id, MY_INFOS_FR, as(actor));
    await p.chooseDelivery(id, { mode: 'pickup' }, as(actor));
    await p.skipTradeIn(id, as(actor));
    await p.chooseInsurance(id, { offerId: null }, as(actor));
    return p.chooseExtras(id, { extraIds: [] }, as(actor));
  }

  /** The buyer pays at the sandbox checkout; its webhook comes back through the receiver. */
  async function pay(view: PurchaseView, outcome: 'succeeded' | 'failed' = 'succeeded') {
    const paymentId = view.payments.at(-1)!.paymentId;
    await h.sandbox.complete(paymentId, outcome);
    return paymentId;
  }

  it('given a visitor, when they go through every step with a trade-in, cover and extras and pay cash, then the purchase is confirmed and the car sold', async () => {
    const p = h.funnels.purchases;
    const car = freshCar();
    const anon = visitor('v-cash');
    let view = await p.start({ carId: car.carId, locale: 'fr' }, as(anon));
    const id = view.purchaseId;
    expect(id).toMatch(/^\d+$/);
    expect(view).toMatchObject({
      status: 'in-progress',
      step: 'my-account',
      hold: { holdId: `purchase-${id}` },
    });
    view = await p.passAccountStep(id, { marketingOptIn: false }, as(anon));
    expect(view.step).toBe('sign-in-sign-up');
    view = await p.checkAccountEmail(id, { email: 'camille@example.test' }, as(anon));
    expect(view.step).toBe('sign-up');
    const customerId = await h.customer('camille');
    const me: Actor = { kind: 'buyer', customerId, visitorId: 'v-cash' };
    view = await p.recordSignUp(id, as(me));
    expect(view.step).toBe('my-infos');
    view = await p.submitInfos(id, MY_INFOS_FR, as(me));
    expect(view).toMatchObject({ step: 'delivery', infos: { postcodeArea: 'FR-75', country: 'FR' } });
    expect((await h.accounts.profile(customerId)).personal.address?.postcode).toBe('75011');
    view = await p.chooseDelivery(id, { mode: 'home' }, as(me));
    expect(view.delivery).toMatchObject({ mode: 'home' });
    expect(view.delivery!.price.amount).toBeGreaterThan(0);
    view = await p.valueTradeIn(id, { vehicle: TRADE_IN }, as(me));
    expect(view.step).toBe('recovery');
    const offer = view.tradeIn.offer!;
    expect(offer.amount.amount).toBeGreaterThan(0);
    view = await p.acceptTradeIn(id, { offerId: offer.offerId }, as(me));
    expect(view.step).toBe('insurance');
    const offers = await p.offers(id, me);
    view = await p.chooseInsurance(id, { offerId: offers.insurance[0]!.id }, as(me));
    expect(view.step).toBe('additional-optional');
    view = await p.chooseExtras(id, { extraIds: [offers.extras[0]!.id] }, as(me));
    expect(view.step).toBe('funding');
    view = await p.chooseFunding(id, { mode: 'cash' }, as(me));
    expect(view).toMatchObject({ step: 'advance-payment', status: 'in-progress' });
    const s = view.summary;
    expect(s.totalDue.amount).toBe(
      s.carPrice.amount + s.deliveryPrice.amount + s.extrasTotal.amount - offer.amount.amount,
    );
    view = await p.requestAdvancePayment(id, as(me));
    expect(view.status).toBe('awaiting-payment');
    expect(view.checkoutUrl).toMatch(/^https:\/\/shop\.test\/sandbox\/checkout\/pay_/);
    await pay(view);
    view = await p.get(id, me);
    expect(view.status).toBe('confirmed');
    expect(view.summary.advancePaid).toEqual(s.advancePayment);
    expect((await streamTypes(h.store, carStream(car.carId))).slice(-2)).toEqual(['CarHeld', 'CarSold']);
    // Metadata on every event: actor, machine version, correlation = the purchase, causation = the command.
    const timeline = await p.timeline(id);
    expect(timeline.map((e) => e.type)).toEqual([
      'PurchaseStarted',
      'AccountStepPassed',
      'AccountEmailChecked',
      'BuyerSignedUp',
      'InfosSubmitted',
      'DeliveryChosen',
      'TradeInValued',
      'TradeInAccepted',
      'InsuranceChosen',
      'ExtrasChosen',
      'FundingChosen',
      'AdvancePaymentRequested',
      'PaymentSucceeded',
      'PurchaseConfirmed',
    ]);
    for (const entry of timeline) {
      expect(entry.metadata).toMatchObject({
        machine: { id: 'purchase', version: PURCHASE_MACHINE_VERSION },
        correlationId: `purchase-${id}`,
        causationId: expect.any(String),
        idempotencyKey: expect.any(String),
        at: expect.any(String),
      });
    }
    expect(timeline[0]!.metadata.actor).toEqual({ kind: 'buyer', visitorId: 'v-cash' });
    expect(timeline.at(-1)!.metadata.actor).toEqual({ kind: 'system', name: 'payment-webhook' });
    // No personal data in the stream.
    expect(JSON.stringify(timeline)).not.toMatch(/Camille|Oberkampf|75011|camille@/);
    expect((await p.stateAfter(id, 4)).step).toBe('delivery');
  });

  it('given a known email, when the buyer signs in inside the funnel, then the account steps close', async () => {
    const p = h.funnels.purchases;
    const customerId = await h.customer('known');
    const anon = visitor('v-known');
    const { purchaseId: id } = await p.start({ carId: freshCar().carId, locale: 'fr' }, as(anon));
    await p.passAccountStep(id, { marketingOptIn: true }, as(anon));
    expect((await p.checkAccountEmail(id, { email: 'known@example.test' }, as(anon))).step).toBe('sign-in');
    const view = await p.recordSignIn(
      id,
      { method: 'password' },
      as({ kind: 'buyer', customerId, visitorId: 'v-known' }),
    );
    expect(view).toMatchObject({ step: 'my-infos', customerId });
  });

  it('given a finance offer the lender accepts, then the advance is paid and the purchase confirmed', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('fina'));
    const { purchaseId: id } = await toFunding(me, financeable());
    let view = await p.chooseFunding(
      id,
      { mode: 'finance', durationMonths: 48, downPayment: 300_000 },
      as(me),
    );
    expect(view.funding).toMatchObject({ mode: 'finance', quote: { durationMonths: 48 } });
    view = await p.applyForFinance(id, { netMonthlyIncome: 900_000, existingMonthlyCredit: 0 }, as(me));
    expect(view).toMatchObject({ financeDecision: 'accepted', step: 'advance-payment' });
    view = await p.requestAdvancePayment(id, as(me));
    await pay(view);
    expect(await p.get(id, me)).toMatchObject({ status: 'confirmed', summary: { funding: 'finance' } });
  });

  it('given a declined finance, then the buyer is back at funding, may not ask for finance again, and pays cash', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('declined'));
    const { purchaseId: id } = await toFunding(me, financeable());
    await p.chooseFunding(id, { mode: 'finance', durationMonths: 48, downPayment: 300_000 }, as(me));
    let view = await p.applyForFinance(
      id,
      { netMonthlyIncome: 100_000, existingMonthlyCredit: 50_000 },
      as(me),
    );
    expect(view).toMatchObject({ financeDecision: 'declined', step: 'funding', financeRefused: true });
    expect(view.allowedCommands).not.toContain('RequestAdvancePayment');
    await expect(
      p.chooseFunding(id, { mode: 'finance', durationMonths: 48, downPayment: 300_000 }, as(me)),
    ).rejects.toBeInstanceOf(ValidationError);
    view = await p.chooseFunding(id, { mode: 'cash' }, as(me));
    view = await p.requestAdvancePayment(id, as(me));
    await pay(view);
    expect((await p.get(id, me)).status).toBe('confirmed');
  });

  it('given a by-passed finance, when the deposit is paid, then the car is held for the study; the lender accepts later and the car is sold', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('bypass'));
    const car = financeable();
    const { purchaseId: id } = await toFunding(me, car);
    const chosen = await p.chooseFunding(
      id,
      { mode: 'finance', durationMonths: 48, downPayment: 300_000 },
      as(me),
    );
    let view = await p.applyForFinance(id, reviewedDeclaration(chosen), as(me));
    expect(view.financeDecision).toBe('by-pass');
    view = await p.requestAdvancePayment(id, as(me));
    await pay(view);
    view = await p.get(id, me);
    expect(view.status).toBe('paid-awaiting-finance');
    expect(Date.parse(view.hold!.until) - h.now().getTime()).toBeGreaterThan(6 * 86_400_000);
    expect(await streamTypes(h.store, carStream(car.carId))).toContain('CarHoldExtended');
    expect(await h.timers.get(`hold-expiry:${view.hold!.holdId}:${view.hold!.until}`)).toBeDefined();
    await expect(
      p.recordFinanceDecision(id, { applicationId: appOf(view), decision: 'accepted' }, as(me)),
    ).rejects.toBeInstanceOf(ValidationError);
    view = await p.recordFinanceDecision(id, { applicationId: appOf(view), decision: 'accepted' }, as(staff));
    expect(view.status).toBe('confirmed');
    expect((await streamTypes(h.store, carStream(car.carId))).at(-1)).toBe('CarSold');
  });

  it('given a by-passed finance declined after the deposit, then the deposit is refunded once at the provider and the buyer may pay cash', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('bypass-declined'));
    const { purchaseId: id } = await toFunding(me, financeable());
    const chosen = await p.chooseFunding(
      id,
      { mode: 'finance', durationMonths: 48, downPayment: 300_000 },
      as(me),
    );
    let view = await p.applyForFinance(id, reviewedDeclaration(chosen), as(me));
    expect(view.financeDecision).toBe('by-pass');
    view = await p.requestAdvancePayment(id, as(me));
    const deposit = await pay(view);
    view = await p.get(id, me);
    const decline = as(staff);
    view = await p.recordFinanceDecision(id, { applicationId: appOf(view), decision: 'declined' }, decline);
    expect(view).toMatchObject({ step: 'funding', financeRefused: true });
    expect(view.payments.find((x) => x.paymentId === deposit)?.status).toBe('refunded');
    const refunded = await h.sandbox.get(deposit);
    expect(refunded).toMatchObject({ refunded: refunded!.amount });
    expect(refunded!.refunds).toHaveLength(1);
    // The same command again (a retried request) refunds nothing twice.
    await p.recordFinanceDecision(id, { applicationId: appOf(view) || 'x', decision: 'declined' }, decline);
    expect((await h.sandbox.get(deposit))!.refunds).toHaveLength(1);
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    await pay(await p.requestAdvancePayment(id, as(me)));
    expect((await p.get(id, me)).status).toBe('confirmed');
  });

  it('given a failed payment, then the buyer sees payment-ko and pays again', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('retry'));
    const { purchaseId: id } = await toFunding(me);
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const first = await p.requestAdvancePayment(id, as(me));
    await pay(first, 'failed');
    expect((await p.get(id, me)).status).toBe('payment-failed');
    const second = await p.requestAdvancePayment(id, as(me));
    expect(second.payments.at(-1)!.paymentId).not.toBe(first.payments.at(-1)!.paymentId);
    await pay(second);
    expect((await p.get(id, me)).status).toBe('confirmed');
  });

  it('given a hold past its end, when its timer fires, then the purchase is car-not-available and the car free for another buyer', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('slow'));
    const car = freshCar();
    const { purchaseId: id } = await toFunding(me, car);
    h.advance(121);
    expect(await h.timers.fireDue()).toBeGreaterThan(0);
    const view = await p.get(id, me);
    expect(view).toMatchObject({ status: 'car-not-available', allowedCommands: [] });
    expect(await streamTypes(h.store, carStream(car.carId))).toContain('CarHoldReleased');
    const other = await p.start({ carId: car.carId, locale: 'fr' }, as(buyer(await h.customer('next'))));
    expect(other.status).toBe('in-progress');
    await expect(p.chooseFunding(id, { mode: 'cash' }, as(me))).rejects.toBeInstanceOf(IllegalStateError);
  });

  // A payment completed in the instant between the expiry and the cancel: checkoutCancel.int.spec.ts.
  it('given a payment tried after the hold expired, then exactly one outcome: car not available and the checkout cancelled, nothing taken', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('late'));
    const { purchaseId: id } = await toFunding(me);
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const asked = await p.requestAdvancePayment(id, as(me));
    h.advance(121);
    await h.timers.fireDue();
    const paymentId = await pay(asked);
    const view = await p.get(id, me);
    expect(view.status).toBe('car-not-available');
    expect(await h.sandbox.get(paymentId)).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
  });

  it('given a payment arriving after the hold’s end but before its timer, then the payment buys the car and the timer decides nothing', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('just-in-time'));
    const car = freshCar();
    const { purchaseId: id } = await toFunding(me, car);
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const asked = await p.requestAdvancePayment(id, as(me));
    h.advance(125);
    await pay(asked);
    await h.timers.fireDue();
    expect((await p.get(id, me)).status).toBe('confirmed');
    const types = await streamTypes(h.store, carStream(car.carId));
    expect(types.at(-1)).toBe('CarSold');
    expect(types).not.toContain('CarHoldReleased');
  });

  it('given the same key twice, then one set of events; a retried start finds the same purchase', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('double'));
    const car = freshCar();
    const start = as(me);
    const first = await p.start({ carId: car.carId, locale: 'fr' }, start);
    const again = await p.start({ carId: car.carId, locale: 'fr' }, start);
    expect(again.purchaseId).toBe(first.purchaseId);
    const id = first.purchaseId;
    await p.submitInfos(id, MY_INFOS_FR, as(me));
    const click = as(me);
    await Promise.all([
      p.chooseDelivery(id, { mode: 'pickup' }, click),
      p.chooseDelivery(id, { mode: 'pickup' }, click),
    ]);
    await p.chooseDelivery(id, { mode: 'home' }, click); // the key answers what it did the first time
    expect(await streamTypes(h.store, purchaseStream(id))).toEqual([
      'PurchaseStarted',
      'InfosSubmitted',
      'DeliveryChosen',
    ]);
    expect((await p.get(id, me)).delivery?.mode).toBe('pickup');
    await p.skipTradeIn(id, as(me));
    await p.chooseInsurance(id, { offerId: null }, as(me));
    await p.chooseExtras(id, { extraIds: [] }, as(me));
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const payKey = as(me);
    const a = await p.requestAdvancePayment(id, payKey);
    const b = await p.requestAdvancePayment(id, payKey);
    expect(b.payments).toEqual(a.payments);
    expect(b.payments).toHaveLength(1);
  });

  it('given a payment webhook replayed, then nothing changes', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('replay'));
    const { purchaseId: id } = await toFunding(me);
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    const paymentId = await pay(await p.requestAdvancePayment(id, as(me)));
    const before = await streamTypes(h.store, purchaseStream(id));
    const [row] = await h.db.knex
      .withSchema(h.db.schema)
      .table('payment_sandbox_events')
      .where({ payment_id: paymentId, event_type: 'payment.succeeded' });
    const header = signWebhook(WEBHOOK_SECRET, row.body, Math.floor(h.now().getTime() / 1000));
    expect(await h.receiver.receive(row.body, header)).toMatchObject({ duplicate: true });
    // The provider sending the outcome again under a new event id: the purchase decides nothing.
    const copy = JSON.stringify({ ...JSON.parse(row.body), id: 'evt_second_copy' });
    const copyHeader = signWebhook(WEBHOOK_SECRET, copy, Math.floor(h.now().getTime() / 1000));
    expect(await h.receiver.receive(copy, copyHeader)).toMatchObject({ duplicate: false });
    expect(await streamTypes(h.store, purchaseStream(id))).toEqual(before);
    await expect(h.receiver.receive(copy, signWebhook('forged', copy, 0))).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('given another buyer or an unknown id, then 404; a cancelled purchase releases its car', async () => {
    const p = h.funnels.purchases;
    const me = buyer(await h.customer('owner'));
    const car = freshCar();
    const { purchaseId: id } = await p.start({ carId: car.carId, locale: 'fr' }, as(me));
    await expect(p.get(id, buyer('cus_someone_else'))).rejects.toBeInstanceOf(NotFoundError);
    await expect(p.get(id, visitor('v-stranger'))).rejects.toBeInstanceOf(NotFoundError);
    await expect(p.submitInfos(id, MY_INFOS_FR, as(visitor('v-stranger')))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(p.get('999999', me)).rejects.toBeInstanceOf(NotFoundError);
    await expect(p.start({ carId: '9999999', locale: 'fr' }, as(me))).rejects.toBeInstanceOf(NotFoundError);
    await expect(p.submitInfos(id, { ...MY_INFOS_FR, phone: 'x' }, as(me))).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect((await p.get(id, staff)).purchaseId).toBe(id);
    const view = await p.cancel(id, { reason: 'changed my mind' }, as(me));
    expect(view.status).toBe('cancelled');
    expect((await streamTypes(h.store, carStream(car.carId))).at(-1)).toBe('CarHoldReleased');
  });
});

/** What a buyer declares for a debt ratio of 40 % (between accept and decline: a manual study). */
function reviewedDeclaration(view: PurchaseView) {
  const funding = view.funding;
  if (funding?.mode !== 'finance') throw new Error('no finance chosen');
  return { netMonthlyIncome: 500_000, existingMonthlyCredit: 200_000 - funding.quote.monthly.amount };
}

function appOf(view: PurchaseView): string {
  return view.funding?.mode === 'finance' ? (view.funding.applicationId ?? '') : '';
}
