/**
 * The security plumbing in its order: sessions (cookie + store), CSRF on state-changing routes,
 * per-route rate limits, and the staff guard with its check that every /admin route declares a guard.
 * Registered by http/app.ts before any route, so every route gets the hooks and the checks.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionStore } from '../../engine/sessions/sessionStore.ts';
import type { StaffAccounts } from '../../engine/staff/staffAccounts.ts';
import { csrfPlugin } from './csrf.ts';
import { rateLimitPlugin } from './rateLimit.ts';
import { sessionPlugin } from './session.ts';
import { staffGuard } from './staffGuard.ts';

export interface SecurityOptions {
  /** Where sessions live (the Postgres store in the app; in memory when absent, for tests). */
  readonly sessionStore?: SessionStore | undefined;
  /** SESSION_SECRET; absent → a random one per process, with a warning (never in production: config). */
  readonly sessionSecret?: string | undefined;
  /** Secure cookies: the public URL is https. */
  readonly secureCookies?: boolean | undefined;
  /** Staff accounts, read by the guard on each back-office request. */
  readonly staffAccounts?: Pick<StaffAccounts, 'find'> | undefined;
  readonly clock?: (() => Date) | undefined;
}

export const security = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    await app.register(sessionPlugin, {
      store: options.sessionStore,
      secret: options.sessionSecret,
      secure: options.secureCookies,
    });
    await app.register(csrfPlugin);
    await app.register(rateLimitPlugin);
    await app.register(staffGuard, { accounts: options.staffAccounts, clock: options.clock });
  },
  { name: 'security' },
);
