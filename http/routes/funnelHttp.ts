/**
 * What the purchase and booking routes share: who the buyer is (the session), the idempotency key of a
 * command, the route table's paths for Fastify, and the page parameters read back with `matchUrl`.
 *
 * **Idempotency.** A state-changing POST may carry an `Idempotency-Key` header (1–100 visible ASCII
 * characters): the same key on the same call of the same funnel answers what the first request did and
 * writes nothing more. It is scoped to the call (`h:<call>:<key>`), so one key reused on another call is
 * another command. Without the header the key is derived from the buyer, the call, the funnel, the
 * funnel's version when the request was read and the body (`d:<sha-256>`): a double click (two copies
 * sent against the same version) is one command, while the same body sent later, once the funnel has
 * moved on, is a new command (the version is the one the service reads for the command: no extra read).
 * Clients that retry after a lost answer should send the header.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { type Locale, MARKETS } from '../../domain/markets.ts';
import { matchUrl, ROUTES, type RouteBaseName } from '../../domain/routes/index.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import type { BookingService } from '../../engine/funnels/bookingService.ts';
import type { CarHolds, CarRecord } from '../../engine/funnels/carHolds.ts';
import type { CarListing } from '../../engine/funnels/carListing.ts';
import type { PurchaseService } from '../../engine/funnels/purchaseService.ts';
import type { FinanceProvider } from '../../engine/providers/finance/financeProvider.ts';
import { visitorIdOf } from '../plugins/principals.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,100}$/;

/** The headers of a state-changing funnel call, for validation and /api/docs (other headers pass). */
export const commandHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(KEY, '1 to 100 visible ASCII characters')
    .optional()
    .describe('Retrying with the same key answers the first result and writes nothing more'),
});

/** Money as the funnels answer it: integer minor units with the currency. */
export const moneyOut = z.object({ amount: z.number().int(), currency: z.enum(['EUR', 'PLN']) });

/**
 * The buyer of this request as a funnel actor: the signed-in customer and the browser's visitor id,
 * both when the session has both. `create` starts a visitor (and the session) when there is neither.
 */
export function buyerActor(request: FastifyRequest, create = false): Actor {
  const { customerId } = request.session;
  const visitorId = create && !customerId ? visitorIdOf(request) : request.session.visitorId;
  return { kind: 'buyer', ...(customerId ? { customerId } : {}), ...(visitorId ? { visitorId } : {}) };
}

/**
 * The command's idempotency key (module comment): the header's, else derived from the request. A
 * command on a funnel takes its revision into the derived key when the service reads the funnel
 * (`{ derivedFrom }`, engine/funnels/funnelCall.ts); a start, which has no funnel yet, passes the version
 * of what it read instead (the car's hold situation).
 */
export function commandKey(
  request: FastifyRequest,
  call: string,
  funnelId: string,
): string | { readonly derivedFrom: string };
export function commandKey(request: FastifyRequest, call: string, funnelId: string, version: string): string;
export function commandKey(
  request: FastifyRequest,
  call: string,
  funnelId: string,
  version?: string,
): string | { readonly derivedFrom: string } {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (typeof header === 'string') {
    if (!KEY.test(header))
      throw ValidationError.field(`headers.${IDEMPOTENCY_HEADER}`, '1 to 100 visible ASCII characters');
    return `h:${call}:${header}`;
  }
  const { customerId, visitorId } = request.session;
  const parts = [
    customerId ?? null,
    visitorId ?? null,
    call,
    funnelId,
    version ?? null,
    request.body ?? null,
  ];
  const derivedFrom = `d:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
  return version === undefined ? { derivedFrom } : derivedFrom;
}

/** A car's hold situation as a version: it changes whenever a hold is taken, ends or the car is sold. */
export function carHoldVersion(car: CarRecord): string {
  const { activeHold, endedHolds, sold, withdrawn } = car.hold;
  return `${endedHolds.length}:${activeHold?.holdId ?? '-'}:${sold}:${withdrawn}`;
}

/**
 * Fastify's paths of a route-table route in one locale: its template with every combination of its
 * optional parts written out (`/achat-:id/:slug{/:step}` → both), longest first.
 */
export function fastifyPaths(route: RouteBaseName, locale: Locale): string[] {
  const expand = (template: string): string[] => {
    const open = template.indexOf('{');
    if (open < 0) return [template];
    let depth = 0;
    let close = open;
    for (; close < template.length; close++) {
      if (template[close] === '{') depth++;
      if (template[close] === '}' && --depth === 0) break;
    }
    const before = template.slice(0, open);
    const inner = template.slice(open + 1, close);
    const after = template.slice(close + 1);
    return [...expand(before + inner + after), ...expand(before + after)];
  };
  return expand(ROUTES[route].paths[locale]);
}

/**
 * The parameters of a funnel page, read back from the URL with the route table's rules (defaults
 * filled): a path that Fastify matched but the table does not (letters in an id, an unknown step) is
 * no page at all → 404.
 */
export function pageParams(request: FastifyRequest, route: RouteBaseName): Record<string, string> {
  const match = matchUrl(request.url);
  if (!match || match.route !== route)
    throw new NotFoundError(`no route for ${request.method} ${request.url}`);
  return match.params;
}

/** A car is sold in its country's markets only (as its detail page: another market's car is a 404). */
export function carOfMarket(
  car: CarRecord | undefined,
  locale: Locale,
): asserts car is CarRecord & { facts: NonNullable<CarRecord['facts']> } {
  if (!car?.facts || car.facts.country !== MARKETS[locale].country)
    throw new NotFoundError(`no car ${car?.carId ?? ''} in market ${locale}`, { carId: car?.carId ?? null });
}

/** What the purchase and booking routes run on (engine/funnels/createFunnelServices.ts and friends). */
export interface FunnelRoutesOptions {
  readonly purchases: PurchaseService;
  readonly bookings: BookingService;
  readonly cars: CarHolds;
  /** Staff on a car's listing (the back office's price change and withdrawal). */
  readonly carListing?: CarListing;
  /** The my-infos step's prefill: the signed-in buyer's own profile. */
  readonly accounts: Pick<CustomerAccounts, 'profile'>;
  /** The booking page's finance simulation (`bookingFunding/{id}`). */
  readonly finance: Pick<FinanceProvider, 'quote'>;
  /** The customers' booking ledgers (the limit page). */
  readonly store: EventStore;
  readonly clock?: () => Date;
}
