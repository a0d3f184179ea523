/**
 * Dealer appointments over HTTP (domain/appointment/README.md): the SPEC screens `dealer_appointment`
 * and `dealer_appointment_confirmation` as JSON (a browser gets ui/pages/appointment on the same paths),
 * the booking form's POST, SPEC §7 `{dealers}/ajax/form-appointment` (GET: free slots; POST: cancel or
 * move), `ajax/widget-hourly/{idApi}`, `ajax/prise-rdv-by-brand/{label}` and the account's list
 * `ajax/my-appointments`.
 *
 * A form posted without JavaScript and refused is answered with the page itself (400 bad fields, slot
 * outside hours or past; 409 a full slot, with the next free slots) in the buyer's language; JSON gets
 * the error (400 / 409 with `nextFree`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_PURPOSES,
  type AppointmentPurpose,
  appointmentIdSchema,
  appointmentPlace,
  daySchema,
  purposeSchema,
  SLOT_CAPACITY,
  SLOT_MINUTES,
  timeSchema,
} from '../../domain/appointment/schemas.ts';
import { localDay } from '../../domain/appointment/slots.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { emailSchema, nameSchema, phoneSchema } from '../../domain/customers/personalData.ts';
import { type DomainError, isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { LOCALES, type Locale, MARKETS, marketOf } from '../../domain/markets.ts';
import { generateUrl, matchUrl, ROUTES } from '../../domain/routes/index.ts';
import { validate } from '../../domain/validate.ts';
import type { AppointmentService, AppointmentView } from '../../engine/appointments/appointmentService.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import type { AppointmentQueries } from '../../projections/appointments/appointmentsProjection.ts';
import type { DealerView } from '../../projections/catalogue/catalogueQueries.ts';
import { ACCEPTS_JSON } from '../plugins/acceptConstraint.ts';
import { keepFormFlash } from '../plugins/formFlash.ts';
import type { FormRoute } from '../plugins/formPosts.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { buyerActor, commandKey } from './funnelHttp.ts';
import { fastifyPath } from './storefrontCalls.ts';

export interface AppointmentCallsOptions {
  readonly appointments: AppointmentService;
  /** The market's dealers (the page without a dealer, `prise-rdv-by-brand`). */
  readonly dealers: { dealers(country: Dealer['address']['country']): Promise<DealerView[]> };
  /** The signed-in buyer's details to prefill the form. */
  readonly accounts?: Pick<CustomerAccounts, 'profile'>;
  /** The appointments' read model (the account's list) and how to wait for it to catch up. */
  readonly queries?: AppointmentQueries;
  readonly caughtUp?: () => Promise<void>;
  readonly clock?: () => Date;
}

declare module 'fastify' {
  interface Session {
    /** The appointments booked in this browser (a visitor sees and manages them without a link). */
    appointmentIds?: string[];
  }
}

const idApi = z.string().regex(/^\d{1,12}$/, 'digits');
/** A reference id from another flow (a trade-in valuation): kept as it is, never personal. */
const referenceId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a reference');
const slotSchema = z
  .string('is required')
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'is not a slot')
  .transform((slot) => ({ day: slot.slice(0, 10), time: slot.slice(11, 16) }))
  .pipe(z.object({ day: daySchema, time: timeSchema }));

export const appointmentPageQuery = z.object({
  purpose: purposeSchema.optional().catch(undefined),
  valuation: referenceId.optional().catch(undefined),
  from: daySchema.optional().catch(undefined),
});
export const bookBody = z.object({
  purpose: purposeSchema,
  slot: slotSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  valuation: z.preprocess((v) => (v === '' ? undefined : v), referenceId.optional()),
});
export const confirmationQuery = z.object({
  id: appointmentIdSchema.optional().catch(undefined),
  token: z.string().max(200).optional(),
  from: daySchema.optional().catch(undefined),
});
export const manageBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('cancel'),
    appointmentId: appointmentIdSchema,
    token: z.string().max(200).optional(),
  }),
  z.object({
    action: z.literal('move'),
    appointmentId: appointmentIdSchema,
    token: z.string().max(200).optional(),
    slot: slotSchema,
  }),
]);
const slotsQuery = z.object({
  purpose: purposeSchema.optional().catch(undefined),
  from: daySchema.optional().catch(undefined),
  days: z.coerce.number().int().min(1).max(31).optional().catch(undefined),
  idApi: idApi.optional(),
});

const dealerOut = (dealer: Dealer) => ({
  dealerId: dealer.dealerId,
  name: dealer.name,
  slug: dealer.slug,
  street: dealer.address.street,
  postcode: dealer.address.postcode,
  city: dealer.address.city,
  phone: dealer.phone,
  brands: dealer.brands,
  openingHours: dealer.openingHours,
});

/** The form's answer: where the buyer goes (the confirmation, signed by the session or the token). */
const pageOf = (answer: unknown) => (answer as { links?: { page?: string } } | undefined)?.links?.page;
export const APPOINTMENT_FORMS = {
  // From the account's list (its `_next`), back there; else the appointment's page.
  manage: { next: (answer, posted) => posted.next ?? pageOf(answer) },
} satisfies Record<string, FormRoute>;

const appointmentOut = (view: AppointmentView) => {
  const { contactId: _contact, ...rest } = view;
  return rest;
};

export async function appointmentCalls(
  fastify: FastifyInstance,
  options: AppointmentCallsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { appointments } = options;
  const clock = options.clock ?? (() => new Date());

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const confirmationUrl = (
    view: AppointmentView,
    dealer: Pick<Dealer, 'slug' | 'dealerId'>,
    token?: string,
  ) =>
    `${generateUrl(`dealer_appointment_confirmation.${view.locale}`, { slug: dealer.slug, idApi: dealer.dealerId })}?${
      token ? `token=${encodeURIComponent(token)}` : `id=${view.appointmentId}`
    }`;

  /** The dealer of a page's path (404 unless open in the locale's market). */
  async function dealerOfPage(request: FastifyRequest, locale: Locale): Promise<Dealer | undefined> {
    const match = matchUrl(request.url.split('?')[0] ?? '');
    const id = match?.params.idApi;
    if (!id) return undefined;
    const dealer = await appointments.dealer(id, locale);
    if (!dealer) throw new NotFoundError(`no dealer ${id} in market ${locale}`);
    return dealer;
  }

  /** Whether this request may see and change the appointment: its booker's session, its customer, its mail's token. */
  function mayManage(request: FastifyRequest, view: AppointmentView, token: string | undefined): boolean {
    if (token && appointments.openToken(token) === view.appointmentId) return true;
    if (request.session.appointmentIds?.includes(view.appointmentId)) return true;
    const { customerId } = request.session;
    return customerId !== undefined && view.customerId === customerId;
  }

  const remember = (request: FastifyRequest, id: string) => {
    request.session.appointmentIds = [
      ...(request.session.appointmentIds ?? []).filter((x) => x !== id),
      id,
    ].slice(-20);
  };

  /**
   * A form posted without JavaScript and refused: the page it came from, rendered again with the messages
   * by field and the values typed, with the refusal's status.
   */
  async function refusedPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 400 | 409,
    fields: Record<string, readonly string[]>,
  ) {
    const posted = request.postedForm!;
    const path = posted.back.split('?')[0] ?? posted.back;
    keepFormFlash(request, {
      path,
      fields: { ...fields } as Record<string, string[]>,
      values: posted.values,
    });
    await request.session.save();
    const page = await fastify.inject({
      method: 'GET',
      url: posted.back,
      headers: { accept: 'text/html', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
      remoteAddress: request.ip,
    });
    request.session.formFlash = undefined;
    return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(page.body);
  }

  /** A refusal of a form or a JSON call: the page again (form), else the error handler's answer. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    nextFree: () => Promise<unknown>,
  ) {
    const form = request.postedForm && !request.postedForm.json;
    if (isDomainError(error, 'validation') || isDomainError(error, 'conflict')) {
      const full = (error as DomainError).details?.reason === 'slot_full';
      const fields = ((error as DomainError).details?.fields ?? {}) as Record<string, string[]>;
      if (form) return refusedPage(request, reply, full ? 409 : 400, fields);
      if (full) {
        return reply.code(409).send({
          error: 'conflict',
          message: (error as Error).message,
          reason: 'slot_full',
          fields,
          nextFree: await nextFree(),
        });
      }
    }
    throw error;
  }

  const slotsOf = async (dealer: Dealer, locale: Locale, query: z.output<typeof slotsQuery>) => {
    const purpose = query.purpose ?? 'test-drive';
    return {
      dealerId: dealer.dealerId,
      purpose,
      slotMinutes: SLOT_MINUTES,
      capacity: SLOT_CAPACITY[purpose],
      timeZone: marketOf(locale).timeZone,
      today: localDay(clock(), marketOf(locale).timeZone),
      days: await appointments.freeSlots(dealer, locale, purpose, {
        ...(query.from ? { from: query.from } : {}),
        ...(query.days ? { days: query.days } : {}),
      }),
    };
  };

  for (const locale of LOCALES) {
    const country = MARKETS[locale].country;

    // The appointment page's JSON: the dealer, the purposes, a week of free slots, the buyer's details.
    const prefix = ROUTES.dealer_appointment.paths[locale].split('{')[0]!;
    const pageJson = async (request: FastifyRequest, query: z.output<typeof appointmentPageQuery>) => {
      {
        const dealer = await dealerOfPage(request, locale);
        const purpose: AppointmentPurpose = query.purpose ?? 'test-drive';
        const customerId = request.session.customerId;
        const profile =
          customerId && options.accounts
            ? await options.accounts.profile(customerId).catch(() => undefined)
            : undefined;
        const prefill = profile
          ? {
              firstName: profile.personal.firstName,
              lastName: profile.personal.lastName,
              email: profile.personal.email,
              phone: profile.personal.phone ?? '',
            }
          : null;
        if (!dealer) {
          const dealers = await options.dealers.dealers(country);
          return {
            dealer: null,
            purpose,
            purposes: APPOINTMENT_PURPOSES,
            valuationId: query.valuation ?? null,
            dealers: dealers.map((d) => ({
              dealerId: d.dealerId,
              name: d.name,
              city: d.city,
              postcode: d.postcode,
              url: generateUrl(`dealer_appointment.${locale}`, { slug: d.slug, idApi: d.dealerId }),
            })),
          };
        }
        const from = query.from;
        return {
          dealer: dealerOut(dealer),
          purpose,
          purposes: APPOINTMENT_PURPOSES,
          valuationId: query.valuation ?? null,
          signedIn: customerId !== undefined,
          prefill,
          slots: await slotsOf(dealer, locale, { purpose, ...(from ? { from } : {}), days: 7 }),
          nextFree: from ? await appointments.nextFree(dealer, locale, purpose, from) : [],
          widget: generateUrl(`ajax_widget_hourly.${locale}`, { idApi: dealer.dealerId }),
        };
      }
    };

    /** Cancel or move: the SPEC call's POST, and the confirmation page's own forms. */
    const manageAppointment = async (request: FastifyRequest, reply: FastifyReply) => {
      let body: z.output<typeof manageBody>;
      try {
        body = validate(manageBody, request.body, 'appointment');
      } catch (error) {
        return refuse(request, reply, error, async () => []);
      }
      const view = await appointments.get(body.appointmentId);
      if (!mayManage(request, view, body.token))
        throw new NotFoundError(`no appointment ${body.appointmentId}`);
      const dealer = await appointments.dealer(view.dealerId, view.locale);
      if (!dealer) throw new NotFoundError(`no dealer ${view.dealerId}`);
      const call = {
        actor: buyerActor(request),
        idempotencyKey: commandKey(request, body.action, view.appointmentId, view.status),
      };
      try {
        const done =
          body.action === 'cancel'
            ? await appointments.cancel(view.appointmentId, 'buyer_cancelled', call)
            : await appointments.move(view.appointmentId, body.slot, call);
        remember(request, done.appointmentId);
        const token = body.token ? appointments.token(done.appointmentId) : undefined;
        return { appointment: appointmentOut(done), links: { page: confirmationUrl(done, dealer, token) } };
      } catch (error) {
        return refuse(request, reply, error, () =>
          body.action === 'move'
            ? appointments.nextFree(dealer, view.locale, view.purpose, body.slot.day)
            : Promise.resolve([]),
        );
      }
    };

    // Booking: the form's POST (and the same as JSON).
    app.post(
      `${prefix}/*`,
      // The body is checked in the handler: a refused form is answered with its page (400), not a 303.
      {
        config: { form: APPOINTMENT_FORMS.manage, rateLimit: routeRateLimit('appointment') },
        schema: { body: z.record(z.string(), z.unknown()) },
      },
      async (request, reply) => {
        const route = matchUrl(request.url.split('?')[0] ?? '')?.route;
        // The confirmation page's cancel and move forms post to the page itself (a refusal is that page).
        if (route === 'dealer_appointment_confirmation') return manageAppointment(request, reply);
        if (route !== 'dealer_appointment') throw new NotFoundError(`no route for POST ${request.url}`);
        const dealer = (await dealerOfPage(request, locale))!;
        let body: z.output<typeof bookBody>;
        try {
          body = validate(bookBody, request.body, 'appointment');
        } catch (error) {
          return refuse(request, reply, error, async () => []);
        }
        const actor: Actor = buyerActor(request, true);
        const key = commandKey(request, 'appointment', dealer.dealerId, `${body.slot.day}`);
        try {
          const view = await appointments.book(
            {
              dealerId: dealer.dealerId,
              locale,
              purpose: body.purpose,
              day: body.slot.day,
              time: body.slot.time,
              contact: {
                firstName: body.firstName,
                lastName: body.lastName,
                email: body.email,
                phone: body.phone,
              },
              valuationId: body.valuation ?? null,
            },
            { actor, idempotencyKey: key },
          );
          remember(request, view.appointmentId);
          return reply.code(201).send({
            appointment: appointmentOut(view),
            links: { page: confirmationUrl(view, dealer) },
          });
        } catch (error) {
          return refuse(request, reply, error, () =>
            appointments.nextFree(dealer, locale, body.purpose, body.slot.day),
          );
        }
      },
    );

    // The confirmation (and manage) page's JSON: the booker's session, the customer, or the mail's token.
    const confirmationJson = async (request: FastifyRequest, query: z.output<typeof confirmationQuery>) => {
      {
        const dealer = (await dealerOfPage(request, locale))!;
        const { token, from } = query;
        const id = query.id ?? (token ? appointments.openToken(token) : undefined);
        if (!id || appointmentPlace(id)?.dealerId !== dealer.dealerId)
          throw new NotFoundError('no appointment');
        const view = await appointments.get(id);
        if (!mayManage(request, view, token)) throw new NotFoundError(`no appointment ${id}`);
        const contact = await appointments.contact(view);
        const changeable = view.status === 'booked' && Date.parse(view.start) > clock().getTime();
        return {
          appointment: appointmentOut(view),
          dealer: dealerOut(dealer),
          contact: contact ?? null,
          token: appointments.token(view.appointmentId),
          changeable,
          slots: changeable
            ? await slotsOf(dealer, locale, { purpose: view.purpose, ...(from ? { from } : {}), days: 7 })
            : null,
          links: {
            manage: generateUrl(`dealer_ajax_form_appointment.${locale}`),
            movedTo: view.movedTo
              ? confirmationUrl(
                  { ...view, appointmentId: view.movedTo },
                  dealer,
                  token ? appointments.token(view.movedTo) : undefined,
                )
              : null,
          },
        };
      }
    };

    // The screens' JSON. Dealer slugs hold slashes (region/city), so the paths are taken by a wildcard
    // under the appointment segment and read back with the route table.
    app.get(prefix, { constraints: ACCEPTS_JSON }, (request) =>
      pageJson(request, validate(appointmentPageQuery, request.query, 'query')),
    );
    app.get(`${prefix}/*`, { constraints: ACCEPTS_JSON }, async (request) => {
      const route = matchUrl(request.url.split('?')[0] ?? '')?.route;
      if (route === 'dealer_appointment')
        return pageJson(request, validate(appointmentPageQuery, request.query, 'query'));
      if (route === 'dealer_appointment_confirmation')
        return confirmationJson(request, validate(confirmationQuery, request.query, 'query'));
      throw new NotFoundError(`no route for GET ${request.url}`);
    });

    // SPEC §7 form-appointment: GET a dealer's free slots (`?idApi=&purpose=`), POST cancel or move.
    const manage = fastifyPath('dealer_ajax_form_appointment', locale);
    app.get(manage, { schema: { querystring: slotsQuery } }, async (request) => {
      if (!request.query.idApi) throw ValidationError.field('idApi', 'is required');
      const dealer = await appointments.dealer(request.query.idApi, locale);
      if (!dealer) throw new NotFoundError(`no dealer ${request.query.idApi} in market ${locale}`);
      return slotsOf(dealer, locale, request.query);
    });
    app.post(
      manage,
      {
        config: { form: APPOINTMENT_FORMS.manage, rateLimit: routeRateLimit('appointment') },
        schema: { body: z.record(z.string(), z.unknown()) },
      },
      manageAppointment,
    );

    // SPEC "widget hourly/{idApi}": the slot picker's data.
    app.get(
      fastifyPath('ajax_widget_hourly', locale),
      { schema: { querystring: slotsQuery } },
      async (request) => {
        const { idApi: id } = request.params as { idApi: string };
        const dealer = await appointments.dealer(id, locale);
        if (!dealer) throw new NotFoundError(`no dealer ${id} in market ${locale}`);
        return slotsOf(dealer, locale, request.query);
      },
    );

    // SPEC "prise-rdv-by-brand/{label}": the market's dealers of a brand with their appointment links.
    app.get(fastifyPath('ajax_prise_rdv_by_brand', locale), async (request) => {
      const { label } = request.params as { label: string };
      const dealers = (await options.dealers.dealers(country)).filter((d) => d.brands.includes(label));
      return dealers.map((d) => ({
        dealerId: d.dealerId,
        name: d.name,
        city: d.city,
        postcode: d.postcode,
        url: generateUrl(`dealer_appointment.${locale}`, { slug: d.slug, idApi: d.dealerId }),
      }));
    });

    // The account area's list: the signed-in customer's appointments (401 for a visitor).
    app.get(fastifyPath('ajax_my_appointments', locale), async (request, reply) => {
      const customerId = request.session.customerId;
      if (!customerId) return reply.code(401).send({ error: 'unauthorized', message: 'sign in first' });
      if (!options.queries) return [];
      await options.caughtUp?.();
      const items = await options.queries.ofCustomer(customerId);
      const out = [];
      for (const item of items) {
        const dealer = await appointments.dealer(item.dealerId, item.locale as Locale);
        out.push({
          ...item,
          dealerName: dealer?.name ?? null,
          page: dealer
            ? `${generateUrl(`dealer_appointment_confirmation.${locale}`, { slug: dealer.slug, idApi: dealer.dealerId })}?id=${item.appointmentId}`
            : null,
        });
      }
      return out;
    });
  }
}
