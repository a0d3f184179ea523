/**
 * "Sell your car" (SPEC `page_recovery_index`): an instant valuation outside a purchase, kept for the
 * buyer (engine/valuations/README.md).
 *
 * - `POST /{locale}/{recovery}[/{brand}[/{model}]]` (the page's own path) `{ brand, model, year,
 *   mileageKm, condition, fuel, key? }`, JSON or a plain `<form>` with `_csrf`: values the car now and
 *   stores the offer (valid 7 days). A form → 303 to the offer page (`page_recovery_offer`); refused → the
 *   same page again, status 400, with the messages by field and the values typed. JSON (the page's
 *   script) → 201 `{ valuation, links: { page } }`, or 400 `{ fields }`.
 * - `GET /api/valuations/{valuationId}` → `{ valuation }`: the buyer's own (their account's, or kept in
 *   this browser's session for a visitor); another's or unknown → 404.
 * - `GET /api/account/valuations` → `{ valuations }`: the signed-in customer's (read model), each with
 *   `valid` (its offer still holds now); 401 for a visitor.
 *
 * Retry and conflict: the form's `key` (made when the page is rendered) names the valuation, so a double
 * submit or a retried request answers the valuation stored first, never a second one. A visitor's
 * valuation ids wait in their session (the last MAX_SESSION_VALUATIONS) and join their account when they
 * sign in or up (`joinVisitorValuations`); joining again changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FUELS } from '../../domain/catalogue/vocabulary.ts';
import { isDomainError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { LOCALES, type Locale } from '../../domain/markets.ts';
import { generateUrl, routeName, SEGMENTS } from '../../domain/routes/index.ts';
import { isStillValid, type SavedValuation } from '../../domain/valuation/decideSavedValuation.ts';
import { SAVED_VALUATION_ID } from '../../domain/valuation/savedValuationEvents.ts';
import { TRADE_IN_CONDITIONS } from '../../domain/valuation/valuationRules.ts';
import { type SavedValuations, savedValuationId } from '../../engine/valuations/savedValuations.ts';
import type { ValuationQueries } from '../../projections/valuations/valuationQueries.ts';
import { wantsJson } from '../plugins/acceptConstraint.ts';
import { keepFormFlash } from '../plugins/formFlash.ts';
import { visitorIdOf } from '../plugins/principals.ts';
import { AccessError } from '../plugins/staffGuard.ts';
import type { PersonalPageRenderer } from '../ssr/ssrPlugin.ts';
import { waitAtMost } from './waitAtMost.ts';

declare module 'fastify' {
  interface Session {
    /** A visitor's valuations ("sell your car"), until they sign in or up: then they join the account. */
    valuationIds?: string[];
  }
}

/** How many of a visitor's valuations their session keeps (the newest). */
export const MAX_SESSION_VALUATIONS = 20;

export interface ValuationCallsOptions {
  readonly saved: Pick<SavedValuations, 'value' | 'get' | 'join'>;
  readonly queries: ValuationQueries;
  readonly clock: () => Date;
  /** Waits (briefly) until the read model has what was stored when asked (a valuation of a moment ago). */
  readonly caughtUp?: () => Promise<void>;
  /** Renders the form's page again with a refusal's messages (http/ssr/ssrPlugin.ts `personalPages`). */
  readonly renderPage?: PersonalPageRenderer;
}

/** A number typed in a form ('' is missing) or sent as JSON. */
const whole = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`),
  );
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'choose one from the list');

export const sellYourCarBody = z.object({
  brand: slug,
  model: slug,
  year: whole(1990, 2100),
  mileageKm: whole(0, 2_000_000),
  condition: z.enum(TRADE_IN_CONDITIONS),
  fuel: z.enum(FUELS),
  /** Made with the form: the same key is the same valuation (a double submit, a retry). */
  key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, _ or -')
    .optional(),
});

const valuationOut = (valuation: SavedValuation, at: string) => ({
  valuationId: valuation.valuationId,
  market: valuation.market,
  vehicle: valuation.vehicle,
  offer: valuation.offer,
  valuedAt: valuation.valuedAt,
  validUntil: valuation.validUntil,
  valid: isStillValid(valuation, at),
  usedIn: valuation.usedIn,
  kept: valuation.customerId === null ? ('browser' as const) : ('account' as const),
});

export type ValuationJson = ReturnType<typeof valuationOut>;

const offerPage = (locale: Locale, valuationId: string) =>
  generateUrl(routeName('page_recovery_offer', locale), { valuationId });

/** Messages by field of a refused valuation (zod's or the valuation's own: an unknown model, a future year). */
function refusalFields(error: unknown): Record<string, string[]> | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_form';
      fields[key] = [...(fields[key] ?? []), issue.message ?? 'is not valid'];
    }
    return fields;
  }
  if (error instanceof z.ZodError) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const key = issue.path.join('.') || '_form';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    return fields;
  }
  if (isDomainError(error, 'validation')) {
    const fields = (error.details as { fields?: Record<string, string[]> } | undefined)?.fields;
    return fields ? { ...fields } : { _form: [error.message] };
  }
  return undefined;
}

/** The form's values to show again (never its own `_` fields). */
function typedValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      if (!name.startsWith('_') && (typeof value === 'string' || typeof value === 'number'))
        values[name] = String(value);
    }
  }
  return values;
}

/** Whether this buyer may see the valuation: their account's, or in this browser's session. */
function mayRead(request: FastifyRequest, valuation: SavedValuation): boolean {
  const { customerId, valuationIds = [] } = request.session;
  if (valuation.customerId !== null) return valuation.customerId === customerId;
  return valuationIds.includes(valuation.valuationId);
}

export async function valuationCalls(
  fastify: FastifyInstance,
  options: ValuationCallsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { saved, queries, clock } = options;

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  async function value(
    request: FastifyRequest<{ Body: z.output<typeof sellYourCarBody> }>,
    reply: FastifyReply,
    locale: Locale,
  ) {
    const plainForm = !wantsJson(request.headers.accept);
    try {
      // The route's schema refused the body: the same answers as the valuation's own refusals.
      if (request.validationError) throw request.validationError;
      const { key, ...vehicle } = request.body;
      const customerId = request.session.customerId ?? null;
      const owner = customerId ?? visitorIdOf(request);
      const valuationId = savedValuationId(owner, key, () => crypto.randomUUID());
      const valuation = await saved.value({ valuationId, market: locale, vehicle, customerId });
      if (valuation.customerId === null) {
        const kept = (request.session.valuationIds ?? []).filter((id) => id !== valuationId);
        request.session.valuationIds = [...kept, valuationId].slice(-MAX_SESSION_VALUATIONS);
      }
      const page = offerPage(locale, valuationId);
      if (plainForm) return reply.redirect(page, 303);
      return reply
        .code(201)
        .send({ valuation: valuationOut(valuation, clock().toISOString()), links: { page } });
    } catch (error) {
      const fields = refusalFields(error);
      if (!fields) throw error;
      if (plainForm && options.renderPage) {
        const path = request.url.split('?')[0] ?? request.url;
        keepFormFlash(request, { path, fields, values: typedValues(request.body) });
        return options.renderPage(request, reply, 400);
      }
      throw new ValidationError('the car cannot be valued as described', fields);
    }
  }

  for (const locale of LOCALES) {
    const base = `/${locale}/${SEGMENTS.recovery[locale]}`;
    for (const path of [base, `${base}/:brand`, `${base}/:brand/:model`]) {
      app.post(
        path,
        // Refusals are answered here (a plain form gets its page again with status 400), not by the error handler.
        { schema: { body: sellYourCarBody, hide: path !== base }, attachValidation: true },
        (request, reply) => value(request, reply, locale),
      );
    }
  }

  app.get(
    '/api/valuations/:valuationId',
    { schema: { params: z.object({ valuationId: z.string().regex(SAVED_VALUATION_ID, 'a valuation id') }) } },
    async (request) => {
      const { valuationId } = request.params;
      const valuation = await saved.get(valuationId);
      if (!valuation || !mayRead(request, valuation))
        throw new NotFoundError(`valuation ${valuationId} not found`, { valuationId });
      return { valuation: valuationOut(valuation, clock().toISOString()) };
    },
  );

  app.get('/api/account/valuations', async (request) => {
    const { customerId } = request.session;
    if (!customerId) throw new AccessError(401, 'unauthenticated', 'sign in first');
    if (options.caughtUp) await waitAtMost(options.caughtUp, 2000);
    const at = clock().toISOString();
    const valuations = await queries.ofCustomer(customerId);
    return {
      valuations: valuations.map((v) => ({ ...v, valid: isStillValid(v, at) })),
    };
  });
}

/**
 * At sign-in or sign-up: the valuations this browser made as a visitor join the account, then leave the
 * session. One that is gone or another's is skipped; retrying joins nothing twice.
 */
export function joinVisitorValuations(saved: Pick<SavedValuations, 'join'>) {
  return async ({ customerId, session }: { customerId: string; session?: Session }) => {
    const ids = session?.valuationIds ?? [];
    if (ids.length === 0) return;
    await saved.join(ids, customerId);
    if (session) session.valuationIds = undefined;
  };
}
