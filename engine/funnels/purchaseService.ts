/** The purchase funnel's service: one method per command, each read top to bottom (README.md "Every command", "API"). */
import { unavailableReasonOf } from '../../domain/carHold/decide.ts';
import { carStream, type Money } from '../../domain/catalogue/car.ts';
import { IllegalStateError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { paymentDescription } from '../../domain/payment/paymentDescription.ts';
import { allowedCommands, reopenableSteps } from '../../domain/purchase/allowedCommands.ts';
import type {
  PurchaseCommand,
  PurchaseCommandOf,
  PurchaseCommandType,
} from '../../domain/purchase/commands.ts';
import { decidePurchase } from '../../domain/purchase/decide.ts';
import { type Hold, type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import type { PurchaseFacts } from '../../domain/purchase/facts.ts';
import { PURCHASE_MACHINE_ID, PURCHASE_MACHINE_VERSION } from '../../domain/purchase/machine.ts';
import { type MyInfosBody, toSubmitInfos } from '../../domain/purchase/myInfosForm.ts';
import { purchaseCurrency, purchaseHoldUntil } from '../../domain/purchase/purchasePolicy.ts';
import { advancePaymentDue } from '../../domain/purchase/purchaseRules.ts';
import {
  initialPurchaseState,
  type PurchaseSnapshot,
  purchaseEvolver,
} from '../../domain/purchase/purchaseState.ts';
import { currentStep, describePurchaseState, purchaseStatus } from '../../domain/purchase/purchaseStatus.ts';
import { purchaseSummary } from '../../domain/purchase/purchaseSummary.ts';
import type { TradeInVehicle } from '../../domain/valuation/valueTradeIn.ts';
import type { EventStore } from '../eventStore.ts';
import type { AggregateStream } from '../handleCommand.ts';
import type { DeliveryQuote } from '../providers/delivery/deliveryQuotes.ts';
import type { FinanceQuote } from '../providers/finance/financeProvider.ts';
import type { ExtraOffer, InsuranceOffer } from '../providers/insurance/insuranceAndExtras.ts';
import type { SavedValuationClaims } from '../valuations/savedValuations.ts';
import type { CarHolds, CarRead, CarRecord } from './carHolds.ts';
import {
  carMetadata,
  derivedId,
  type FunnelCall,
  funnelNotFound,
  mayAccess,
  type ResolvedCall,
  resolveCall,
  starterOf,
  subCall,
} from './funnelCall.ts';
import { funnelCore, type OpenFunnel } from './funnelCore.ts';
import type { FunnelIds } from './funnelIds.ts';
import type { FunnelAccounts, FunnelLog, FunnelProviders, FunnelTimers, ReturnUrls } from './funnelPorts.ts';
import { cancelHoldExpiry, scheduleHoldExpiry } from './holdExpiry.ts';
import { type BookingConversions, purchaseSideEffects } from './purchaseSideEffects.ts';
import { type PurchaseView, toPurchaseView } from './purchaseView.ts';

export interface PurchaseServiceOptions {
  readonly store: EventStore;
  readonly cars: CarHolds;
  readonly ids: FunnelIds;
  readonly timers: FunnelTimers;
  readonly clock: () => Date;
  readonly providers: FunnelProviders;
  readonly accounts: FunnelAccounts;
  readonly returnUrls: ReturnUrls;
  readonly bookings?: BookingConversions;
  readonly log?: FunnelLog;
  /** The buyers' saved valuations ("sell your car"), offered at the recovery step. */
  readonly savedValuations?: SavedValuationClaims;
}

/** What the buyer declares for a finance application (minor units of the market's currency). */
export interface FinanceDeclaration {
  readonly netMonthlyIncome: number;
  readonly existingMonthlyCredit: number;
}

type OpenPurchase = OpenFunnel<PurchaseSnapshot, PurchaseEvent>;
type Gathered = Omit<PurchaseFacts, 'at'>;

const MACHINE = { id: PURCHASE_MACHINE_ID, version: PURCHASE_MACHINE_VERSION };

/** The purchase funnel as the shared core runs it. */
const PURCHASE_FUNNEL = {
  kind: 'purchase',
  machine: MACHINE,
  stream: purchaseStream,
  evolver: purchaseEvolver,
  customerOf: (state: PurchaseSnapshot) => state.context.customerId,
  allowedCommands,
  describe: describePurchaseState,
} as const;

export function createPurchaseService(options: PurchaseServiceOptions) {
  const { store, cars, timers, providers, accounts } = options;
  const effects = purchaseSideEffects({ ...options, payments: providers.payments });
  const view = (stream: AggregateStream<PurchaseSnapshot, PurchaseEvent>): PurchaseView =>
    toPurchaseView(stream.state, stream.events);
  const core = funnelCore(PURCHASE_FUNNEL, { store, clock: options.clock, view, after: effects.after });
  /** Opens the purchase for a command (README "Every command" 1–3); `done`: a replayed key's answer. */
  const open = core.open;

  /**
   * Decides `command` once on the purchase as opened; the car goes first (a sale, a study hold, a lapsed
   * hold); when it says the hold is gone the purchase records that instead. Then the append (decided
   * again only after a concurrent write), what follows it, and the purchase as the command left it.
   */
  async function execute(purchase: OpenPurchase, command: PurchaseCommand, gathered: Gathered = {}) {
    const { at, call } = purchase;
    let facts: PurchaseFacts = { at, ...gathered };
    let events = refusing(purchase, () => decidePurchase(command, purchase.state, facts));
    if (events.length === 0) return view(purchase);
    const loss = await effects.carFirst(purchase.state, events, call, at);
    if (loss) {
      command = { type: 'LoseHold', holdId: purchase.state.context.hold?.holdId ?? '', reason: loss };
      facts = { at };
      events = decidePurchase(command, purchase.state, facts);
    }
    const decided = command;
    const result = await core
      .append(purchase, events, (state) => decidePurchase(decided, state, facts))
      .catch((error: unknown) => Promise.reject(withWhere(error, purchase)));
    await effects.after(result.stream.state, result.events, call, at);
    return view(result.stream);
  }

  /** Runs a decision; its 409 says where the purchase stands and what it allows (the HTTP layer adds the calls). */
  function refusing<T>(purchase: OpenPurchase, decide: () => T): T {
    try {
      return decide();
    } catch (error) {
      throw withWhere(error, purchase);
    }
  }

  /** Before a fact with a side effect (a checkout, a loan application): the command must be allowed now. */
  function mustAllow(purchase: OpenPurchase, command: PurchaseCommandType): void {
    refusing(purchase, () => core.mustAllow(purchase, command));
  }

  /** The car's listing facts (fuel, condition, dealer) behind the quotes and offers. */
  async function carOf(purchase: { state: PurchaseSnapshot }) {
    const { carId } = purchase.state.context;
    const facts = await cars.listing(carId);
    if (!facts) throw new Error(`car ${carId} of a purchase has no listing`);
    return facts;
  }

  /** Every delivery type to `postcode`; without one, pickup only. */
  async function deliveryQuotes(
    purchase: { state: PurchaseSnapshot },
    at: string,
    postcode: string | undefined,
  ) {
    const ctx = purchase.state.context;
    const car = await carOf(purchase);
    const dealer = await cars.dealer(car.dealerId);
    if (!dealer) throw new Error(`dealer ${car.dealerId} not found`);
    const request = {
      market: ctx.locale,
      dealer: {
        coordinates: dealer.coordinates,
        postcode: dealer.address.postcode,
        country: dealer.address.country,
      },
      carCondition: car.condition,
      orderedOn: at.slice(0, 10),
    };
    if (!postcode) return [await providers.delivery.quote({ ...request, type: 'pickup' })];
    return providers.delivery.quoteAll({ ...request, postcode });
  }

  /** The buyer's postcode: given, else the address of their profile (the my-infos step). */
  async function postcodeOf(purchase: OpenPurchase, given: string | undefined): Promise<string> {
    const postcode = given || (await addressPostcode(purchase));
    if (!postcode) throw ValidationError.field('postcode', 'is required for a home delivery');
    return postcode;
  }

  /** The postcode of the signed-in buyer's address (my-infos), if they gave one. */
  async function addressPostcode(purchase: { state: PurchaseSnapshot }): Promise<string | undefined> {
    const customerId = purchase.state.context.customerId;
    if (!customerId || purchase.state.context.infos === null) return undefined;
    return (await accounts.profile(customerId)).personal.address?.postcode;
  }

  async function coverRequest(purchase: { state: PurchaseSnapshot }) {
    const ctx = purchase.state.context;
    const car = await carOf(purchase);
    return { market: ctx.locale, carPrice: ctx.carPrice, fuel: car.fuel, carCondition: car.condition };
  }

  /**
   * Starts a purchase: the id from the key, the car's price and dealer from its stream, then the hold
   * (its expiry timer first): `HoldCar`, or for a booked car its booker's `TransferHold`. A hold lost to
   * another funnel is recorded as the outcome "car not available" (`hold: null`), not an error.
   */
  async function start(
    input: {
      carId: string;
      locale: PurchaseCommandOf<'StartPurchase'>['locale'];
      fromBookingId?: string | null;
    },
    call: FunnelCall,
    /** The car's stream as the caller has just read it (its hold is decided on it: no second read). */
    carRead?: CarRead,
  ): Promise<PurchaseView> {
    if (call.actor.kind !== 'buyer') throw new IllegalStateError('only a buyer starts a purchase');
    const resolved = resolveCall(call, undefined);
    const customerId = call.actor.customerId ?? null;
    const command: PurchaseCommandOf<'StartPurchase'> = {
      type: 'StartPurchase',
      carId: input.carId,
      locale: input.locale,
      customerId,
      fromBookingId: input.fromBookingId ?? null,
    };
    const read =
      carRead?.streamName === carStream(command.carId) ? carRead : await cars.readStream(command.carId);
    const car = read.state;
    if (!car.facts) throw new NotFoundError(`no car ${command.carId}`, { carId: command.carId });
    const owner = customerId ?? call.actor.visitorId ?? 'anonymous';
    const allocated = await options.ids.allocate('purchase', `${owner}:${resolved.idempotencyKey}`);
    const purchaseId = allocated.id;
    const stream = await core.readNew(allocated);
    const at = core.now();
    if (stream.events.length > 0) {
      // A retried start: the purchase its key made (run again what follows it).
      if (!mayAccess(call.actor, stream.state.context.customerId, starterOf(stream.metadata)))
        throw funnelNotFound('purchase', purchaseId);
      await effects.after(stream.state, stream.events, resolved, at);
      return view(stream);
    }
    const base = { at, purchaseId, car: { price: car.facts.price, dealerId: car.facts.dealerId } };
    decidePurchase(command, initialPurchaseState(), { ...base, hold: null }); // bad input before any hold
    const { hold, bookingDeposit } = await winHold(command, purchaseId, resolved, at, read);
    const facts: PurchaseFacts = { ...base, hold, bookingDeposit };
    const opened: OpenPurchase = { ...stream, id: purchaseId, call: resolved, at, replayed: undefined };
    const events = decidePurchase(command, stream.state, facts);
    const result = await core.append(opened, events, (state) => decidePurchase(command, state, facts));
    await effects.after(result.stream.state, result.events, resolved, at);
    return view(result.stream);
  }

  async function winHold(
    command: PurchaseCommandOf<'StartPurchase'>,
    purchaseId: string,
    call: ResolvedCall,
    at: string,
    carRead: CarRead,
  ): Promise<{ hold: Hold | null; bookingDeposit: { paymentId: string; amount: Money } | null }> {
    const { carId, customerId, fromBookingId } = command;
    let bookingDeposit: { paymentId: string; amount: Money } | null = null;
    const holdId = `purchase-${purchaseId}`;
    const holder = { funnel: 'purchase' as const, id: purchaseId };
    const until = purchaseHoldUntil(command.locale, at);
    const meta = carMetadata('purchase', purchaseId, call, at);
    await scheduleHoldExpiry(timers, { carId, holdId, holder, until });
    let car: CarRecord;
    try {
      if (fromBookingId !== null && customerId !== null) {
        if (!options.bookings) throw new IllegalStateError('bookings cannot be converted here');
        const visitorId = call.actor.kind === 'buyer' ? call.actor.visitorId : undefined;
        const buyer = { customerId, ...(visitorId ? { visitorId } : {}) };
        const booking = await options.bookings.conversionOf(fromBookingId, buyer, carId);
        bookingDeposit = booking.deposit;
        const transfer = { holdId: booking.holdId, toHoldId: holdId, holder, customerId, until };
        car = (await cars.decide({ type: 'TransferHold', carId, ...transfer, at }, meta, carRead)).car;
      } else {
        const held = { holdId, holder, ...(customerId ? { customerId } : {}), until };
        car = (await cars.decide({ type: 'HoldCar', carId, ...held, at }, meta, carRead)).car;
      }
    } catch (error) {
      if (unavailableReasonOf(error) === undefined) throw error;
      await cancelHoldExpiry(timers, { holdId, until });
      // A booking's hold that could not pass over stays the booking's, and so does its deposit.
      return { hold: null, bookingDeposit: null };
    }
    // Won now, or by an earlier attempt of this start (a retry): the car's active hold says until when.
    const active = car.hold.activeHold;
    return { hold: { holdId, until: active?.holdId === holdId ? active.until : until }, bookingDeposit };
  }

  return core.commands({
    /** Buy a car (`{ carId, locale, fromBookingId? }`; a signed-in buyer skips the account steps). */
    start,

    /** The purchase (SPEC `getcarpurchase/{id}`): a buyer's own, or any for staff. */
    get: core.get,
    /** Staff: the full event timeline. */
    timeline: core.timeline,
    /** Staff: the purchase's view right after the event at `revision`. */
    stateAfter: core.stateAfter,

    /** my-account: the terms of sale (SPEC `add-consent/{id}`). */
    async passAccountStep(id: string, input: { marketingOptIn: boolean }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const { marketingOptIn } = input;
      return execute(purchase, { type: 'PassAccountStep', termsAccepted: true, marketingOptIn });
    },

    /** sign-in-sign-up: does this email have an account (SPEC `check-email`)? The email is not stored. */
    async checkAccountEmail(id: string, input: { email: string }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const { known: accountExists } = await accounts.checkEmail(input.email);
      return execute(purchase, { type: 'CheckAccountEmail' }, { accountExists });
    },

    /** The HTTP layer signed the buyer in (password or `login/{type}`): the session's customer. */
    async recordSignIn(id: string, input: { method: string }, call: FunnelCall) {
      const customerId = signedIn(call.actor);
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'RecordSignIn', customerId, method: input.method });
    },

    /** The HTTP layer created the buyer's account and signed them in. */
    async recordSignUp(id: string, call: FunnelCall) {
      const customerId = signedIn(call.actor);
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'RecordSignUp', customerId });
    },

    /**
     * my-infos (SPEC `checkMyInfoStep/{id}`): decided first (a refusal writes nothing), then the personal
     * data to the vault, then the coarse facts to the purchase.
     */
    async submitInfos(id: string, infos: MyInfosBody, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const command = toSubmitInfos(infos);
      refusing(purchase, () => decidePurchase(command, purchase.state, { at: purchase.at }));
      const customerId = purchase.state.context.customerId;
      if (customerId !== null) {
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
      }
      return execute(purchase, command);
    },

    /** delivery (SPEC `checkDealerDistance/{id}`): the quotes of every delivery type, for the page. */
    /**
     * delivery's quotes for the postcode asked, else for the signed-in buyer's address (given at
     * my-infos): the screen shows that postcode in its field, not an empty one to type again.
     */
    async deliveryOptions(
      id: string,
      input: { postcode?: string },
      actor: Actor,
    ): Promise<{ quotes: DeliveryQuote[]; postcode: string | null }> {
      const purchase = await core.read(id, actor);
      const postcode = input.postcode || (await addressPostcode(purchase));
      return { quotes: await deliveryQuotes(purchase, core.now(), postcode), postcode: postcode ?? null };
    },

    /** delivery: pickup at the dealer, or home delivery (the cheapest way that can deliver there). */
    async chooseDelivery(
      id: string,
      input: { mode: 'pickup' | 'home'; postcode?: string },
      call: FunnelCall,
    ) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const postcode = input.mode === 'home' ? await postcodeOf(purchase, input.postcode) : undefined;
      const quotes = await deliveryQuotes(purchase, purchase.at, postcode);
      let deliveryQuote: NonNullable<PurchaseFacts['deliveryQuote']>;
      if (input.mode === 'pickup') {
        const pickup = quotes.find((q) => q.type === 'pickup' && q.deliverable);
        if (!pickup?.deliverable) throw ValidationError.field('mode', 'pickup is not offered');
        deliveryQuote = { mode: 'pickup', price: pickup.price, distanceKm: 0 };
      } else {
        const home = quotes
          .filter((q) => q.type !== 'pickup')
          .flatMap((q) => (q.deliverable ? [q] : []))
          .sort((a, b) => a.price.amount - b.price.amount)[0];
        if (!home) {
          const why = quotes.flatMap((q) => (q.deliverable ? [] : [q.reason]));
          throw ValidationError.field('postcode', `no home delivery there (${[...new Set(why)].join(', ')})`);
        }
        deliveryQuote = { mode: 'home', price: home.price, distanceKm: home.distanceKm };
      }
      return execute(purchase, { type: 'ChooseDelivery', mode: input.mode }, { deliveryQuote });
    },

    /** recovery (SPEC `tradein/{id}`, `tradein/update/{id}`): value the buyer's car (valid 7 days). */
    async valueTradeIn(id: string, input: { vehicle: TradeInVehicle }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      mustAllow(purchase, 'ValueTradeIn');
      const { vehicle } = input;
      const valuationId = derivedId('val', id, purchase.call.idempotencyKey);
      const market = purchase.state.context.locale;
      const offer = await providers.valuations.value({
        valuationId,
        market,
        ...vehicle,
        valuedAt: purchase.at,
      });
      const { brand, model, year, mileageKm } = vehicle;
      return execute(
        purchase,
        { type: 'ValueTradeIn', vehicle: { brand, model, year, mileageKm } },
        { tradeInOffer: { offerId: valuationId, amount: offer.offer, validUntil: offer.validUntil } },
      );
    },

    /**
     * recovery: the buyer takes a valuation of theirs made outside the purchase ("sell your car"): no new
     * valuation, its offer is the outside fact. First the valuation records the use (not theirs → 404;
     * another market or expired → 409), then the purchase shows that offer and accepts it (each a
     * command of its own key: a retry decides nothing more).
     */
    async useSavedValuation(id: string, input: { valuationId: string }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      mustAllow(purchase, 'ValueTradeIn');
      const { customerId, locale: market } = purchase.state.context;
      if (!options.savedValuations || customerId === null)
        throw new NotFoundError(`valuation ${input.valuationId} not found`, {
          valuationId: input.valuationId,
        });
      const saved = await options.savedValuations.claim(input.valuationId, {
        customerId,
        purchaseId: id,
        market,
        at: purchase.at,
      });
      const { brand, model, year, mileageKm } = saved.vehicle;
      await execute(
        purchase,
        { type: 'ValueTradeIn', vehicle: { brand, model, year, mileageKm } },
        { tradeInOffer: { offerId: saved.valuationId, amount: saved.offer, validUntil: saved.validUntil } },
      );
      const valued = await open(id, subCall(purchase.call, 'accept-saved-valuation'));
      if (valued.done) return valued.done;
      return execute(valued, { type: 'AcceptTradeIn', offerId: saved.valuationId });
    },

    async acceptTradeIn(id: string, input: { offerId: string }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'AcceptTradeIn', offerId: input.offerId });
    },

    async skipTradeIn(id: string, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'SkipTradeIn' });
    },

    /** insurance, additional-optional (GET): what is offered for this car in its market. */
    async offers(id: string, actor: Actor): Promise<{ insurance: InsuranceOffer[]; extras: ExtraOffer[] }> {
      return providers.insurance.offers(await coverRequest(await core.read(id, actor)));
    },

    /** insurance (SPEC `insurance/{id}`): a cover by id, or none (`offerId: null`). */
    async chooseInsurance(id: string, input: { offerId: string | null }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const { offerId } = input;
      if (offerId === null) return execute(purchase, { type: 'ChooseInsurance', offerId });
      const priced = await providers.insurance
        .price({ ...(await coverRequest(purchase)), insuranceId: offerId, extraIds: [] })
        .catch((error: unknown) => Promise.reject(renameField(error, 'insuranceId', 'offerId')));
      const cover = priced.insurance;
      if (!cover) throw ValidationError.field('offerId', 'is not offered');
      return execute(
        purchase,
        { type: 'ChooseInsurance', offerId },
        { insuranceOffer: { offerId: cover.id, monthlyPremium: cover.monthlyPremium } },
      );
    },

    /** additional-optional (SPEC `additional-optional/{id}`): the extras wanted, by id (possibly none). */
    async chooseExtras(id: string, input: { extraIds: string[] }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const { extraIds } = input;
      const priced = await providers.insurance.price({
        ...(await coverRequest(purchase)),
        insuranceId: null,
        extraIds,
      });
      const extras = priced.extras.map((extra) => ({ extraId: extra.id, price: extra.price }));
      return execute(purchase, { type: 'ChooseExtras', extraIds }, { extras });
    },

    /** funding (GET, SPEC `funding/{id}`, `bookingFunding/{id}`): a simulation, nothing recorded. */
    async simulateFinance(
      id: string,
      input: { durationMonths: number; downPayment: number },
      actor: Actor,
    ): Promise<FinanceQuote> {
      const ctx = (await core.read(id, actor)).state.context;
      return providers.finance.quote({
        market: ctx.locale,
        price: purchaseSummary(ctx).totalDue,
        downPayment: { amount: input.downPayment, currency: purchaseCurrency(ctx.locale) },
        durationMonths: input.durationMonths,
      });
    },

    /** funding (SPEC `funding/{id}`): cash, or a finance offer for a duration and down payment. */
    async chooseFunding(
      id: string,
      input: { mode: 'cash' } | { mode: 'finance'; durationMonths: number; downPayment: number },
      call: FunnelCall,
    ) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      if (input.mode === 'cash') return execute(purchase, { type: 'ChooseFunding', mode: 'cash' });
      const { durationMonths, downPayment } = input;
      const ctx = purchase.state.context;
      const quote = await providers.finance.quote({
        market: ctx.locale,
        price: purchaseSummary(ctx).totalDue,
        downPayment: { amount: downPayment, currency: purchaseCurrency(ctx.locale) },
        durationMonths,
      });
      return execute(
        purchase,
        { type: 'ChooseFunding', mode: 'finance', durationMonths, downPayment },
        {
          financeQuote: {
            monthly: quote.monthly,
            durationMonths,
            apr: quote.aprPercent,
            downPayment: quote.downPayment,
          },
        },
      );
    },

    /** funding: file the finance application with what the buyer declares; the lender answers online. */
    async applyForFinance(id: string, declared: FinanceDeclaration, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      mustAllow(purchase, 'ApplyForFinance');
      const ctx = purchase.state.context;
      const funding = ctx.funding;
      if (funding?.mode !== 'finance') throw new Error('purchase: applying without a finance choice');
      const applicationId = derivedId('app', id, purchase.call.idempotencyKey);
      const currency = purchaseCurrency(ctx.locale);
      const answer = await providers.finance.decide({
        applicationId,
        market: ctx.locale,
        price: funding.total,
        downPayment: funding.quote.downPayment,
        durationMonths: funding.quote.durationMonths,
        netMonthlyIncome: { amount: declared.netMonthlyIncome, currency },
        existingMonthlyCredit: { amount: declared.existingMonthlyCredit, currency },
      });
      return execute(
        purchase,
        { type: 'ApplyForFinance' },
        { financeApplication: { applicationId }, financeDecision: answer.decision },
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
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'RecordFinanceDecision', ...input });
    },

    /** advance-payment (SPEC `ajax/payment/{id}`): a checkout for the advance (or confirm: nothing due). */
    async requestAdvancePayment(id: string, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      mustAllow(purchase, 'RequestAdvancePayment');
      const ctx = purchase.state.context;
      const due = advancePaymentDue(ctx);
      if (due === 0) return execute(purchase, { type: 'RequestAdvancePayment' });
      const paymentId = derivedId('pay', id, purchase.call.idempotencyKey);
      const amount = { amount: due, currency: purchaseCurrency(ctx.locale) };
      const { checkoutUrl } = await providers.payments.createPayment({
        paymentId,
        amount,
        description: paymentDescription('advance', ctx.locale, id),
        ...options.returnUrls({ funnel: 'purchase', id, locale: ctx.locale, car: await carOf(purchase) }),
        metadata: { funnel: 'purchase', purchaseId: id, locale: ctx.locale },
      });
      return execute(
        purchase,
        { type: 'RequestAdvancePayment' },
        { payment: { paymentId, amount, checkoutUrl } },
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
      const purchase = await open(id, call);
      let answer = purchase.done;
      if (!answer) {
        const command = { type: 'RecordPaymentResult', ...input } as const;
        try {
          answer = await execute(purchase, command);
        } catch (error) {
          if (input.result !== 'succeeded' || !isDomainError(error, 'illegal_state')) throw error;
          answer = view(purchase);
        }
      }
      const payment = answer.payments.find((p) => p.paymentId === input.paymentId);
      if (input.result === 'succeeded' && payment?.status !== 'succeeded' && payment?.status !== 'refunded')
        await effects.refundUnwanted(
          input.paymentId,
          answer.status === 'car-not-available' ? 'car_not_available' : 'other',
        );
      return answer;
    },

    /** Go back to a completed step (the buyer), e.g. to change the delivery. */
    async reopenStep(id: string, input: { step: PurchaseCommandOf<'ReopenStep'>['step'] }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'ReopenStep', step: input.step });
    },

    /** Cancel (the buyer, or staff from the back office): the deposit is refunded, the car released. */
    async cancel(id: string, input: { reason: string }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      const by = call.actor.kind === 'staff' ? 'staff' : 'buyer';
      return execute(purchase, { type: 'CancelPurchase', by, reason: input.reason });
    },

    /** Staff: the hold ends `minutes` later (at most a day at a time); the car's stream and timer follow. */
    async extendHold(id: string, input: { minutes: number }, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'ExtendHold', minutes: input.minutes });
    },

    /** Staff let the car go: the purchase loses its hold (car not available), any deposit refunded. */
    async releaseHold(id: string, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      mustAllow(purchase, 'LoseHold');
      const holdId = purchase.state.context.hold?.holdId ?? '';
      return execute(purchase, { type: 'LoseHold', holdId, reason: 'released' });
    },

    /** Staff: the buyer took the car (a confirmed purchase); the withdrawal period starts now. */
    async recordHandover(id: string, call: FunnelCall) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'RecordHandover' });
    },

    /** The hold's timer fired (system): `LoseHold`. */
    async loseHold(
      id: string,
      input: { holdId: string; reason: 'expired' | 'car_withdrawn' },
      call: FunnelCall,
    ) {
      const purchase = await open(id, call);
      if (purchase.done) return purchase.done;
      return execute(purchase, { type: 'LoseHold', ...input });
    },
  });
}

export type PurchaseService = ReturnType<typeof createPurchaseService>;

/** What a purchase's 409 says besides the message (the HTTP layer adds the calls of what it allows). */
export type PurchaseRefusal = ReturnType<typeof where>;

/** A refusal (409 naming what is allowed) with where the purchase stands, unless it says already. */
function withWhere(error: unknown, purchase: OpenPurchase): unknown {
  if (!isDomainError(error, 'illegal_state') || !Array.isArray(error.details?.allowed)) return error;
  if (error.details?.status !== undefined) return error;
  return new IllegalStateError(error.message, { ...error.details, ...where(purchase.state) });
}

/** Where a purchase stands, for a 409's details: the step, the status, what it allows now. */
function where(state: PurchaseSnapshot) {
  return {
    purchaseId: state.context.purchaseId,
    carId: state.context.carId,
    locale: state.context.locale,
    step: currentStep(state),
    status: purchaseStatus(state),
    allowed: allowedCommands(state),
    reopenableSteps: reopenableSteps(state),
  };
}

function signedIn(actor: Actor): string {
  const customerId = actor.kind === 'buyer' ? actor.customerId : undefined;
  if (!customerId) throw ValidationError.field('customerId', 'sign in first');
  return customerId;
}

/** A field error named as the caller's input names it. */
function renameField(error: unknown, from: string, to: string): unknown {
  if (!(error instanceof ValidationError)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.details.fields).map(([key, value]) => [
      key.startsWith(from) ? to + key.slice(from.length) : key,
      value,
    ]),
  );
  return new ValidationError(error.message, fields);
}
