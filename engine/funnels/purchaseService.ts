/**
 * The purchase funnel's application service: one method per command of domain/purchase, each answering
 * the purchase's view (purchaseView.ts). Inputs are validated with the domain's zod schemas (→ 400 with
 * field messages); a purchase that is unknown or another buyer's → 404; a command the state does not
 * take → 409 naming the allowed commands. The pipeline (purchaseCore.ts): facts first, the car decides
 * sales and holds, append with the caller's idempotency key, then the car and the money follow.
 *
 * Personal data: the my-infos form goes to the customer vault (`accounts.updateProfile`), the purchase
 * records the coarse facts only (`toSubmitInfos`).
 */
import { z } from 'zod';
import { isDomainError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { paymentDescription } from '../../domain/payment/paymentDescription.ts';
import type { PurchaseCommand } from '../../domain/purchase/commands.ts';
import { purchaseCurrency } from '../../domain/purchase/purchasePolicy.ts';
import { advancePaymentDue } from '../../domain/purchase/purchaseRules.ts';
import { purchaseSummary } from '../../domain/purchase/purchaseSummary.ts';
import { myInfosBodySchema, PURCHASE_COMMAND_SCHEMAS, toSubmitInfos } from '../../domain/purchase/schemas.ts';
import { validate } from '../../domain/validate.ts';
import { tradeInVehicleSchema } from '../../domain/valuation/valuationSchemas.ts';
import type { DeliveryQuote } from '../providers/delivery/deliveryQuotes.ts';
import type { FinanceQuote } from '../providers/finance/financeProvider.ts';
import type { ExtraOffer, InsuranceOffer } from '../providers/insurance/insuranceAndExtras.ts';
import { derivedId, type FunnelCall } from './funnelCall.ts';
import type { FunnelAccounts, FunnelProviders, ReturnUrls } from './funnelPorts.ts';
import {
  type OwnedPurchase,
  type PurchaseCore,
  type PurchaseCoreOptions,
  purchaseCore,
  readEmail,
  renameField,
} from './purchaseCore.ts';
import type { PurchaseView } from './purchaseView.ts';

export interface PurchaseServiceOptions extends Omit<PurchaseCoreOptions, 'payments'> {
  readonly providers: FunnelProviders;
  readonly accounts: FunnelAccounts;
  readonly returnUrls: ReturnUrls;
}

const command = <T extends keyof typeof PURCHASE_COMMAND_SCHEMAS>(type: T, input: object): PurchaseCommand =>
  validate(PURCHASE_COMMAND_SCHEMAS[type], { ...input, type }, 'command') as PurchaseCommand;

const financeDeclarationSchema = z.strictObject({
  netMonthlyIncome: z.number().int().min(0),
  existingMonthlyCredit: z.number().int().min(0),
});

export function createPurchaseService(options: PurchaseServiceOptions) {
  const { providers, accounts, cars } = options;
  const core: PurchaseCore = purchaseCore({ ...options, payments: providers.payments });
  const { run } = core;

  /** The car's listing facts (fuel, condition, dealer) behind the quotes and offers. */
  async function carOf(purchase: OwnedPurchase) {
    const facts = (await cars.read(purchase.state.context.carId))?.facts;
    if (!facts)
      throw new Error(`car ${purchase.state.context.carId} of purchase ${purchase.purchaseId} has no facts`);
    return facts;
  }

  async function originOf(car: { dealerId: string }) {
    const dealer = await cars.dealer(car.dealerId);
    if (!dealer) throw new Error(`dealer ${car.dealerId} not found`);
    return {
      coordinates: dealer.coordinates,
      postcode: dealer.address.postcode,
      country: dealer.address.country,
    };
  }

  /** The buyer's postcode: given, else the address of their profile (the my-infos step). */
  async function postcodeOf(purchase: OwnedPurchase, given: string | undefined): Promise<string> {
    if (given) return given;
    const customerId = purchase.state.context.customerId;
    const address = customerId ? (await accounts.profile(customerId)).personal.address : undefined;
    if (!address) throw ValidationError.field('postcode', 'is required for a home delivery');
    return address.postcode;
  }

  /** Every delivery type to `postcode`; without one, pickup only. */
  async function deliveryQuotes(purchase: OwnedPurchase, at: string, postcode: string | undefined) {
    const car = await carOf(purchase);
    const request = {
      market: purchase.state.context.locale,
      dealer: await originOf(car),
      carCondition: car.condition,
      orderedOn: at.slice(0, 10),
    };
    if (!postcode) return [await providers.delivery.quote({ ...request, type: 'pickup' })];
    return providers.delivery.quoteAll({ ...request, postcode });
  }

  const coverRequest = async (purchase: OwnedPurchase) => {
    const car = await carOf(purchase);
    const ctx = purchase.state.context;
    return { market: ctx.locale, carPrice: ctx.carPrice, fuel: car.fuel, carCondition: car.condition };
  };

  return {
    /** Buy a car (`{ carId, locale, fromBookingId? }`; a signed-in buyer skips the account steps). */
    start: core.start,
    /** The purchase (SPEC `getcarpurchase/{id}`): a buyer's own, or any for staff. */
    get: core.get,
    /** The purchase's version (its events' count) for a buyer (theirs only) or staff, without building its view. */
    async version(id: string, actor: Actor): Promise<number> {
      return (await core.load(id, actor)).recorded.length;
    },
    /** Staff: the full event timeline. */
    timeline: core.timeline,
    /** Staff: the purchase's view right after the event at `revision`. */
    stateAfter: core.stateAfter,

    /** my-account: the terms of sale (SPEC `add-consent/{id}`). */
    async passAccountStep(
      id: string,
      input: { termsAccepted: true; marketingOptIn: boolean },
      call: FunnelCall,
    ) {
      return run(id, command('PassAccountStep', input), call);
    },

    /** sign-in-sign-up: does this email have an account (SPEC `check-email`)? The email is not stored. */
    async checkAccountEmail(id: string, input: { email: string }, call: FunnelCall) {
      const email = readEmail(input);
      const gather = async () => ({ accountExists: (await accounts.checkEmail(email)).known });
      return run(id, command('CheckAccountEmail', {}), call, gather, () => ({ accountExists: true }));
    },

    /** The HTTP layer signed the buyer in (password or `login/{type}`): the session's customer. */
    async recordSignIn(id: string, input: { method: string }, call: FunnelCall) {
      return run(
        id,
        command('RecordSignIn', { customerId: signedIn(call.actor), method: input.method }),
        call,
      );
    },

    /** The HTTP layer created the buyer's account and signed them in. */
    async recordSignUp(id: string, call: FunnelCall) {
      return run(id, command('RecordSignUp', { customerId: signedIn(call.actor) }), call);
    },

    /** my-infos (SPEC `checkMyInfoStep/{id}`): personal data to the vault, the coarse facts to the purchase. */
    async submitInfos(id: string, body: unknown, call: FunnelCall) {
      const infos = validate(myInfosBodySchema, body, 'my infos');
      const cmd = toSubmitInfos(infos);
      return run(
        id,
        cmd,
        call,
        async (purchase) => {
          const customerId = purchase.state.context.customerId;
          if (customerId === null) return {}; // refused by the dry run before this point
          const { address } = infos;
          await accounts.updateProfile(customerId, {
            firstName: infos.firstName,
            lastName: infos.lastName,
            phone: infos.phone,
            ...(infos.birthDate ? { birthDate: infos.birthDate } : {}),
            address: {
              lines: [address.line1, ...(address.line2 ? [address.line2] : [])],
              postcode: address.postcode,
              city: address.city,
              country: address.country,
            },
          });
          return {};
        },
        () => ({}),
      );
    },

    /** delivery (SPEC `checkDealerDistance/{id}`): the quotes of every delivery type, for the page. */
    async deliveryOptions(id: string, input: { postcode?: string }, actor: Actor): Promise<DeliveryQuote[]> {
      const purchase = await core.load(id, actor);
      return deliveryQuotes(purchase, options.clock().toISOString(), input.postcode || undefined);
    },

    /** delivery: pickup at the dealer, or home delivery (the cheapest way that can deliver there). */
    async chooseDelivery(
      id: string,
      input: { mode: 'pickup' | 'home'; postcode?: string },
      call: FunnelCall,
    ) {
      const cmd = command('ChooseDelivery', { mode: input.mode });
      return run(
        id,
        cmd,
        call,
        async (purchase, at) => {
          const postcode = input.mode === 'home' ? await postcodeOf(purchase, input.postcode) : undefined;
          const quotes = await deliveryQuotes(purchase, at, postcode);
          if (input.mode === 'pickup') {
            const pickup = quotes.find((q) => q.type === 'pickup' && q.deliverable);
            if (!pickup?.deliverable) throw ValidationError.field('mode', 'pickup is not offered');
            return { deliveryQuote: { mode: 'pickup', price: pickup.price, distanceKm: 0 } };
          }
          const home = quotes
            .filter((q) => q.type !== 'pickup')
            .flatMap((q) => (q.deliverable ? [q] : []))
            .sort((a, b) => a.price.amount - b.price.amount)[0];
          if (!home) {
            const why = quotes.flatMap((q) => (q.deliverable ? [] : [q.reason]));
            throw ValidationError.field(
              'postcode',
              `no home delivery there (${[...new Set(why)].join(', ')})`,
            );
          }
          return { deliveryQuote: { mode: 'home', price: home.price, distanceKm: home.distanceKm } };
        },
        (purchase) => ({
          deliveryQuote: { mode: input.mode, price: zero(purchase), distanceKm: 0 },
        }),
      );
    },

    /** recovery (SPEC `tradein/{id}`, `tradein/update/{id}`): value the buyer's car (valid 7 days). */
    async valueTradeIn(id: string, input: { vehicle: unknown }, call: FunnelCall) {
      const vehicle = validate(tradeInVehicleSchema, input.vehicle, 'vehicle');
      const { brand, model, year, mileageKm } = vehicle;
      const cmd = command('ValueTradeIn', { vehicle: { brand, model, year, mileageKm } });
      return run(
        id,
        cmd,
        call,
        async (purchase, at) => {
          const valuationId = derivedId('val', id, call.idempotencyKey);
          const market = purchase.state.context.locale;
          const offer = await providers.valuations.value({ valuationId, market, ...vehicle, valuedAt: at });
          return {
            tradeInOffer: { offerId: valuationId, amount: offer.offer, validUntil: offer.validUntil },
          };
        },
        (purchase) => ({
          tradeInOffer: { offerId: 'probe', amount: zero(purchase), validUntil: '2999-01-01T00:00:00.000Z' },
        }),
      );
    },

    async acceptTradeIn(id: string, input: { offerId: string }, call: FunnelCall) {
      return run(id, command('AcceptTradeIn', input), call);
    },

    async skipTradeIn(id: string, call: FunnelCall) {
      return run(id, command('SkipTradeIn', {}), call);
    },

    /** insurance, additional-optional (GET): what is offered for this car in its market. */
    async offers(id: string, actor: Actor): Promise<{ insurance: InsuranceOffer[]; extras: ExtraOffer[] }> {
      return providers.insurance.offers(await coverRequest(await core.load(id, actor)));
    },

    /** insurance (SPEC `insurance/{id}`): a cover by id, or none (`offerId: null`). */
    async chooseInsurance(id: string, input: { offerId: string | null }, call: FunnelCall) {
      const cmd = command('ChooseInsurance', input);
      return run(
        id,
        cmd,
        call,
        async (purchase) => {
          if (input.offerId === null) return {};
          const priced = await providers.insurance
            .price({ ...(await coverRequest(purchase)), insuranceId: input.offerId, extraIds: [] })
            .catch((error: unknown) => Promise.reject(renameField(error, 'insuranceId', 'offerId')));
          const cover = priced.insurance;
          if (!cover) throw ValidationError.field('offerId', 'is not offered');
          return { insuranceOffer: { offerId: cover.id, monthlyPremium: cover.monthlyPremium } };
        },
        (purchase) =>
          input.offerId === null
            ? {}
            : { insuranceOffer: { offerId: input.offerId, monthlyPremium: zero(purchase) } },
      );
    },

    /** additional-optional (SPEC `additional-optional/{id}`): the extras wanted, by id (possibly none). */
    async chooseExtras(id: string, input: { extraIds: string[] }, call: FunnelCall) {
      const cmd = command('ChooseExtras', input);
      return run(
        id,
        cmd,
        call,
        async (purchase) => {
          const priced = await providers.insurance.price({
            ...(await coverRequest(purchase)),
            insuranceId: null,
            extraIds: input.extraIds,
          });
          return { extras: priced.extras.map((extra) => ({ extraId: extra.id, price: extra.price })) };
        },
        (purchase) => ({ extras: input.extraIds.map((extraId) => ({ extraId, price: zero(purchase) })) }),
      );
    },

    /** funding (GET, SPEC `funding/{id}`, `bookingFunding/{id}`): a simulation, nothing recorded. */
    async simulateFinance(
      id: string,
      input: { durationMonths: number; downPayment: number },
      actor: Actor,
    ): Promise<FinanceQuote> {
      const purchase = await core.load(id, actor);
      const ctx = purchase.state.context;
      const currency = purchaseCurrency(ctx.locale);
      return providers.finance.quote({
        market: ctx.locale,
        price: purchaseSummary(ctx).totalDue,
        downPayment: { amount: input.downPayment, currency },
        durationMonths: input.durationMonths,
      });
    },

    /** funding (SPEC `funding/{id}`): cash, or a finance offer for a duration and down payment. */
    async chooseFunding(
      id: string,
      input: { mode: 'cash' } | { mode: 'finance'; durationMonths: number; downPayment: number },
      call: FunnelCall,
    ) {
      const cmd = command('ChooseFunding', input);
      if (cmd.type !== 'ChooseFunding' || cmd.mode === 'cash') return run(id, cmd, call);
      const { durationMonths, downPayment } = cmd;
      const probe = (purchase: OwnedPurchase) => {
        const money = (amount: number) => ({
          amount,
          currency: purchaseCurrency(purchase.state.context.locale),
        });
        return {
          financeQuote: { monthly: money(1), durationMonths, apr: 1, downPayment: money(downPayment) },
        };
      };
      return run(
        id,
        cmd,
        call,
        async (purchase) => {
          const ctx = purchase.state.context;
          const quote = await providers.finance.quote({
            market: ctx.locale,
            price: purchaseSummary(ctx).totalDue,
            downPayment: { amount: downPayment, currency: purchaseCurrency(ctx.locale) },
            durationMonths,
          });
          const financeQuote = {
            monthly: quote.monthly,
            durationMonths,
            apr: quote.aprPercent,
            downPayment: quote.downPayment,
          };
          return { financeQuote };
        },
        probe,
      );
    },

    /** funding: file the finance application with what the buyer declares; the lender answers online. */
    async applyForFinance(
      id: string,
      input: { netMonthlyIncome: number; existingMonthlyCredit: number },
      call: FunnelCall,
    ) {
      const declared = validate(financeDeclarationSchema, input, 'declaration');
      const applicationId = derivedId('app', id, call.idempotencyKey);
      return run(
        id,
        command('ApplyForFinance', {}),
        call,
        async (purchase) => {
          const ctx = purchase.state.context;
          const funding = ctx.funding;
          if (funding?.mode !== 'finance') throw new Error('purchase: applying without a finance choice');
          const currency = purchaseCurrency(ctx.locale);
          const result = await providers.finance.decide({
            applicationId,
            market: ctx.locale,
            price: funding.total,
            downPayment: funding.quote.downPayment,
            durationMonths: funding.quote.durationMonths,
            netMonthlyIncome: { amount: declared.netMonthlyIncome, currency },
            existingMonthlyCredit: { amount: declared.existingMonthlyCredit, currency },
          });
          return { financeApplication: { applicationId }, financeDecision: result.decision };
        },
        () => ({ financeApplication: { applicationId } }),
      );
    },

    /**
     * The lender's answer (SPEC `validate`: accepted, declined, by-pass) on an application: staff after a
     * manual study, or the lender's callback (system). A buyer cannot record a decision.
     */
    async recordFinanceDecision(
      id: string,
      input: { applicationId: string; decision: 'accepted' | 'declined' | 'by-pass' },
      call: FunnelCall,
    ) {
      if (call.actor.kind === 'buyer') throw ValidationError.field('decision', 'is the lender’s to give');
      return run(id, command('RecordFinanceDecision', input), call);
    },

    /** advance-payment (SPEC `ajax/payment/{id}`): a checkout for the advance (or confirm: nothing due). */
    async requestAdvancePayment(id: string, call: FunnelCall) {
      const paymentId = derivedId('pay', id, call.idempotencyKey);
      const probe = (purchase: OwnedPurchase) => {
        const ctx = purchase.state.context;
        const amount = { amount: advancePaymentDue(ctx), currency: purchaseCurrency(ctx.locale) };
        return { payment: { paymentId, amount, checkoutUrl: 'https://checkout.invalid/' } };
      };
      return run(
        id,
        command('RequestAdvancePayment', {}),
        call,
        async (purchase) => {
          const ctx = purchase.state.context;
          const due = advancePaymentDue(ctx);
          if (due === 0) return {};
          const amount = { amount: due, currency: purchaseCurrency(ctx.locale) };
          const car = await carOf(purchase);
          const { checkoutUrl } = await providers.payments.createPayment({
            paymentId,
            amount,
            description: paymentDescription('advance', ctx.locale, id),
            ...options.returnUrls({ funnel: 'purchase', id, locale: ctx.locale, car }),
            metadata: { funnel: 'purchase', purchaseId: id, locale: ctx.locale },
          });
          return { payment: { paymentId, amount, checkoutUrl } };
        },
        probe,
      );
    },

    /**
     * The payment provider's answer (its webhook; the system actor). A success the purchase no longer
     * takes (it ended: car not available, cancelled) is refunded at the provider: one outcome.
     */
    async recordPaymentResult(
      id: string,
      input: { paymentId: string; result: 'succeeded' | 'failed'; reason?: string },
      call: FunnelCall,
    ): Promise<PurchaseView> {
      const cmd = command('RecordPaymentResult', input);
      let view: PurchaseView;
      try {
        view = await run(id, cmd, call);
      } catch (error) {
        if (input.result !== 'succeeded' || !isDomainError(error, 'illegal_state')) throw error;
        view = await core.get(id, call.actor);
      }
      const payment = view.payments.find((p) => p.paymentId === input.paymentId);
      if (input.result === 'succeeded' && payment?.status !== 'succeeded' && payment?.status !== 'refunded')
        await core.effects.refundUnwanted(
          input.paymentId,
          view.status === 'car-not-available' ? 'car_not_available' : 'other',
        );
      return view;
    },

    /** Go back to a completed step (the buyer), e.g. to change the delivery. */
    async reopenStep(id: string, input: { step: string }, call: FunnelCall) {
      return run(id, command('ReopenStep', input), call);
    },

    /** Cancel (the buyer, or staff from the back office): the deposit is refunded, the car released. */
    async cancel(id: string, input: { reason: string }, call: FunnelCall) {
      const by = call.actor.kind === 'staff' ? 'staff' : 'buyer';
      return run(id, command('CancelPurchase', { by, reason: input.reason }), call);
    },

    /** The hold's timer fired (system): `LoseHold`. */
    async loseHold(
      id: string,
      input: { holdId: string; reason: 'expired' | 'car-withdrawn' },
      call: FunnelCall,
    ) {
      return core.loseHold(id, input, call);
    },
  };
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;

/** A zero amount in the purchase's currency (the dry runs' probe facts). */
const zero = (purchase: OwnedPurchase) => ({
  amount: 0,
  currency: purchaseCurrency(purchase.state.context.locale),
});

function signedIn(actor: Actor): string {
  const customerId = actor.kind === 'buyer' ? actor.customerId : undefined;
  if (!customerId) throw ValidationError.field('customerId', 'sign in first');
  return customerId;
}
