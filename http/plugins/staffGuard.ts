/**
 * The back office's guard. `requireStaff(...roles)` makes a preHandler: 401 when no staff member is
 * signed in (or the account was disabled, or the sign-in is older than its maximum age), 403 when
 * none of `roles` is held (`admin` holds all; no roles: any staff member). The account is read on each
 * request, so disabling it or changing its roles takes effect at once.
 *
 * Convention (`adminScope`): every route whose path is `/admin` or starts with `/admin/` declares its
 * guard on the route itself, `{ preHandler: requireStaff('sales') }` (or in `onRequest` /
 * `preValidation`), or declares itself public with `config: { staffGuard: 'public' }` (sign-in). The
 * plugin's onRoute hook throws at start-up otherwise, so a forgotten guard cannot ship, and writes the
 * guard's roles into the route's `config.staffRoles`: every /admin route declares its roles, and the guard
 * test (http/routes/adminGuards.int.spec.ts) enumerates the app's routes and checks each. Back-office
 * route plugins take the guard as their `guard` option and put it on every route; a guard added with
 * `app.addHook` is invisible to that check, so put it on the routes.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { IllegalStateError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { type StaffRole, staffMayAct } from '../../domain/staff/staffRoles.ts';
import type { StaffAccount, StaffAccounts } from '../../engine/staff/staffAccounts.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'public'`: this /admin route needs no staff sign-in (see http/plugins/staffGuard.ts). */
    staffGuard?: 'public';
    /**
     * The roles this /admin route needs (none: any staff member), set at registration from its
     * `requireStaff` guard; absent on public routes. The guard test (http/routes/adminGuards.int.spec.ts)
     * reads it to check every route.
     */
    staffRoles?: readonly StaffRole[];
  }
  interface FastifyRequest {
    /** The signed-in staff member's account, once a `requireStaff` guard has passed. */
    staffAccount: StaffAccount | null;
  }
  interface FastifyInstance {
    staffGuardSettings: StaffGuardSettings;
  }
}

export interface StaffGuardOptions {
  /** Where accounts are looked up; without it (bare test apps) the session's principal is trusted. */
  readonly accounts?: Pick<StaffAccounts, 'find'> | undefined;
  /** A staff sign-in ends after this long, active or not (default 12 hours). */
  readonly maxAgeMs?: number | undefined;
  readonly clock?: (() => Date) | undefined;
}

interface StaffGuardSettings {
  readonly accounts: Pick<StaffAccounts, 'find'> | undefined;
  readonly maxAgeMs: number;
  readonly clock: () => Date;
}

export const STAFF_SIGN_IN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** 401 and 403 of the guard and of sign-in (HTTP-level, not domain errors; the error handler passes them). */
export class AccessError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    readonly code: 'unauthenticated' | 'forbidden',
    message: string,
  ) {
    super(message);
  }
}

const signInFirst = () => new AccessError(401, 'unauthenticated', 'sign in to the back office first');

/** Each guard made by `requireStaff`, with the roles it lets through. */
const GUARDS = new WeakMap<object, readonly StaffRole[]>();

/** A preHandler that lets through signed-in staff holding one of `roles` (see the file comment). */
export function requireStaff(...roles: StaffRole[]): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const principal = request.session?.staff;
    if (!principal) throw signInFirst();
    const { accounts, maxAgeMs, clock } = request.server.staffGuardSettings;
    const signedInAt = Date.parse(principal.signedInAt);
    if (!(clock().getTime() - signedInAt < maxAgeMs)) return signOut(request);
    let held = principal.roles;
    if (accounts) {
      const account = await accounts.find(principal.id);
      if (!account || account.disabled) return signOut(request);
      request.staffAccount = account;
      held = account.roles;
      if (held.join() !== principal.roles.join()) request.session.staff = { ...principal, roles: held };
    }
    if (!staffMayAct(held, roles)) {
      throw new AccessError(403, 'forbidden', `this needs one of the roles: ${roles.join(', ')}`);
    }
  };
  GUARDS.set(guard, Object.freeze([...roles]));
  return guard;
}

function signOut(request: FastifyRequest): never {
  request.session.staff = undefined;
  throw signInFirst();
}

export function isAdminPath(url: string): boolean {
  return url === '/admin' || url.startsWith('/admin/');
}

type GuardedParts = Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'config'>;

/**
 * The roles the route's `requireStaff` guards need (each guard must pass: the roles of the first that
 * needs any), or undefined when it carries none.
 */
export function guardRoles(route: GuardedParts): readonly StaffRole[] | undefined {
  const guards = [route.onRequest, route.preValidation, route.preHandler]
    .flatMap((hooks) => (hooks ? [hooks].flat() : []))
    .flatMap((hook) => {
      const roles = GUARDS.get(hook as object);
      return roles ? [roles] : [];
    });
  if (guards.length === 0) return undefined;
  return guards.find((roles) => roles.length > 0) ?? guards[0];
}

/** Whether a route carries a `requireStaff` guard or is declared public. */
export function isGuarded(route: GuardedParts) {
  return route.config?.staffGuard === 'public' || guardRoles(route) !== undefined;
}

export const staffGuard = fp(
  async (app: FastifyInstance, options: StaffGuardOptions) => {
    app.decorate('staffGuardSettings', {
      accounts: options.accounts,
      maxAgeMs: options.maxAgeMs ?? STAFF_SIGN_IN_MAX_AGE_MS,
      clock: options.clock ?? (() => new Date()),
    });
    app.decorateRequest('staffAccount', null);
    app.addHook('onRoute', (route) => {
      if (!isAdminPath(route.url)) return;
      if (route.config?.staffGuard === 'public') return;
      const roles = guardRoles(route);
      if (!roles) {
        throw new Error(
          `${route.method} ${route.url} has no staff guard: add preHandler: requireStaff(…) or config: { staffGuard: 'public' }`,
        );
      }
      // The route declares the roles it needs (read by the guard test and the API description).
      route.config = { ...route.config, staffRoles: roles };
    });
  },
  { name: 'staff-guard', dependencies: ['session'] },
);

/**
 * The signed-in staff member as an event's actor: `admin` when they hold it, else `role` (the role the
 * route was opened to). Call it behind the route's guard.
 */
export function staffActorOf(request: FastifyRequest, role: StaffRole): Actor {
  const staff = request.session.staff;
  if (!staff) throw new IllegalStateError('no staff member signed in');
  const roles = request.staffAccount?.roles ?? staff.roles;
  return { kind: 'staff', staffId: staff.id, role: roles.includes('admin') ? 'admin' : role };
}
