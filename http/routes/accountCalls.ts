/**
 * The account area's calls (ui/pages/account): a signed-in customer's own purchases and bookings with
 * their timelines, and their own cars (SPEC §7 `add-my-car`, `add-my-car/image`, `add-my-car/update`,
 * under each locale like the other storefront calls).
 *
 * - `GET /api/account/funnels` → `{ purchases, bookings }` (domain/funnel/buyerFunnelList.ts), newest
 *   first; `GET /api/account/funnels/{purchase|booking}/{id}` → one of them. Another buyer's or an
 *   unknown id is 404, the same answer. Which funnels are the customer's comes from the funnels' read
 *   models (`ofCustomer`), each then read from its stream for the buyer (authoritative, and checked as
 *   theirs by the service).
 * - `GET add-my-car` → `{ cars, max, imageMaxBytes }`; `POST add-my-car` `{ brand, model, year,
 *   mileageKm, plate? }` → 201 `{ car }`; `POST add-my-car/update` `{ carId, action?: update | remove,
 *   …the same fields, expectedVersion? }` → `{ car }` or `{ removed: carId }`; `POST add-my-car/image`
 *   multipart `carId` + `image` (a JPEG, PNG or WebP up to 5 MB, recognised by its bytes) → `{ car }`;
 *   `GET add-my-car/image?carId=` → the picture, to its owner only.
 *
 * Everything needs a signed-in customer (401 otherwise). The urlencoded forms (and the picture's
 * multipart form) work without JavaScript: 303 to `_next`, or back with the messages by field
 * (plugins/formPosts.ts). The picture's form carries its `_csrf` in the multipart body, which is read
 * here before the token is checked (the global check runs before a multipart body is read).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BookingEvent } from '../../domain/booking/events.ts';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import {
  MAX_MY_CARS,
  MY_CAR_IMAGE_MAX_BYTES,
  myCarIdSchema,
  myCarViewSchema,
} from '../../domain/customers/myCars.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import {
  type AccountBooking,
  type AccountPurchase,
  accountBookingSchema,
  accountFunnelsSchema,
  accountPurchaseSchema,
} from '../../domain/funnel/buyerFunnelList.ts';
import { bookingTimelineItem, purchaseTimelineItem } from '../../domain/funnel/buyerTimeline.ts';
import { LOCALES } from '../../domain/markets.ts';
import { type PurchaseEvent, upcastPurchaseEvent } from '../../domain/purchase/events.ts';
import type { CustomerBills } from '../../engine/bills/customerBills.ts';
import type { CustomerCars } from '../../engine/customers/cars/customerCars.ts';
import type { BookingService } from '../../engine/funnels/bookingService.ts';
import type { CarHolds } from '../../engine/funnels/carHolds.ts';
import type { TimelineEntry } from '../../engine/funnels/funnelHistory.ts';
import type { PurchaseService } from '../../engine/funnels/purchaseService.ts';
import type { FunnelReadModels } from '../../projections/funnels/funnelReadModels.ts';
import { wantsJson } from '../plugins/acceptConstraint.ts';
import { csrfCheck } from '../plugins/csrf.ts';
import { ownPage } from '../plugins/formPosts.ts';
import { AccessError } from '../plugins/staffGuard.ts';
import { bookingLinks } from './bookingLinks.ts';
import { buyerActor } from './funnelHttp.ts';
import { ACCOUNT_FORMS } from './purchaseForms.ts';
import { purchaseFormUrl, purchaseLinks } from './purchaseLinks.ts';
import { fastifyPath } from './storefrontCalls.ts';
import { waitAtMost } from './waitAtMost.ts';

export interface AccountCallsOptions {
  readonly cars: CustomerCars;
  /** The bills added for the cars: a car's removal removes its bills' files too. */
  readonly bills?: Pick<CustomerBills, 'removeCar'>;
  /** The funnels (absent in apps without them: the list is then empty). */
  readonly funnels?: {
    readonly purchases: Pick<PurchaseService, 'get' | 'timeline'>;
    readonly bookings: Pick<BookingService, 'get' | 'timeline'>;
    readonly cars: Pick<CarHolds, 'read'>;
    /** The ids of the customer's purchases and bookings (read models: they may lag a moment). */
    readonly ofCustomer: (customerId: string) => Promise<{ purchaseIds: string[]; bookingIds: string[] }>;
  };
}

/**
 * A customer's purchase and booking ids from the funnels' read models, once they have caught up with
 * what was stored when asked (a funnel started a moment ago is listed), waiting at most `waitMs`.
 */
export function customerFunnelIds(
  readModels: Pick<FunnelReadModels, 'purchases' | 'bookings'>,
  caughtUp: () => Promise<void>,
  waitMs = 1000,
): (customerId: string) => Promise<{ purchaseIds: string[]; bookingIds: string[] }> {
  return async (customerId) => {
    await waitAtMost(caughtUp, waitMs);
    const purchaseIds: string[] = [];
    const bookingIds: string[] = [];
    for await (const rows of readModels.purchases.all({ customerId }))
      purchaseIds.push(...rows.map((row) => row.purchaseId));
    for await (const rows of readModels.bookings.all({ customerId }))
      bookingIds.push(...rows.map((row) => row.bookingId));
    return { purchaseIds, bookingIds };
  };
}

const signInFirst = () => new AccessError(401, 'unauthenticated', 'sign in first');

function customerOf(request: FastifyRequest): string {
  const { customerId } = request.session;
  if (!customerId) throw signInFirst();
  return customerId;
}

const atOf = (entry: TimelineEntry) =>
  typeof entry.metadata.at === 'string' ? entry.metadata.at : entry.recordedAt;

const funnelCar = (car: CarFacts) => ({
  carId: car.carId,
  brand: car.brand,
  model: car.model,
  version: car.version,
  condition: car.condition,
  price: car.price,
});

export async function accountCalls(fastify: FastifyInstance, options: AccountCallsOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { cars } = options;
  // Only this plugin's routes read multipart bodies (the picture's form).
  await app.register(multipart, {
    limits: { fileSize: MY_CAR_IMAGE_MAX_BYTES, files: 1, fields: 8, parts: 9 },
    throwFileSizeLimit: false,
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // ---- The customer's funnels -------------------------------------------------------------------

  const funnels = options.funnels;

  async function carOf(carId: string): Promise<CarFacts> {
    const car = (await funnels!.cars.read(carId))?.facts;
    if (!car) throw new NotFoundError(`car ${carId} not found`);
    return car;
  }

  async function purchaseOf(request: FastifyRequest, id: string): Promise<AccountPurchase> {
    const view = await funnels!.purchases.get(id, buyerActor(request));
    const [car, entries] = await Promise.all([carOf(view.carId), funnels!.purchases.timeline(id)]);
    const links = purchaseLinks(view, car);
    const s = view.summary;
    return {
      purchaseId: view.purchaseId,
      startedAt: entries[0] ? atOf(entries[0]) : '',
      car: funnelCar(car),
      status: view.status,
      step: view.step,
      funding: s.funding,
      amounts: {
        total: s.totalDue,
        advance: s.advancePayment,
        paid: s.advancePaid,
        balance: s.balanceAtDelivery,
        financeMonthly: s.financeMonthly,
      },
      holdUntil: view.hold?.until ?? null,
      links: { page: links.page, calls: links.calls },
      timeline: entries.map((entry) =>
        purchaseTimelineItem(upcastPurchaseEvent(entry as unknown as PurchaseEvent), atOf(entry)),
      ),
    };
  }

  async function bookingOf(request: FastifyRequest, id: string): Promise<AccountBooking> {
    const view = await funnels!.bookings.get(id, buyerActor(request));
    const [car, entries] = await Promise.all([carOf(view.carId), funnels!.bookings.timeline(id)]);
    const links = bookingLinks(view, car);
    return {
      bookingId: view.bookingId,
      startedAt: entries[0] ? atOf(entries[0]) : '',
      car: funnelCar(car),
      state: view.state,
      active: view.active,
      deposit: view.terms?.deposit ?? null,
      depositPaid: view.depositPaid,
      holdUntil: view.hold?.until ?? null,
      purchaseId: view.purchaseId,
      links: {
        page: links.page,
        calls: links.calls,
        buy: view.active && view.purchaseId === null ? purchaseFormUrl(car, view.locale) : null,
      },
      timeline: entries.map((entry) => bookingTimelineItem(entry as unknown as BookingEvent, atOf(entry))),
    };
  }

  const newestFirst = <T extends { startedAt: string }>(items: T[]) =>
    items.sort((a, b) => b.startedAt.localeCompare(a.startedAt));

  app.get(
    '/api/account/funnels',
    { schema: { response: { 200: accountFunnelsSchema } } },
    async (request) => {
      const customerId = customerOf(request);
      if (!funnels) return { purchases: [], bookings: [] };
      const { purchaseIds, bookingIds } = await funnels.ofCustomer(customerId);
      const [purchases, bookings] = await Promise.all([
        Promise.all(purchaseIds.map((id) => purchaseOf(request, id))),
        Promise.all(bookingIds.map((id) => bookingOf(request, id))),
      ]);
      return { purchases: newestFirst(purchases), bookings: newestFirst(bookings) };
    },
  );

  const funnelId = z.string().regex(/^\d{1,12}$/, 'digits');
  app.get(
    '/api/account/funnels/purchase/:id',
    { schema: { params: z.object({ id: funnelId }), response: { 200: accountPurchaseSchema } } },
    async (request) => {
      customerOf(request);
      if (!funnels) throw new NotFoundError('no funnels here');
      return purchaseOf(request, request.params.id);
    },
  );
  app.get(
    '/api/account/funnels/booking/:id',
    { schema: { params: z.object({ id: funnelId }), response: { 200: accountBookingSchema } } },
    async (request) => {
      customerOf(request);
      if (!funnels) throw new NotFoundError('no funnels here');
      return bookingOf(request, request.params.id);
    },
  );

  // ---- My cars -----------------------------------------------------------------------------------

  const carOut = z.object({ car: myCarViewSchema });
  const listOut = z.object({
    cars: z.array(myCarViewSchema),
    max: z.number().int(),
    imageMaxBytes: z.number().int(),
  });
  const carBody = z.looseObject({});
  const updateBody = z.looseObject({
    carId: z.string('is required'),
    action: z.enum(['update', 'remove']).default('update'),
    expectedVersion: z.number().int().positive().optional(),
  });

  for (const locale of LOCALES) {
    const addPath = fastifyPath('ajax_add_my_car', locale);
    app.get(addPath, { schema: { response: { 200: listOut } } }, async (request) => ({
      cars: await cars.list(customerOf(request)),
      max: MAX_MY_CARS,
      imageMaxBytes: MY_CAR_IMAGE_MAX_BYTES,
    }));
    app.post(
      addPath,
      { config: { form: ACCOUNT_FORMS.myCar }, schema: { body: carBody, response: { 201: carOut } } },
      async (request, reply) => {
        const car = await cars.add(customerOf(request), request.body);
        return reply.status(201).send({ car });
      },
    );

    app.post(
      fastifyPath('ajax_add_my_car_update', locale),
      {
        config: { form: ACCOUNT_FORMS.myCarUpdate },
        schema: {
          body: updateBody,
          response: { 200: z.union([carOut, z.object({ removed: z.string() })]) },
        },
      },
      async (request) => {
        const customerId = customerOf(request);
        const { carId, action, expectedVersion, ...facts } = request.body;
        if (action === 'remove') {
          const remove = () => cars.remove(customerId, carId);
          await (options.bills ? options.bills.removeCar(customerId, carId, remove) : remove());
          return { removed: carId };
        }
        return { car: await cars.update(customerId, carId, facts, { expectedVersion }) };
      },
    );

    const imagePath = fastifyPath('ajax_add_my_car_image', locale);
    app.get(
      imagePath,
      { schema: { querystring: z.object({ carId: myCarIdSchema, v: z.string().optional() }) } },
      async (request, reply) => {
        const image = await cars.image(customerOf(request), request.query.carId);
        // The URL names the car's version: a new picture is a new URL. Never in a shared cache.
        return reply
          .header('cache-control', 'private, max-age=86400')
          .header('content-type', image.contentType)
          .header('content-disposition', 'inline')
          .send(image.bytes);
      },
    );
    app.post(imagePath, { config: { csrf: false, form: {} } }, (request, reply) =>
      receiveImage(request, reply),
    );
  }

  /**
   * The picture's multipart post: fields and file read here, then the CSRF token checked (it is in the
   * body), then the picture stored. A browser's form is answered like the urlencoded forms.
   */
  async function receiveImage(request: FastifyRequest, reply: FastifyReply) {
    if (!request.isMultipart())
      throw ValidationError.field('image', 'send the picture as multipart/form-data with an "image" field');
    const fields: Record<string, string> = {};
    let image: Buffer | undefined;
    let truncated = false;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        image = await part.toBuffer();
        truncated = part.file.truncated;
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
    request.body = fields;
    await csrfCheck.call(request.server, request, reply);
    if (reply.sent) return reply;
    if (!wantsJson(request.headers.accept)) {
      const back = ownPage(fields._back) ?? ownPage(request.headers.referer) ?? '/';
      request.postedForm = {
        json: false,
        back,
        next: ownPage(fields._next),
        values: { carId: fields.carId ?? '' },
      };
    }
    const customerId = customerOf(request);
    const carId = fields.carId ?? '';
    if (truncated) {
      await cars.get(customerId, carId); // another's car is a 404 before anything about the picture
      throw ValidationError.field('image', `is over ${MY_CAR_IMAGE_MAX_BYTES} bytes`);
    }
    if (!image) throw ValidationError.field('image', 'is missing');
    return { car: await cars.setImage(customerId, carId, image) };
  }
}
