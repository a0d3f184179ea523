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

  /** A new signed-in buyer (`name`) whose purchase of `car` is at the funding step. */
  async function atFunding(name: string, car = freshCar()) {
    const me = buyer(await h.customer(name));
    const { purchaseId: id } = await toFunding(me, car);
    return { me, id, car };
  }
  type AtFunding = Awaited<ReturnType<typeof atFunding>>;

  /** The same buyer, paying cash: at the sandbox checkout of the advance. */
  async function atCheckout(name: string) {
    const buying = await atFunding(name);
    await h.funnels.purchases.chooseFunding(buying.id, { mode: 'cash' }, as(buying.me));
    const asked = await h.funnels.purchases.requestAdvancePayment(buying.id, as(buying.me));
    return { ...buying, asked };
  }
  type AtCheckout = Awaited<ReturnType<typeof atCheckout>>;

  /** A finance the lender studies by hand (by-pass), its deposit paid at the sandbox. */
  async function bypassedAndPaid(name: string) {
    const p = h.funnels.purchases;
    const buying = await atFunding(name, financeable());
    const chosen = await p.chooseFunding(buying.id, FINANCE_48, as(buying.me));
    const bypassed = await p.applyForFinance(buying.id, reviewedDeclaration(chosen), as(buying.me));
    const deposit = await pay(await p.requestAdvancePayment(buying.id, as(buying.me)));
    const paid = await p.get(buying.id, buying.me);
    return { ...buying, bypassed, deposit, paid };
  }
  type Bypassed = Awaited<ReturnType<typeof bypassedAndPaid>>;

  /** The buyer at funding pays cash (the sandbox checkout succeeds); answers the purchase after. */
  async function payCash(id: string, me: Actor): Promise<PurchaseView> {
    const p = h.funnels.purchases;
    await p.chooseFunding(id, { mode: 'cash' }, as(me));
    await pay(await p.requestAdvancePayment(id, as(me)));
    return p.get(id, me);
  }

  describe('given a visitor buying with a trade-in, a cover and an extra, step by step', () => {
    let car: CarFacts;
    let id: string;
    let customerId: string;
    let postcode: string | undefined;
    let carEvents: string[];
    let timeline: Awaited<ReturnType<FunnelHarness['funnels']['purchases']['timeline']>>;
    let afterFour: PurchaseView;
    /** The answer to each step, by what the buyer did. */
    const seen: Record<string, PurchaseView> = {};
    beforeAll(async () => {
      const p = h.funnels.purchases;
      car = freshCar();
      const anon = visitor('v-cash');
      seen['start the purchase'] = await p.start({ carId: car.carId, locale: 'fr' }, as(anon));
      id = seen['start the purchase'].purchaseId;
      seen['pass the account step'] = await p.passAccountStep(id, { marketingOptIn: false }, as(anon));
      seen['give an unknown email'] = await p.checkAccountEmail(
        id,
        { email: 'camille@example.test' },
        as(anon),
      );
      customerId = await h.customer('camille');
      const me: Actor = { kind: 'buyer', customerId, visitorId: 'v-cash' };
      seen['sign up'] = await p.recordSignUp(id, as(me));
      seen['submit their infos'] = await p.submitInfos(id, MY_INFOS_FR, as(me));
      postcode = (await h.accounts.profile(customerId)).personal.address?.postcode;
      seen['choose home delivery'] = await p.chooseDelivery(id, { mode: 'home' }, as(me));
      seen['value a trade-in'] = await p.valueTradeIn(id, { vehicle: TRADE_IN }, as(me));
      seen['accept the offer'] = await p.acceptTradeIn(
        id,
        { offerId: seen['value a trade-in'].tradeIn.offer!.offerId },
        as(me),
      );
      const offers = await p.offers(id, me);
      seen['choose a cover'] = await p.chooseInsurance(id, { offerId: offers.insurance[0]!.id }, as(me));
      seen['choose an extra'] = await p.chooseExtras(id, { extraIds: [offers.extras[0]!.id] }, as(me));
      seen['choose cash'] = await p.chooseFunding(id, { mode: 'cash' }, as(me));
      seen['ask to pay'] = await p.requestAdvancePayment(id, as(me));
      await pay(seen['ask to pay']);
      seen['pay at the checkout'] = await p.get(id, me);
      carEvents = await streamTypes(h.store, carStream(car.carId));
      timeline = await p.timeline(id);
      afterFour = await p.stateAfter(id, 4);
    });

    it('when they start, then a purchase at my-account holding the car', () => {
      expect(id).toMatch(/^\d+$/);
      expect(seen['start the purchase']).toMatchObject({
        status: 'in-progress',
        step: 'my-account',
        hold: { holdId: `purchase-${id}` },
      });
    });

    it.each([
      ['pass the account step', 'sign-in-sign-up'],
      ['give an unknown email', 'sign-up'],
      ['sign up', 'my-infos'],
      ['accept the offer', 'insurance'],
      ['choose a cover', 'additional-optional'],
      ['choose an extra', 'funding'],
    ])('when they %s, then %s', (when, step) => {
      expect(seen[when]!.step).toBe(step);
    });

    it('when they submit their infos, then delivery, the purchase keeping coarse infos only', () => {
      expect(seen['submit their infos']).toMatchObject({
        step: 'delivery',
        infos: { postcodeArea: 'FR-75', country: 'FR' },
      });
    });

    it('when they submit their infos, then their address is in their profile', () => {
      expect(postcode).toBe('75011');
    });

    it('when they choose home delivery, then it is chosen, at a price', () => {
      expect(seen['choose home delivery']!.delivery).toMatchObject({ mode: 'home' });
      expect(seen['choose home delivery']!.delivery!.price.amount).toBeGreaterThan(0);
    });

    it('when they value a trade-in, then an offer, still at recovery', () => {
      expect(seen['value a trade-in']!.step).toBe('recovery');
      expect(seen['value a trade-in']!.tradeIn.offer!.amount.amount).toBeGreaterThan(0);
    });

    it('when they choose cash, then the advance payment', () => {
      expect(seen['choose cash']).toMatchObject({ step: 'advance-payment', status: 'in-progress' });
    });

    it('when they choose cash, then the total is the car, delivery and extras less the offer', () => {
      const s = seen['choose cash']!.summary;
      expect(s.totalDue.amount).toBe(
        s.carPrice.amount +
          s.deliveryPrice.amount +
          s.extrasTotal.amount -
          seen['value a trade-in']!.tradeIn.offer!.amount.amount,
      );
    });

    it('when they ask to pay, then a sandbox checkout awaits the payment', () => {
      expect(seen['ask to pay']!.status).toBe('awaiting-payment');
      expect(seen['ask to pay']!.checkoutUrl).toMatch(/^https:\/\/shop\.test\/sandbox\/checkout\/pay_/);
    });

    it('when they pay, then the purchase is confirmed with the advance paid', () => {
      expect(seen['pay at the checkout']!.status).toBe('confirmed');
      expect(seen['pay at the checkout']!.summary.advancePaid).toEqual(
        seen['choose cash']!.summary.advancePayment,
      );
    });

    it('when they pay, then the car is sold under their hold', () => {
      expect(carEvents.slice(-2)).toEqual(['CarHeld', 'CarSold']);
    });

    it('then the timeline holds one event per step', () => {
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
    });

    it('then every event carries its machine, correlation, causation, key and time', () => {
      for (const entry of timeline) {
        expect(entry.metadata).toMatchObject({
          machine: { id: 'purchase', version: PURCHASE_MACHINE_VERSION },
          correlationId: `purchase-${id}`,
          causationId: expect.any(String),
          idempotencyKey: expect.any(String),
          at: expect.any(String),
        });
      }
    });

    it('then every event carries its actor: the visitor first, the payment webhook last', () => {
      expect(timeline[0]!.metadata.actor).toEqual({ kind: 'buyer', visitorId: 'v-cash' });
      expect(timeline.at(-1)!.metadata.actor).toEqual({ kind: 'system', name: 'payment-webhook' });
    });

    it('then no personal data is in the stream', () => {
      expect(JSON.stringify(timeline)).not.toMatch(/Camille|Oberkampf|75011|camille@/);
    });

    it('then the state after the first four events can be read: delivery', () => {
      expect(afterFour.step).toBe('delivery');
    });
  });

  describe('given a visitor who accepted the terms, with a known email', () => {
    let known: { id: string; customerId: string; checked: PurchaseView };
    beforeAll(async () => {
      const anon = visitor('v-known');
      const customerId = await h.customer('known');
      const p = h.funnels.purchases;
      const { purchaseId: id } = await p.start({ carId: freshCar().carId, locale: 'fr' }, as(anon));
      await p.passAccountStep(id, { marketingOptIn: true }, as(anon));
      known = {
        id,
        customerId,
        checked: await p.checkAccountEmail(id, { email: 'known@example.test' }, as(anon)),
      };
    });

    it('when the email is checked, then sign-in', () => {
      expect(known.checked.step).toBe('sign-in');
    });

    it('when the buyer signs in inside the funnel, then the account steps close', async () => {
      const { id, customerId } = known;
      const me = as({ kind: 'buyer', customerId, visitorId: 'v-known' });
      const view = await h.funnels.purchases.recordSignIn(id, { method: 'password' }, me);
      expect(view).toMatchObject({ step: 'my-infos', customerId });
    });
  });

  describe('given a buyer at funding, on a car the lender finances', () => {
    let chosen: PurchaseView;
    let applied: PurchaseView;
    let paid: PurchaseView;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const { me, id } = await atFunding('fina', financeable());
      chosen = await p.chooseFunding(id, FINANCE_48, as(me));
      applied = await p.applyForFinance(id, { netMonthlyIncome: 900_000, existingMonthlyCredit: 0 }, as(me));
      await pay(await p.requestAdvancePayment(id, as(me)));
      paid = await p.get(id, me);
    });

    it('when they choose a finance over 48 months, then its quote', () => {
      expect(chosen.funding).toMatchObject({ mode: 'finance', quote: { durationMonths: 48 } });
    });

    it('when they apply and the lender accepts, then the advance payment', () => {
      expect(applied).toMatchObject({ financeDecision: 'accepted', step: 'advance-payment' });
    });

    it('when they pay the advance, then the purchase is confirmed with a finance', () => {
      expect(paid).toMatchObject({ status: 'confirmed', summary: { funding: 'finance' } });
    });
  });

  describe('given a buyer whose finance the lender declines', () => {
    let buying: AtFunding;
    let declined: PurchaseView;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      buying = await atFunding('declined', financeable());
      await p.chooseFunding(buying.id, FINANCE_48, as(buying.me));
      const income = { netMonthlyIncome: 100_000, existingMonthlyCredit: 50_000 };
      declined = await p.applyForFinance(buying.id, income, as(buying.me));
    });

    it('when the lender answers, then the buyer is back at funding, finance refused', () => {
      expect(declined).toMatchObject({ financeDecision: 'declined', step: 'funding', financeRefused: true });
    });

    it('when the lender answers, then the advance payment is not allowed', () => {
      expect(declined.allowedCommands).not.toContain('RequestAdvancePayment');
    });

    it('when they ask for a finance again, then it is invalid', async () => {
      await expect(
        h.funnels.purchases.chooseFunding(buying.id, FINANCE_48, as(buying.me)),
      ).rejects.toBeInstanceOf(ValidationError);
    });

    it('when they pay cash, then the purchase is confirmed', async () => {
      expect((await payCash(buying.id, buying.me)).status).toBe('confirmed');
    });
  });

  describe('given a by-passed finance (a manual study)', () => {
    let study: Bypassed;
    let untilAfterNow: number;
    beforeAll(async () => {
      study = await bypassedAndPaid('bypass');
      untilAfterNow = Date.parse(study.paid.hold!.until) - h.now().getTime();
    });

    it('when the buyer applies, then the lender by-passes', () => {
      expect(study.bypassed.financeDecision).toBe('by-pass');
    });

    it('when the deposit is paid, then the purchase is paid, awaiting the finance', () => {
      expect(study.paid.status).toBe('paid-awaiting-finance');
    });

    it('when the deposit is paid, then the car is held for the study (over 6 days, a new timer)', async () => {
      const { car, paid } = study;
      expect(untilAfterNow).toBeGreaterThan(6 * 86_400_000);
      expect(await streamTypes(h.store, carStream(car.carId))).toContain('CarHoldExtended');
      expect(await h.timers.get(`hold-expiry:${paid.hold!.holdId}:${paid.hold!.until}`)).toBeDefined();
    });

    it('when the buyer records the decision, then it is invalid (the lender’s, by staff)', async () => {
      const accepted = { applicationId: appOf(study.paid), decision: 'accepted' } as const;
      await expect(
        h.funnels.purchases.recordFinanceDecision(study.id, accepted, as(study.me)),
      ).rejects.toBeInstanceOf(ValidationError);
    });

    it('when staff record the lender accepting, then confirmed and the car sold', async () => {
      const accepted = { applicationId: appOf(study.paid), decision: 'accepted' } as const;
      const view = await h.funnels.purchases.recordFinanceDecision(study.id, accepted, as(staff));
      expect(view.status).toBe('confirmed');
      expect((await streamTypes(h.store, carStream(study.car.carId))).at(-1)).toBe('CarSold');
    });
  });

  describe('given a by-passed finance and its deposit paid', () => {
    let study: Bypassed;
    let declined: PurchaseView;
    const decline = as(staff);
    beforeAll(async () => {
      study = await bypassedAndPaid('bypass-declined');
      const answer = { applicationId: appOf(study.paid), decision: 'declined' } as const;
      declined = await h.funnels.purchases.recordFinanceDecision(study.id, answer, decline);
    });

    it('when the buyer applies, then the lender by-passes', () => {
      expect(study.bypassed.financeDecision).toBe('by-pass');
    });

    it('when the study declines, then funding again, finance refused', () => {
      expect(declined).toMatchObject({ step: 'funding', financeRefused: true });
    });

    it('when the study declines, then the deposit is refunded once at the provider', async () => {
      expect(declined.payments.find((x) => x.paymentId === study.deposit)?.status).toBe('refunded');
      const refunded = await h.sandbox.get(study.deposit);
      expect(refunded).toMatchObject({ refunded: refunded!.amount });
      expect(refunded!.refunds).toHaveLength(1);
    });

    it('when the decline is retried (same key), then nothing is refunded twice', async () => {
      const answer = { applicationId: appOf(declined) || 'x', decision: 'declined' } as const;
      await h.funnels.purchases.recordFinanceDecision(study.id, answer, decline);
      expect((await h.sandbox.get(study.deposit))!.refunds).toHaveLength(1);
    });

    it('when the buyer pays cash, then the purchase is confirmed', async () => {
      expect((await payCash(study.id, study.me)).status).toBe('confirmed');
    });
  });

  describe('given a buyer at the checkout', () => {
    let failed: PurchaseView;
    /** The first checkout (it fails) and the second. */
    const checkouts: PurchaseView[] = [];
    let confirmed: PurchaseView;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const buying = await atCheckout('retry');
      checkouts.push(buying.asked);
      await pay(buying.asked, 'failed');
      failed = await p.get(buying.id, buying.me);
      checkouts.push(await p.requestAdvancePayment(buying.id, as(buying.me)));
      await pay(checkouts[1]!);
      confirmed = await p.get(buying.id, buying.me);
    });

    it('when the payment fails, then payment-failed', () => {
      expect(failed.status).toBe('payment-failed');
    });

    it('when the payment fails and they pay again, then a new checkout', () => {
      const [first, second] = checkouts;
      expect(second!.payments.at(-1)!.paymentId).not.toBe(first!.payments.at(-1)!.paymentId);
    });

    it('when the payment fails and the new checkout is paid, then the purchase is confirmed', () => {
      expect(confirmed.status).toBe('confirmed');
    });
  });

  describe('given a hold past its end', () => {
    let late: AtFunding;
    let fired: number;
    beforeAll(async () => {
      late = await atFunding('slow');
      h.advance(121);
      fired = await h.timers.fireDue();
    });

    it('when its timer fires, then the purchase is car-not-available, nothing allowed', async () => {
      expect(fired).toBeGreaterThan(0);
      const view = await h.funnels.purchases.get(late.id, late.me);
      expect(view).toMatchObject({ status: 'car-not-available', allowedCommands: [] });
    });

    it('when its timer fires, then the hold is released on the car', async () => {
      expect(await streamTypes(h.store, carStream(late.car.carId))).toContain('CarHoldReleased');
    });

    it('when its timer fired and another buyer starts, then they hold the car', async () => {
      const next = as(buyer(await h.customer('next')));
      const other = await h.funnels.purchases.start({ carId: late.car.carId, locale: 'fr' }, next);
      expect(other.status).toBe('in-progress');
    });

    it('when its timer fired and the buyer goes on, then it is refused', async () => {
      await expect(
        h.funnels.purchases.chooseFunding(late.id, { mode: 'cash' }, as(late.me)),
      ).rejects.toBeInstanceOf(IllegalStateError);
    });
  });

  // A payment completed in the instant between the expiry and the cancel: checkoutCancel.int.spec.ts.
  describe('given a checkout open when the hold expired (its timer fired)', () => {
    it('when the buyer pays, then car-not-available and the checkout cancelled: nothing taken', async () => {
      const { me, id, asked } = await atCheckout('late');
      h.advance(121);
      await h.timers.fireDue();
      const paymentId = await pay(asked);
      const view = await h.funnels.purchases.get(id, me);
      expect(view.status).toBe('car-not-available');
      expect(await h.sandbox.get(paymentId)).toMatchObject({ status: 'cancelled', refunded: { amount: 0 } });
    });
  });

  describe('given a checkout open past the hold’s end, its timer not yet fired', () => {
    let buying: AtCheckout;
    beforeAll(async () => {
      buying = await atCheckout('just-in-time');
      h.advance(125);
      await pay(buying.asked);
      await h.timers.fireDue();
    });

    it('when the buyer pays, then the payment buys the car', async () => {
      expect((await h.funnels.purchases.get(buying.id, buying.me)).status).toBe('confirmed');
      expect((await streamTypes(h.store, carStream(buying.car.carId))).at(-1)).toBe('CarSold');
    });

    it('when the buyer pays and the timer fires after, then the timer decides nothing', async () => {
      expect(await streamTypes(h.store, carStream(buying.car.carId))).not.toContain('CarHoldReleased');
    });
  });

  describe('given a buyer who sends each command twice with the same key', () => {
    let id: string;
    let again: PurchaseView;
    let afterDelivery: string[];
    let delivery: string | undefined;
    let a: PurchaseView;
    let b: PurchaseView;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const me = buyer(await h.customer('double'));
      const car = freshCar();
      const start = as(me);
      const first = await p.start({ carId: car.carId, locale: 'fr' }, start);
      again = await p.start({ carId: car.carId, locale: 'fr' }, start);
      id = first.purchaseId;
      await p.submitInfos(id, MY_INFOS_FR, as(me));
      const click = as(me);
      await Promise.all([
        p.chooseDelivery(id, { mode: 'pickup' }, click),
        p.chooseDelivery(id, { mode: 'pickup' }, click),
      ]);
      await p.chooseDelivery(id, { mode: 'home' }, click); // the key answers what it did the first time
      afterDelivery = await streamTypes(h.store, purchaseStream(id));
      delivery = (await p.get(id, me)).delivery?.mode;
      await p.skipTradeIn(id, as(me));
      await p.chooseInsurance(id, { offerId: null }, as(me));
      await p.chooseExtras(id, { extraIds: [] }, as(me));
      await p.chooseFunding(id, { mode: 'cash' }, as(me));
      const payKey = as(me);
      a = await p.requestAdvancePayment(id, payKey);
      b = await p.requestAdvancePayment(id, payKey);
    });

    it('when the start is retried, then it finds the same purchase', () => {
      expect(again.purchaseId).toBe(id);
    });

    it('when a step is sent twice at once, then one set of events', () => {
      expect(afterDelivery).toEqual(['PurchaseStarted', 'InfosSubmitted', 'DeliveryChosen']);
    });

    it('when the key is sent again with other data, then it answers what it did the first time', () => {
      expect(delivery).toBe('pickup');
    });

    it('when the advance is asked twice with one key, then one checkout', () => {
      expect(b.payments).toEqual(a.payments);
      expect(b.payments).toHaveLength(1);
    });
  });

  describe('given a purchase paid at the sandbox', () => {
    let id: string;
    let before: string[];
    let replayed: unknown;
    let copy: string;
    beforeAll(async () => {
      const p = h.funnels.purchases;
      const me = buyer(await h.customer('replay'));
      ({ purchaseId: id } = await toFunding(me));
      await p.chooseFunding(id, { mode: 'cash' }, as(me));
      const paymentId = await pay(await p.requestAdvancePayment(id, as(me)));
      before = await streamTypes(h.store, purchaseStream(id));
      const [row] = await h.db.knex
        .withSchema(h.db.schema)
        .table('payment_sandbox_events')
        .where({ payment_id: paymentId, event_type: 'payment.succeeded' });
      const header = signWebhook(WEBHOOK_SECRET, row.body, Math.floor(h.now().getTime() / 1000));
      replayed = await h.receiver.receive(row.body, header);
      copy = JSON.stringify({ ...JSON.parse(row.body), id: 'evt_second_copy' });
    });

    it('when its webhook is delivered again, then it is taken as a duplicate', () => {
      expect(replayed).toMatchObject({ duplicate: true });
    });

    // The provider sending the outcome again under a new event id: the purchase decides nothing.
    it('when the outcome comes again under a new event id, then the purchase decides nothing', async () => {
      const copyHeader = signWebhook(WEBHOOK_SECRET, copy, Math.floor(h.now().getTime() / 1000));
      expect(await h.receiver.receive(copy, copyHeader)).toMatchObject({ duplicate: false });
      expect(await streamTypes(h.store, purchaseStream(id))).toEqual(before);
    });

    it('when a webhook signed with another secret comes, then it is invalid', async () => {
      await expect(h.receiver.receive(copy, signWebhook('forged', copy, 0))).rejects.toBeInstanceOf(
        ValidationError,
      );
    });
  });

  describe('given a buyer’s purchase, just started', () => {
    let car: CarFacts;
    let me: Actor;
    let id: string;
    beforeAll(async () => {
      me = buyer(await h.customer('owner'));
      car = freshCar();
      ({ purchaseId: id } = await h.funnels.purchases.start({ carId: car.carId, locale: 'fr' }, as(me)));
    });

    it('when another buyer or a stranger reads it, then 404', async () => {
      const p = h.funnels.purchases;
      await expect(p.get(id, buyer('cus_someone_else'))).rejects.toBeInstanceOf(NotFoundError);
      await expect(p.get(id, visitor('v-stranger'))).rejects.toBeInstanceOf(NotFoundError);
    });

    it('when a stranger submits a step, then 404', async () => {
      await expect(
        h.funnels.purchases.submitInfos(id, MY_INFOS_FR, as(visitor('v-stranger'))),
      ).rejects.toBeInstanceOf(NotFoundError);
    });

    it('when an unknown purchase is read or an unknown car bought, then 404', async () => {
      const p = h.funnels.purchases;
      await expect(p.get('999999', me)).rejects.toBeInstanceOf(NotFoundError);
      await expect(p.start({ carId: '9999999', locale: 'fr' }, as(me))).rejects.toBeInstanceOf(NotFoundError);
    });

    it('when the buyer submits a malformed phone, then it is invalid', async () => {
      await expect(
        h.funnels.purchases.submitInfos(id, { ...MY_INFOS_FR, phone: 'x' }, as(me)),
      ).rejects.toBeInstanceOf(ValidationError);
    });

    it('when staff read it, then they see it', async () => {
      expect((await h.funnels.purchases.get(id, staff)).purchaseId).toBe(id);
    });

    it('when the buyer cancels, then it is cancelled and the car released', async () => {
      const view = await h.funnels.purchases.cancel(id, { reason: 'changed my mind' }, as(me));
      expect(view.status).toBe('cancelled');
      expect((await streamTypes(h.store, carStream(car.carId))).at(-1)).toBe('CarHoldReleased');
    });
  });
});

const FINANCE_48 = { mode: 'finance', durationMonths: 48, downPayment: 300_000 } as const;

/** What a buyer declares for a debt ratio of 40 % (between accept and decline: a manual study). */
function reviewedDeclaration(view: PurchaseView) {
  const funding = view.funding;
  if (funding?.mode !== 'finance') throw new Error('no finance chosen');
  return { netMonthlyIncome: 500_000, existingMonthlyCredit: 200_000 - funding.quote.monthly.amount };
}

function appOf(view: PurchaseView): string {
  return view.funding?.mode === 'finance' ? (view.funding.applicationId ?? '') : '';
}
