/**
 * Who a request speaks for, kept in its session (http/plugins/session.ts). The one place the session's
 * fields are typed (Fastify module augmentation):
 *
 * - `visitorId`: an anonymous browser, made on its first state-changing need (favorites, a funnel
 *   started before signing in) by `visitorIdOf`; never set on a mere page view, so reading the site
 *   creates no session.
 * - `customerId`: a signed-in customer (set by the sign-in and sign-up calls,
 *   http/routes/customerAccountCalls.ts; a subject id, no personal data: that is in the vault).
 * - `staff`: a signed-in staff member (http/routes/adminAuthApi.ts), checked by `requireStaff`.
 * - `valuationIds`: a visitor's "sell your car" valuations until they sign in (typed and kept by
 *   http/routes/valuationCalls.ts; they join the account then).
 *
 * Customers and staff are different principals: one browser may carry both, and nothing grants one
 * the other's rights.
 */
import { randomUUID } from 'node:crypto';
import type {} from '@fastify/session';
import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';

export interface StaffPrincipal {
  readonly id: string;
  /** The roles at sign-in; the guard refreshes them from the account on each request. */
  readonly roles: readonly StaffRole[];
  /** ISO time of the sign-in; the guard ends staff sessions older than its maximum age. */
  readonly signedInAt: string;
}

declare module 'fastify' {
  interface Session {
    visitorId?: string;
    customerId?: string;
    staff?: StaffPrincipal;
  }
}

/** Session fields that survive a session id change (sign-in, sign-out): the buyer's, not the staff's. */
export const BUYER_SESSION_KEYS = ['visitorId', 'customerId', 'valuationIds'] as const;

/** The buyer a request speaks for: the signed-in customer, else the anonymous visitor. */
export interface BuyerPrincipal {
  readonly kind: 'customer' | 'visitor';
  readonly id: string;
}

/**
 * The buyer of this request (customer first); with `create`, a browser with neither becomes a visitor
 * (its session starts). Fits the favorites routes' `owner` option.
 */
export function buyerOf(request: FastifyRequest, create: boolean): BuyerPrincipal | undefined {
  const { customerId, visitorId } = request.session;
  if (customerId) return { kind: 'customer', id: customerId };
  if (visitorId) return { kind: 'visitor', id: visitorId };
  return create ? { kind: 'visitor', id: visitorIdOf(request) } : undefined;
}

/** The visitor id of this browser, made (and the session started) on first need. */
export function visitorIdOf(request: FastifyRequest): string {
  request.session.visitorId ??= randomUUID();
  return request.session.visitorId;
}
