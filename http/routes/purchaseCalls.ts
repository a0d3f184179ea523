/**
 * SPEC §7's purchase calls under each locale's buying prefix (paths from the route table), on the
 * purchase service (engine/funnels/purchaseService.ts). `{id}` is the purchase's id. GET answers
 * `{ purchase, …the step's data }` and changes nothing; POST sends the step's command and answers the
 * purchase with its links (purchaseLinks.ts).
 *
 * | call | GET | POST body → command |
 * |---|---|---|
 * | `ajax/add-consent/{id}` | the account step | `{ termsAccepted: true, marketingOptIn }` → PassAccountStep |
 * | `ajax/payment/{id}` | the last payment | — |
 * | `connect/ajax/checkMyInfoStep/{id}` | + the profile's prefill | the my-infos form → SubmitInfos |
 * | `connect/ajax/checkDealerDistance/{id}` | + quotes (`?postcode=`) | `{ mode: pickup }` / `{ mode: home, postcode? }` → ChooseDelivery |
 * | `connect/ajax/form/recovery/{id}`, `tradein/update/{id}` | the trade-in | `{ action: value, vehicle }` / `accept, offerId` / `skip` / `use, valuationId` |
 * | `connect/ajax/tradein/{id}` | the trade-in | — |
 * | `connect/ajax/form/recovery/redirect/ead/{id}` | 303 to the recovery step | — |
 * | `connect/ajax/insurance/{id}` | + covers offered | `{ offerId \| null }` → ChooseInsurance |
 * | `connect/ajax/additional-optional/{id}` | + extras offered | `{ extraIds }` → ChooseExtras |
 * | `connect/ajax/funding/{id}` | + a simulation (`?durationMonths=&downPayment=`) | `{ action: cash }` / `finance, durationMonths, downPayment` / `apply, netMonthlyIncome, existingMonthlyCredit` |
 * | `connect/ajax/validate/finance/offer/{id}/{validate}` | the lender's decision vs `{validate}` | — |
 * | `connect/ajax/form/summary-step-5/{id}` | the summary | `{}` → RequestAdvancePayment (answer has `checkoutUrl`) |
 * | `getcarpurchase/{id}` | the purchase (resume) | — |
 *
 * Errors: bad body 400 with field messages; unknown or another buyer's purchase 404; a command the
 * state does not take 409 with `allowed` (commands), `step` and `allowedCalls` (where to send them).
 * POSTs need the CSRF token and take an `Idempotency-Key` (funnelHttp.ts).
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { IllegalStateError, isDomainError } from '../../domain/errors.ts';
import { LOCALES } from '../../domain/markets.ts';
import { FINANCE_DECISIONS, type RouteBaseName } from '../../domain/routes/index.ts';
import type { FunnelCall } from '../../engine/funnels/funnelCall.ts';
import type { PurchaseRefusal } from '../../engine/funnels/purchaseService.ts';
import type { PurchaseView } from '../../engine/funnels/purchaseView.ts';
import {
  buyerActor,
  commandHeadersSchema,
  commandKey,
  type FunnelRoutesOptions,
  moneyOut,
} from './funnelHttp.ts';
import { PURCHASE_FORMS } from './purchaseForms.ts';
import { purchaseAnswer, purchaseCallLinks, purchaseFormUrl, purchasePageUrl } from './purchaseLinks.ts';
import {
  addConsentBody,
  deliveryBody,
  deliveryQuoteOut,
  emptyBody,
  extraOfferOut,
  extrasBody,
  financeQuoteOut,
  fundingBody,
  insuranceBody,
  insuranceOfferOut,
  myInfosBody,
  type PurchaseOut,
  profilePrefillOut,
  purchaseOut,
  simulationQuery,
  tradeInBody,
} from './purchaseSchemas.ts';
import { fastifyPath } from './storefrontCalls.ts';

const params = z.object({ id: z.string().regex(/^\d{1,12}$/, 'digits') });
const stepOut = <T extends z.ZodRawShape>(shape: T) => z.object({ purchase: purchaseOut, ...shape });

export async function purchaseCalls(fastify: FastifyInstance, options: FunnelRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { purchases, cars, accounts } = options;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The car's listing, for the answers' links (its slug): a minute old at most (engine/funnels/carHolds.ts). */
  async function carOf(carId: string): Promise<CarFacts> {
    const facts = await cars.listing(carId);
    if (!facts) throw new Error(`car ${carId} has no listing`);
    return facts;
  }

  /** The view as the calls answer it: with the page and the calls of what is allowed now. */
  const answer = async (view: PurchaseView): Promise<PurchaseOut> =>
    purchaseAnswer(view, await carOf(view.carId));
  const read = async (request: FastifyRequest, id: string) =>
    answer(await purchases.get(id, buyerActor(request)));

  /** Runs a buyer's command; a 409 gains the calls of what the buyer may do instead. */
  async function command(
    request: FastifyRequest,
    call: RouteBaseName | string,
    id: string,
    run: (funnelCall: FunnelCall) => Promise<PurchaseView>,
  ) {
    const funnelCall = { actor: buyerActor(request), idempotencyKey: commandKey(request, call, id) };
    try {
      return await answer(await run(funnelCall));
    } catch (error) {
      throw await withAllowedCalls(error);
    }
  }

  /** A refusal names where the purchase stands and what it allows (the service says): their calls. */
  async function withAllowedCalls(error: unknown): Promise<unknown> {
    if (!isDomainError(error, 'illegal_state') || !Array.isArray(error.details?.allowed)) return error;
    const details = error.details as Partial<PurchaseRefusal>;
    if (!details.purchaseId || !details.carId || !details.locale || !details.reopenableSteps) return error;
    const position = {
      purchaseId: details.purchaseId,
      locale: details.locale,
      allowedCommands: details.allowed ?? [],
      reopenableSteps: details.reopenableSteps,
    };
    const car = await carOf(details.carId);
    const allowedCalls = purchaseCallLinks(position, car);
    const page = details.status
      ? purchasePageUrl({ ...position, status: details.status, step: details.step ?? null }, car)
      : undefined;
    return new IllegalStateError(error.message, {
      ...error.details,
      allowedCalls,
      ...(page ? { page } : {}),
    });
  }

  // Calls that carry several commands (an `action` field): one small handler per command.
  type Handlers<B extends { action: string }> = {
    [A in B['action']]: (
      id: string,
      body: Extract<B, { action: A }>,
      call: FunnelCall,
    ) => Promise<PurchaseView>;
  };
  const TRADE_IN: Handlers<z.output<typeof tradeInBody>> = {
    value: (id, { vehicle }, call) => purchases.valueTradeIn(id, { vehicle }, call),
    accept: (id, { offerId }, call) => purchases.acceptTradeIn(id, { offerId }, call),
    skip: (id, _body, call) => purchases.skipTradeIn(id, call),
    use: (id, { valuationId }, call) => purchases.useSavedValuation(id, { valuationId }, call),
  };
  const FUNDING: Handlers<z.output<typeof fundingBody>> = {
    cash: (id, _body, call) => purchases.chooseFunding(id, { mode: 'cash' }, call),
    finance: (id, { durationMonths, downPayment }, call) =>
      purchases.chooseFunding(id, { mode: 'finance', durationMonths, downPayment }, call),
    apply: (id, { netMonthlyIncome, existingMonthlyCredit }, call) =>
      purchases.applyForFinance(id, { netMonthlyIncome, existingMonthlyCredit }, call),
  };

  const post = { headers: commandHeadersSchema, params };

  for (const locale of LOCALES) {
    const path = (route: RouteBaseName) => fastifyPath(route, locale);

    app.get(path('get_car_purchase'), { schema: { params, response: { 200: purchaseOut } } }, (request) =>
      read(request, request.params.id),
    );

    // my-account (the terms of sale).
    app.get(
      path('ajax_add_consent'),
      { schema: { params, response: { 200: stepOut({}) } } },
      async (request) => ({ purchase: await read(request, request.params.id) }),
    );
    app.post(
      path('ajax_add_consent'),
      {
        config: { form: PURCHASE_FORMS.addConsent },
        schema: { ...post, body: addConsentBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_add_consent', request.params.id, (call) =>
          purchases.passAccountStep(request.params.id, request.body, call),
        ),
    );

    // my-infos: personal data to the vault, the coarse facts to the purchase.
    app.get(
      path('ajax_check_my_info_step'),
      { schema: { params, response: { 200: stepOut({ prefill: profilePrefillOut }) } } },
      async (request) => {
        const purchase = await read(request, request.params.id);
        const customerId = request.session.customerId;
        if (!customerId || purchase.customerId !== customerId) return { purchase, prefill: null };
        const { email: _email, ...personal } = (await accounts.profile(customerId)).personal;
        return { purchase, prefill: personal };
      },
    );
    app.post(
      path('ajax_check_my_info_step'),
      {
        config: { form: PURCHASE_FORMS.myInfos },
        schema: { ...post, body: myInfosBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_check_my_info_step', request.params.id, (call) =>
          purchases.submitInfos(request.params.id, request.body, call),
        ),
    );

    // delivery.
    app.get(
      path('ajax_check_dealer_distance'),
      {
        schema: {
          params,
          querystring: z.object({ postcode: z.string().trim().min(2).max(10).optional() }),
          response: {
            200: stepOut({
              quotes: z.array(deliveryQuoteOut),
              /** The postcode quoted: the one asked, else the buyer's address's (the field shows it). */
              postcode: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const actor = buyerActor(request);
        const options = await purchases.deliveryOptions(request.params.id, request.query, actor);
        return { purchase: await read(request, request.params.id), ...options };
      },
    );
    app.post(
      path('ajax_check_dealer_distance'),
      {
        config: { form: PURCHASE_FORMS.delivery },
        schema: { ...post, body: deliveryBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_check_dealer_distance', request.params.id, (call) =>
          purchases.chooseDelivery(request.params.id, request.body, call),
        ),
    );

    // recovery (trade-in): three calls, one step.
    for (const route of ['ajax_form_recovery', 'ajax_tradein_update', 'ajax_tradein'] as const) {
      app.get(path(route), { schema: { params, response: { 200: stepOut({}) } } }, async (request) => ({
        purchase: await read(request, request.params.id),
      }));
    }
    for (const route of ['ajax_form_recovery', 'ajax_tradein_update'] as const) {
      app.post(
        path(route),
        {
          config: { form: PURCHASE_FORMS.tradeIn },
          schema: { ...post, body: tradeInBody, response: { 200: purchaseOut } },
        },
        (request) => {
          const { id } = request.params;
          const body = request.body;
          return command(request, route, id, (call) => TRADE_IN[body.action](id, body as never, call));
        },
      );
    }
    app.get(
      path('ajax_form_recovery_redirect_ead'),
      { schema: { params, response: { 303: z.null().describe('To the purchase form’s recovery step') } } },
      async (request, reply) => {
        const purchase = await purchases.get(request.params.id, buyerActor(request));
        return reply.redirect(purchaseFormUrl(await carOf(purchase.carId), purchase.locale, 'recovery'), 303);
      },
    );

    // insurance and extras: what is offered for this car in its market.
    app.get(
      path('ajax_insurance'),
      { schema: { params, response: { 200: stepOut({ offers: z.array(insuranceOfferOut) }) } } },
      async (request) => {
        const offers = await purchases.offers(request.params.id, buyerActor(request));
        return { purchase: await read(request, request.params.id), offers: offers.insurance };
      },
    );
    app.post(
      path('ajax_insurance'),
      {
        config: { form: PURCHASE_FORMS.insurance },
        schema: { ...post, body: insuranceBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_insurance', request.params.id, (call) =>
          purchases.chooseInsurance(request.params.id, request.body, call),
        ),
    );
    app.get(
      path('ajax_additional_optional'),
      { schema: { params, response: { 200: stepOut({ extras: z.array(extraOfferOut) }) } } },
      async (request) => {
        const offers = await purchases.offers(request.params.id, buyerActor(request));
        return { purchase: await read(request, request.params.id), extras: offers.extras };
      },
    );
    app.post(
      path('ajax_additional_optional'),
      {
        config: { form: PURCHASE_FORMS.extras },
        schema: { ...post, body: extrasBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_additional_optional', request.params.id, (call) =>
          purchases.chooseExtras(request.params.id, request.body, call),
        ),
    );

    // funding: a simulation (GET), cash or finance, the application.
    app.get(
      path('ajax_funding'),
      {
        schema: {
          params,
          querystring: simulationQuery,
          response: { 200: stepOut({ simulation: financeQuoteOut.nullable() }) },
        },
      },
      async (request) => {
        const purchase = await read(request, request.params.id);
        const asked = request.query.durationMonths !== undefined || request.query.downPayment !== undefined;
        const input = {
          durationMonths: request.query.durationMonths ?? 48,
          downPayment: request.query.downPayment ?? purchase.summary.advancePayment.amount,
        };
        const simulation = purchase.financeRefused
          ? null
          : await purchases
              .simulateFinance(request.params.id, input, buyerActor(request))
              .catch((error: unknown) => {
                // Asked for: the buyer's numbers are wrong (400). Not asked: no simulation fits this purchase.
                if (asked || !isDomainError(error, 'validation')) throw error;
                return null;
              });
        return { purchase, simulation };
      },
    );
    app.post(
      path('ajax_funding'),
      {
        config: { form: PURCHASE_FORMS.funding },
        schema: { ...post, body: fundingBody, response: { 200: purchaseOut } },
      },
      (request) => {
        const { id } = request.params;
        const body = request.body;
        return command(request, 'ajax_funding', id, (call) => FUNDING[body.action](id, body as never, call));
      },
    );
    app.get(
      path('ajax_validate_finance_offer'),
      {
        schema: {
          params: params.extend({ validate: z.enum(FINANCE_DECISIONS) }),
          response: {
            200: stepOut({
              validate: z.enum(FINANCE_DECISIONS),
              decision: z.enum(FINANCE_DECISIONS).nullable(),
              matches: z.boolean().describe('The lender’s recorded decision is the one in the URL'),
            }),
          },
        },
      },
      // The lender's return URL: the decision comes from the lender's own answer, never from the URL.
      async (request) => {
        const purchase = await read(request, request.params.id);
        const { validate } = request.params;
        return {
          purchase,
          validate,
          decision: purchase.financeDecision,
          matches: purchase.financeDecision === validate,
        };
      },
    );

    // advance-payment: the summary, then the checkout.
    app.get(
      path('ajax_form_summary_step_5'),
      { schema: { params, response: { 200: stepOut({}) } } },
      async (request) => ({ purchase: await read(request, request.params.id) }),
    );
    app.post(
      path('ajax_form_summary_step_5'),
      {
        config: { form: PURCHASE_FORMS.payment },
        schema: { ...post, body: emptyBody, response: { 200: purchaseOut } },
      },
      (request) =>
        command(request, 'ajax_form_summary_step_5', request.params.id, (call) =>
          purchases.requestAdvancePayment(request.params.id, call),
        ),
    );
    app.get(
      path('ajax_payment'),
      {
        schema: {
          params,
          response: {
            200: stepOut({
              payment: z
                .object({ paymentId: z.string(), amount: moneyOut, status: z.string() })
                .nullable()
                .describe('The latest payment request'),
            }),
          },
        },
      },
      async (request) => {
        const purchase = await read(request, request.params.id);
        return { purchase, payment: purchase.payments.at(-1) ?? null };
      },
    );
  }
}
