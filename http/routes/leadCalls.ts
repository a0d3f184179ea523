/**
 * SPEC §7's ten lead calls (domain/leads/README.md; paths: domain/routes/leadRoutes.ts). POST sends a
 * form: as JSON or as a plain `<form>` post (plugins/formPosts.ts: 303 to the thank-you page, or back to
 * the form's page with the messages by field); GET describes the form (its kind, the consent text's
 * version, a hub's dealers to choose from).
 *
 * - Spam: the honeypot field (a bot is thanked, nothing is stored) and the `leadForm` rate limit per IP.
 * - Retry: an `Idempotency-Key` header (the script's), else the form's `formKey` field (a random key the
 *   server puts in each page it sends), makes a retried request the same lead (same id, no second event,
 *   no second mail); without either, each post is a new lead.
 * - Errors: bad fields 400 by field; an unknown car, dealer, hub or brand 404; over the limit 429.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HONEYPOT_FIELD, LEAD_CONSENT_VERSION } from '../../domain/leads/leadFields.ts';
import { ROUTING_OF } from '../../domain/leads/routing.ts';
import type { LeadKind } from '../../domain/leads/schemas.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, type RouteBaseName } from '../../domain/routes/index.ts';
import type { LeadFacts, LeadService, LeadTarget } from '../../engine/leads/leadService.ts';
import type { FormRoute } from '../plugins/formPosts.ts';
import { buyerOf, visitorIdOf } from '../plugins/principals.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { fastifyPaths } from './funnelHttp.ts';

export interface LeadCallsOptions {
  readonly leads: LeadService;
  readonly facts: Pick<LeadFacts, 'dealers'>;
  /** Overrides the `leadForm` limit (tests). */
  readonly limit?: number;
}

/** Each call's route and kind. */
export const LEAD_CALLS: Readonly<Record<LeadKind, RouteBaseName>> = {
  car: 'lead_car',
  brand: 'lead_brand',
  dealer: 'lead_dealer',
  hub: 'lead_hub',
  cee: 'lead_cee',
  contact: 'lead_contact',
  electric: 'lead_electric',
  faq: 'lead_faq',
  finance: 'lead_finance',
  warranty: 'lead_warranty',
};

/** A plain form post lands on the thank-you page (the answer's `links.page`). */
const LEAD_FORM: FormRoute = {
  next: (answer) => (answer as { links?: { page?: string } } | undefined)?.links?.page,
};

const answer = z.object({
  sent: z.literal(true),
  leadId: z.string(),
  links: z.object({ page: z.string() }),
});

function targetOf(kind: LeadKind, locale: Locale, params: Record<string, string | undefined>): LeadTarget {
  return {
    kind,
    locale,
    ...(kind === 'car' && params.id ? { carId: params.id, bookingId: params.bookingId ?? '0' } : {}),
    ...(kind === 'dealer' && params.id ? { dealerId: params.id } : {}),
    ...(kind === 'brand' && params.brandName ? { brand: params.brandName } : {}),
    ...(kind === 'hub' && params.nameHub ? { hub: params.nameHub } : {}),
  };
}

export async function leadCalls(fastify: FastifyInstance, options: LeadCallsOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { leads, facts } = options;
  const rateLimit = routeRateLimit('leadForm', options.limit ? { max: options.limit } : {});

  for (const kind of Object.keys(LEAD_CALLS) as LeadKind[]) {
    const route = LEAD_CALLS[kind];
    for (const locale of LOCALES) {
      for (const path of fastifyPaths(route, locale)) {
        app.get(path, async (request: FastifyRequest) => {
          const params = request.params as Record<string, string>;
          const hubDealers =
            kind === 'hub'
              ? (await facts.dealers(marketOf(locale).country))
                  .filter((d) => d.hub === params.nameHub)
                  .map((d) => d.dealerId)
              : undefined;
          return {
            kind,
            routedBy: ROUTING_OF[kind],
            consentVersion: LEAD_CONSENT_VERSION,
            postcodeRequired: ROUTING_OF[kind] === 'nearest',
            honeypot: HONEYPOT_FIELD,
            ...(hubDealers ? { dealers: hubDealers } : {}),
          };
        });
        app.post(
          path,
          {
            config: { form: LEAD_FORM, rateLimit },
            schema: { body: z.record(z.string(), z.unknown()), response: { 200: answer } },
          },
          async (request) => {
            const params = request.params as Record<string, string>;
            const buyer = buyerOf(request, false);
            // The script's header, else the plain form's own key (filled in when the page was sent).
            const header = request.headers['idempotency-key'];
            const formKey = request.body.formKey;
            const key =
              typeof header === 'string' && header.length > 0
                ? header
                : typeof formKey === 'string' && /^[\w-]{16,80}$/.test(formKey)
                  ? formKey
                  : undefined;
            const submitted = await leads.submit({
              target: targetOf(kind, locale, params),
              fields: request.body,
              customerId: buyer?.kind === 'customer' ? buyer.id : null,
              visitorId: buyer?.kind === 'customer' ? null : visitorIdOf(request),
              ...(typeof key === 'string' && key.length > 0 && key.length <= 200
                ? { idempotencyKey: key }
                : {}),
            });
            return {
              sent: true as const,
              leadId: submitted.leadId,
              links: { page: `${generateUrl(`lead_thanks.${locale}`)}?kind=${kind}` },
            };
          },
        );
      }
    }
  }
}
