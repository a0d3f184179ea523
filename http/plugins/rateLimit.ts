/**
 * Per-route rate limits (@fastify/rate-limit, not global): a route opts in with
 * `config: { rateLimit: routeRateLimit('signIn') }`. Over the limit: 429 `{ error: 'rate_limited' }`
 * with `retry-after`. The counters live in this process's memory: with several instances each counts
 * alone (a limit of 5 becomes 5 per instance), and a restart resets them. Good enough against
 * guessing and form spam for now; a shared store (Postgres or Redis) is the step up.
 *
 * Limits:
 * - `signIn`: 5 attempts a minute per client IP and email (counted before validation, success or not).
 * - `leadForm`: 10 submissions per 10 minutes per client IP (contact, dealer, hub, finance… forms).
 * - `signUp`: 10 customer sign-ups per 10 minutes per client IP (like a lead form).
 * - `checkEmail`: 10 email checks a minute per client IP (the answer tells whether a person is a
 *   customer: this slows down enumeration).
 *
 * - `billUpload`: 20 bills added per 10 minutes per client IP (the account's "my bills": files are big).
 * - `billBundle`: 120 asks a minute per client IP of the bundle's progress (the page polls it).
 * - `appointment`: 20 appointment bookings, moves or cancels per 10 minutes per client IP (slots are
 *   scarce: a script must not fill a dealer's day).
 * - `blogRating`: 30 blog article ratings per 10 minutes per client IP (a rating replaces the visitor's
 *   own, so more would only be a script changing its mind).
 *
 * Client IPs come from `request.ip`: behind a proxy, set TRUST_PROXY or every client shares one limit.
 */
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const emailOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | null | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
};

export const RATE_LIMITS = {
  signIn: {
    max: 5,
    timeWindow: 60_000,
    key: (request: FastifyRequest) => `${request.ip}|${emailOf(request)}`,
  },
  leadForm: { max: 10, timeWindow: 10 * 60_000, key: (request: FastifyRequest) => request.ip },
  signUp: { max: 10, timeWindow: 10 * 60_000, key: (request: FastifyRequest) => request.ip },
  checkEmail: { max: 10, timeWindow: 60_000, key: (request: FastifyRequest) => request.ip },
  billUpload: { max: 20, timeWindow: 10 * 60_000, key: (request: FastifyRequest) => request.ip },
  billBundle: { max: 120, timeWindow: 60_000, key: (request: FastifyRequest) => request.ip },
  appointment: { max: 20, timeWindow: 10 * 60_000, key: (request: FastifyRequest) => request.ip },
  blogRating: { max: 30, timeWindow: 10 * 60_000, key: (request: FastifyRequest) => request.ip },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The `config.rateLimit` of a route limited by `name` (`max` may be overridden, e.g. by tests). */
export function routeRateLimit(name: RateLimitName, overrides: { max?: number } = {}): RateLimitOptions {
  const limit = RATE_LIMITS[name];
  return {
    max: overrides.max ?? limit.max,
    timeWindow: limit.timeWindow,
    // After body parsing, so a key may use the body (the sign-in email).
    hook: 'preValidation',
    keyGenerator: limit.key,
    // Each route counts in its own LRU of keys; a big one, so rotating keys cannot evict a target's count.
    cache: 50_000,
  };
}

class RateLimitedError extends Error {
  readonly statusCode = 429;
  readonly code = 'rate_limited';
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new RateLimitedError(`too many attempts, retry in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
