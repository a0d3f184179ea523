/**
 * The booking screens of SPEC §2 as JSON (to `Accept: application/json`; a browser gets the screens of
 * ui/pages/booking on the same paths) and the booking call `connect/ajax/bookingFunding/{id}`, on the
 * booking service (engine/funnels/bookingService.ts). `id` is the car's, `bookingId` the booking's (0: the form of a new booking). The
 * contact check's sign-in and sign-up are `ajax-booking/check-email` and `ajax-booking/login/{type}`
 * (customerAccountCalls.ts).
 *
 * | screen | GET | POST |
 * |---|---|---|
 * | `car_booking_form` (`/{bookingId}`) | the car, the market's terms, the buyer's booking (of this car, or `bookingId`'s) and purchase of it | bookingId 0: `{ action: start }` (default) starts (201) or answers the buyer's booking holding the car (200); `{ action: pay-deposit }` → the booking and `checkoutUrl`; `{ action: cancel, reason? }` |
 * | `car_booking_check_contact` (`/{bookingId}`) | the same | `{ method: signed_in \| signed_up }` once signed in: ConfirmContact, then the hold |
 * | `car_booking_limit` | the limit and the buyer's active bookings (each with its car) | — |
 * | `car_book_ok`, `car_book_ko`, `car_book_payment_ko` (`/{bookingId}`) | the booking | — |
 * | `connect/ajax/bookingFunding/{id}` (`id` = the booking's) | a finance simulation on the car's price (`?durationMonths=&downPayment=`) | — |
 *
 * A signed-in buyer's start goes on in the same request: contact check, a slot of the booking limit, the
 * car's hold (free markets: `car_book_ok`; de/pl: the deposit to pay). Errors as the purchase calls.
 * The POSTs also take the screens' urlencoded forms (bookingForms.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingTerms } from '../../domain/booking/bookingPolicy.ts';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { isDomainError, NotFoundError } from '../../domain/errors.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { purchaseCurrency } from '../../domain/purchase/purchasePolicy.ts';
import type { RouteBaseName } from '../../domain/routes/index.ts';
import type { BookingView } from '../../engine/funnels/bookingView.ts';
import { buyerFunnels } from '../../engine/funnels/buyerFunnels.ts';
import { ACCEPTS_JSON } from '../plugins/acceptConstraint.ts';
import { BOOKING_FORMS } from './bookingForms.ts';
import { bookingAnswer, bookingCar } from './bookingLinks.ts';
import {
  bookingFormBody,
  bookingFundingOut,
  bookingOut,
  bookingPageOut,
  checkContactBody,
  depositAnswerOut,
  limitPageOut,
} from './bookingSchemas.ts';
import {
  buyerActor,
  carHoldVersion,
  carOfMarket,
  commandHeadersSchema,
  commandKey,
  type FunnelRoutesOptions,
  fastifyPaths,
  IDEMPOTENCY_HEADER,
  pageParams,
} from './funnelHttp.ts';
import { purchaseLinks } from './purchaseLinks.ts';
import { simulationQuery } from './purchaseSchemas.ts';
import { fastifyPath } from './storefrontCalls.ts';

const OUTCOMES = ['car_book_ok', 'car_book_ko', 'car_book_payment_ko'] as const;

export async function bookingCalls(fastify: FastifyInstance, options: FunnelRoutesOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { bookings, cars, finance } = options;
  const clock = options.clock ?? (() => new Date());
  const lookups = buyerFunnels(options);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /**
   * The page's car (404 unless listed in its market), and the buyer's booking: `bookingId`'s (404 when
   * it is another buyer's or another car's), or for bookingId 0 the one holding the car, if any.
   */
  async function bookingPage(request: FastifyRequest, route: RouteBaseName, locale: Locale) {
    const params = pageParams(request, route);
    const actor = buyerActor(request);
    const found = await lookups.ofCar(params.id ?? '', actor);
    carOfMarket(found?.car, locale);
    const facts = found?.car.facts as CarFacts;
    let booking = found?.booking;
    const bookingId = params.bookingId ?? '0';
    if (bookingId !== '0') {
      booking = await bookings.get(bookingId, actor);
      if (booking.carId !== facts.carId)
        throw new NotFoundError(`no booking ${bookingId} of car ${facts.carId}`);
    }
    return { car: found!.car, facts, booking, purchase: found?.purchase, actor };
  }

  const answer = (view: BookingView, facts: CarFacts) => bookingAnswer(view, facts);
  const page = async (request: FastifyRequest, route: RouteBaseName, locale: Locale) => {
    const { car, facts, booking, purchase } = await bookingPage(request, route, locale);
    return {
      car: bookingCar(car, facts, locale),
      terms: bookingTerms(locale),
      signedIn: request.session.customerId !== undefined,
      booking: booking ? answer(booking, facts) : null,
      purchase: purchase
        ? { purchaseId: purchase.purchaseId, page: purchaseLinks(purchase, facts).page }
        : null,
    };
  };

  const headers = commandHeadersSchema;

  for (const locale of LOCALES) {
    for (const route of ['car_booking_form', 'car_booking_check_contact'] as const) {
      for (const path of fastifyPaths(route, locale)) {
        app.get(
          path,
          { constraints: ACCEPTS_JSON, schema: { response: { 200: bookingPageOut } } },
          (request) => page(request, route, locale),
        );
      }
    }

    for (const path of fastifyPaths('car_booking_form', locale)) {
      app.post(
        path,
        {
          config: { form: BOOKING_FORMS.booking },
          schema: {
            headers,
            body: bookingFormBody,
            response: { 200: depositAnswerOut, 201: depositAnswerOut },
          },
        },
        async (request, reply) => {
          const body = request.body ?? { action: 'start' as const };
          const { car, facts, booking, actor } = await bookingPage(request, 'car_booking_form', locale);
          if (body.action === 'start') {
            if (booking) return { ...answer(booking, facts), checkoutUrl: null };
            const starter = buyerActor(request, true);
            // The version also holds the buyer's active bookings: a start refused at the limit is a
            // new command once a slot is free (the car's hold, unchanged, would replay the refusal).
            const customerId = request.session.customerId;
            const active =
              customerId && request.headers[IDEMPOTENCY_HEADER] === undefined
                ? await lookups.activeBookingIds(customerId, clock().toISOString())
                : [];
            const version = `${carHoldVersion(car)}|${active.join(',')}`;
            const idempotencyKey = commandKey(request, 'start', facts.carId, version);
            const started = await bookings.start(
              { carId: facts.carId, locale },
              { actor: starter, idempotencyKey },
            );
            return reply.status(201).send({ ...answer(started, facts), checkoutUrl: null });
          }
          if (!booking) throw new NotFoundError(`no booking of car ${facts.carId} for this buyer`);
          const { bookingId } = booking;
          const call = {
            actor,
            idempotencyKey: commandKey(request, body.action, bookingId),
          };
          if (body.action === 'pay-deposit') {
            const paid = await bookings.requestDepositPayment(bookingId, call);
            return { ...answer(paid.booking, facts), checkoutUrl: paid.checkoutUrl };
          }
          return {
            ...answer(await bookings.cancel(bookingId, { reason: body.reason }, call), facts),
            checkoutUrl: null,
          };
        },
      );
    }

    for (const path of fastifyPaths('car_booking_check_contact', locale)) {
      app.post(
        path,
        {
          config: { form: BOOKING_FORMS.checkContact },
          schema: { headers, body: checkContactBody, response: { 200: bookingOut } },
        },
        async (request) => {
          const { facts, booking, actor } = await bookingPage(request, 'car_booking_check_contact', locale);
          if (!booking) throw new NotFoundError(`no booking of car ${facts.carId} for this buyer`);
          const key = commandKey(request, 'check-contact', booking.bookingId);
          const method = request.body?.method ?? 'signed_in';
          const view = await bookings.confirmContact(
            booking.bookingId,
            { method },
            { actor, idempotencyKey: key },
          );
          return answer(view, facts);
        },
      );
    }

    app.get(
      fastifyPaths('car_booking_limit', locale)[0] as string,
      { constraints: ACCEPTS_JSON, schema: { response: { 200: limitPageOut } } },
      async (request) => {
        const { car, facts, actor } = await bookingPage(request, 'car_booking_limit', locale);
        const customerId = request.session.customerId;
        const ids = customerId ? await lookups.activeBookingIds(customerId, clock().toISOString()) : [];
        const active = await Promise.all(ids.map((id) => bookings.get(id, actor).catch(() => undefined)));
        const activeBookings = await Promise.all(
          active
            .flatMap((view) => (view ? [view] : []))
            .map(async (view) => {
              const booked = view.carId === facts.carId ? car : await cars.read(view.carId);
              return booked?.facts
                ? { ...answer(view, booked.facts), car: bookingCar(booked, booked.facts, view.locale) }
                : undefined;
            }),
        );
        return {
          car: bookingCar(car, facts, locale),
          terms: bookingTerms(locale),
          limit: bookingTerms(locale).maxActiveBookings,
          activeBookings: activeBookings.flatMap((view) => (view ? [view] : [])),
        };
      },
    );

    for (const route of OUTCOMES) {
      for (const path of fastifyPaths(route, locale)) {
        app.get(
          path,
          { constraints: ACCEPTS_JSON, schema: { response: { 200: bookingOut } } },
          async (request) => {
            const { facts, booking } = await bookingPage(request, route, locale);
            if (!booking) throw new NotFoundError(`no booking of car ${facts.carId} for this buyer`);
            return answer(booking, facts);
          },
        );
      }
    }

    app.get(
      fastifyPath('ajax_booking_funding', locale),
      {
        schema: {
          params: z.object({ id: z.string().regex(/^\d{1,12}$/, 'digits') }),
          querystring: simulationQuery,
          response: { 200: bookingFundingOut },
        },
      },
      async (request) => {
        const booking = await bookings.get(request.params.id, buyerActor(request));
        const facts = (await cars.read(booking.carId))?.facts;
        if (!facts) throw new NotFoundError(`no car ${booking.carId}`);
        const asked = request.query.durationMonths !== undefined || request.query.downPayment !== undefined;
        const currency = purchaseCurrency(booking.locale);
        const simulation = await finance
          .quote({
            market: booking.locale,
            price: facts.price,
            downPayment: { amount: request.query.downPayment ?? 0, currency },
            durationMonths: request.query.durationMonths ?? 48,
          })
          .catch((error: unknown) => {
            if (asked || !isDomainError(error, 'validation')) throw error;
            return null;
          });
        return { booking: answer(booking, facts), simulation };
      },
    );
  }
}
