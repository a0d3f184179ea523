/**
 * The purchase screens of SPEC §2, answering JSON (the funnel's state) until the UI renders them; they
 * are registered before the server-rendered pages' wildcard, so they win over it.
 *
 * - `GET car_purchase_form{/step}`, `GET car_purchase_info` (`id` = the car's; new cars under the
 *   new-car prefix): the car, the market's terms, whether the buyer is signed in, and the buyer's
 *   purchase of this car (the one holding it, or having bought it) or null.
 * - `POST car_purchase_form` `{ action: 'start' }` (the default): starts the buyer's purchase of this car
 *   (201), or answers the one they have (200). A car held by the buyer's booking passes over to the
 *   purchase (conversion). Another buyer's hold → 201 with status `car-not-available`.
 *   `{ action: 'cancel', reason? }` cancels the buyer's purchase of the car.
 * - `POST car_purchase_form/{step}`: the account steps, which have no SPEC call of their own:
 *   `my-account` `{ termsAccepted, marketingOptIn }`, `sign-in-sign-up` `{ email }`, `sign-in` `{}` (after
 *   `ajax/login/sign-in`), `sign-up` `{}` (after `ajax/login/sign-up`); any other step `{}` goes back to
 *   that completed step (ReopenStep).
 * - `GET car_purchase_ok`, `car_purchase_payment_ko`, `car_not_available` (`id` = the purchase's): the
 *   purchase. Retrying a failed payment is `POST …/form/summary-step-5/{id}` again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { IllegalStateError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { REOPENABLE_STEPS } from '../../domain/purchase/commands.ts';
import type { ReopenableStep } from '../../domain/purchase/events.ts';
import { PURCHASE_STEPS, type PurchaseStep, type RouteBaseName } from '../../domain/routes/index.ts';
import { type BuyerCar, buyerFunnels } from '../../engine/funnels/buyerFunnels.ts';
import type { FunnelCall } from '../../engine/funnels/funnelCall.ts';
import type { PurchaseRefusal } from '../../engine/funnels/purchaseService.ts';
import type { PurchaseView } from '../../engine/funnels/purchaseView.ts';
import { ACCEPTS_JSON } from '../plugins/acceptConstraint.ts';
import { bookingScreenUrl } from './bookingLinks.ts';
import {
  buyerActor,
  carHoldVersion,
  carOfMarket,
  commandHeadersSchema,
  commandKey,
  type FunnelRoutesOptions,
  fastifyPaths,
  pageParams,
} from './funnelHttp.ts';
import { EMPTY_FORM, PURCHASE_FORMS } from './purchaseForms.ts';
import {
  ACCOUNT_STEPS,
  purchaseAnswer,
  purchaseCallLinks,
  purchaseFormRoute,
  purchasePageAnswer,
  purchasePageUrl,
} from './purchaseLinks.ts';
import {
  accountEmailBody,
  addConsentBody,
  emptyBody,
  purchaseOut,
  purchasePageOut,
  startOrCancelBody,
} from './purchaseSchemas.ts';

const isReopenable = (step: PurchaseStep): step is ReopenableStep =>
  (REOPENABLE_STEPS as readonly string[]).includes(step);
const ENDED = new Set(['cancelled', 'car-not-available']);
const FORMS = ['car_purchase_form', 'car_purchase_form_vn'] as const;
const INFOS = ['car_purchase_info', 'car_purchase_info_vn'] as const;
const OUTCOMES = ['car_purchase_ok', 'car_purchase_payment_ko', 'car_not_available'] as const;

/** The car's page route for its condition (a used car under the new-car prefix is no page). */
const pageRouteFits = (route: RouteBaseName, car: CarFacts) =>
  route.endsWith('_vn') === (purchaseFormRoute(car) === 'car_purchase_form_vn');

export async function purchasePages(fastify: FastifyInstance, options: FunnelRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { purchases } = options;
  const lookups = buyerFunnels(options);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The car of a page (404 unless listed in the page's market under the right prefix) and the buyer's funnels. */
  async function carPage(request: FastifyRequest, route: RouteBaseName, locale: Locale, actor: Actor) {
    const { id } = pageParams(request, route);
    const found = await lookups.ofCar(id ?? '', actor);
    carOfMarket(found?.car, locale);
    if (!found || !pageRouteFits(route, found.car.facts)) throw new NotFoundError(`no car ${id} here`);
    return { ...found, facts: found.car.facts };
  }

  const mineActive = (found: BuyerCar) =>
    found.purchase && !ENDED.has(found.purchase.status) ? found.purchase : undefined;

  function page(found: BuyerCar & { facts: CarFacts }, locale: Locale, request: FastifyRequest) {
    const { facts } = found;
    return purchasePageAnswer({
      car: found.car,
      facts,
      locale,
      signedIn: request.session.customerId !== undefined,
      purchase: found.purchase ? purchaseAnswer(found.purchase, facts) : null,
      booking: found.booking
        ? {
            bookingId: found.booking.bookingId,
            screen: found.booking.screen,
            page: bookingScreenUrl(found.booking.screen, facts, locale, found.booking.bookingId),
          }
        : null,
    });
  }

  /** The buyer's purchase of the page's car, for a command on it (404 when they have none). */
  async function mine(request: FastifyRequest, route: RouteBaseName, locale: Locale) {
    const actor = buyerActor(request);
    const found = await carPage(request, route, locale, actor);
    const purchase = found.purchase;
    if (!purchase) throw new NotFoundError(`no purchase of car ${found.facts.carId} for this buyer`);
    return { actor, purchase, facts: found.facts };
  }

  async function onPurchase(
    request: FastifyRequest,
    route: RouteBaseName,
    locale: Locale,
    call: string,
    run: (id: string, funnelCall: FunnelCall) => Promise<PurchaseView>,
  ) {
    const { actor, purchase, facts } = await mine(request, route, locale);
    const idempotencyKey = commandKey(request, call, purchase.purchaseId);
    try {
      return purchaseAnswer(await run(purchase.purchaseId, { actor, idempotencyKey }), facts);
    } catch (error) {
      // A 409 says where the buyer is and what they may call instead, as the SPEC calls' 409s do.
      if (!isDomainError(error, 'illegal_state') || !Array.isArray(error.details?.allowed)) throw error;
      const details = error.details as Partial<PurchaseRefusal>;
      const position = {
        purchaseId: purchase.purchaseId,
        locale: purchase.locale,
        allowedCommands: details.allowed ?? [],
        reopenableSteps: details.reopenableSteps ?? [],
      };
      const page = details.status
        ? purchasePageUrl({ ...position, status: details.status, step: details.step ?? null }, facts)
        : undefined;
      throw new IllegalStateError(error.message, {
        ...error.details,
        allowedCalls: purchaseCallLinks(position, facts),
        ...(page ? { page } : {}),
      });
    }
  }

  for (const locale of LOCALES) {
    for (const route of [...FORMS, ...INFOS]) {
      for (const path of fastifyPaths(route, locale)) {
        app.get(
          path,
          { constraints: ACCEPTS_JSON, schema: { response: { 200: purchasePageOut } } },
          async (request) =>
            page(await carPage(request, route, locale, buyerActor(request)), locale, request),
        );
      }
    }

    for (const route of FORMS) {
      const [withStep, withoutStep] = fastifyPaths(route, locale) as [string, string];
      app.post(
        withoutStep,
        {
          config: { form: PURCHASE_FORMS.start },
          schema: {
            headers: commandHeadersSchema,
            body: startOrCancelBody,
            response: { 200: purchaseOut, 201: purchaseOut },
          },
        },
        async (request, reply) => {
          const body = request.body ?? { action: 'start' };
          if (body.action === 'cancel') {
            const reason = body.reason ?? 'cancelled by the buyer';
            return onPurchase(request, route, locale, 'cancel', (id, call) =>
              purchases.cancel(id, { reason }, call),
            );
          }
          const actor = buyerActor(request, true);
          const found = await carPage(request, route, locale, actor);
          const resumed = mineActive(found);
          if (resumed) return purchaseAnswer(resumed, found.facts);
          const booking = found.booking;
          const fromBookingId =
            actor.kind === 'buyer' && actor.customerId && booking?.allowedCommands.includes('ConvertBooking')
              ? booking.bookingId
              : null;
          const idempotencyKey = commandKey(request, 'start', found.facts.carId, carHoldVersion(found.car));
          const started = await purchases.start(
            { carId: found.facts.carId, locale, fromBookingId },
            { actor, idempotencyKey },
            found.carRead,
          );
          return reply.status(201).send(purchaseAnswer(started, found.facts));
        },
      );

      const stepPath = (step: PurchaseStep) => withStep.replace(':step', step);
      const body = { headers: commandHeadersSchema, response: { 200: purchaseOut } };
      app.post(
        stepPath('my-account'),
        { config: { form: PURCHASE_FORMS.addConsent }, schema: { ...body, body: addConsentBody } },
        (request) =>
          onPurchase(request, route, locale, 'my-account', (id, call) =>
            purchases.passAccountStep(id, request.body, call),
          ),
      );
      app.post(
        stepPath('sign-in-sign-up'),
        { config: { form: PURCHASE_FORMS.email }, schema: { ...body, body: accountEmailBody } },
        (request) =>
          onPurchase(request, route, locale, 'sign-in-sign-up', (id, call) =>
            purchases.checkAccountEmail(id, request.body, call),
          ),
      );
      app.post(
        stepPath('sign-in'),
        { config: { form: EMPTY_FORM }, schema: { ...body, body: emptyBody } },
        (request) =>
          onPurchase(request, route, locale, 'sign-in', (id, call) =>
            purchases.recordSignIn(id, { method: 'password' }, call),
          ),
      );
      app.post(
        stepPath('sign-up'),
        { config: { form: EMPTY_FORM }, schema: { ...body, body: emptyBody } },
        (request) =>
          onPurchase(request, route, locale, 'sign-up', (id, call) => purchases.recordSignUp(id, call)),
      );
      for (const step of PURCHASE_STEPS.filter((s) => !ACCOUNT_STEPS.includes(s))) {
        app.post(
          stepPath(step),
          { config: { form: EMPTY_FORM }, schema: { ...body, body: emptyBody } },
          (request) =>
            onPurchase(request, route, locale, `reopen-${step}`, (id, call) => {
              if (!isReopenable(step)) throw ValidationError.field('step', 'is not a step to go back to');
              return purchases.reopenStep(id, { step }, call);
            }),
        );
      }
    }

    for (const route of OUTCOMES) {
      app.get(
        fastifyPaths(route, locale)[0] as string,
        {
          constraints: ACCEPTS_JSON,
          schema: { params: z.object({ id: z.string(), slug: z.string() }), response: { 200: purchaseOut } },
        },
        async (request) => {
          const { id } = pageParams(request, route);
          const view = await purchases.get(id ?? '', buyerActor(request));
          const facts = (await options.cars.read(view.carId))?.facts;
          if (!facts) throw new NotFoundError(`no car ${view.carId}`);
          return purchaseAnswer(view, facts);
        },
      );
    }
  }
}
