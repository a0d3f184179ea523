/**
 * Staff sign-in for the back office (JSON):
 * - `POST /admin/api/session` {email, password}: signs in; rate-limited per client IP and email
 *   (http/plugins/rateLimit.ts); a wrong password, an unknown email and a disabled account all answer
 *   the same 401. On success the session id changes (no fixation) and the answer carries the new CSRF
 *   token. Signing in again replaces the staff principal; the buyer's fields of the session survive.
 * - `DELETE /admin/api/session`: signs the staff member out (the buyer's fields stay); 204, also when
 *   nobody was signed in, so a retry is harmless.
 * - `GET /admin/api/me`: the signed-in staff member, or 401.
 * All three need a CSRF token for their state-changing methods like any other route. The sign-in also
 * takes a plain form post (the sign-in page's form without JavaScript, http/plugins/formPosts.ts): 303
 * to its `_next` once signed in, back to the page with the refusal (wrong password, missing field, the
 * rate limit) otherwise.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_ROLES } from '../../domain/staff/staffRoles.ts';
import type { StaffAccount, StaffAccounts } from '../../engine/staff/staffAccounts.ts';
import { BUYER_SESSION_KEYS } from '../plugins/principals.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { AccessError, requireStaff } from '../plugins/staffGuard.ts';

export interface AdminAuthApiOptions {
  readonly accounts: Pick<StaffAccounts, 'verify'>;
  readonly clock?: () => Date;
  /** Sign-in attempts allowed per IP and email a minute (default: RATE_LIMITS.signIn). */
  readonly signInLimit?: number;
}

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
const me = (account: StaffAccount) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  roles: [...account.roles],
});

/**
 * Signs `account` in on this browser (its password or invitation checked by the caller): a new session
 * id (no fixation) keeping the buyer's fields, the staff principal, and the answer with the new CSRF token.
 */
export async function signInStaff(
  request: FastifyRequest,
  reply: FastifyReply,
  account: StaffAccount,
  now: Date,
) {
  await request.session.regenerate([...BUYER_SESSION_KEYS]);
  request.session.staff = { id: account.id, roles: [...account.roles], signedInAt: now.toISOString() };
  request.log.info({ staffId: account.id }, 'staff signed in');
  return { ...me(account), csrfToken: reply.generateCsrf() };
}

export const adminAuthApi: FastifyPluginAsyncZod<AdminAuthApiOptions> = async (app, options) => {
  const clock = options.clock ?? (() => new Date());

  app.post(
    '/admin/api/session',
    {
      config: {
        staffGuard: 'public',
        form: {},
        rateLimit: routeRateLimit('signIn', options.signInLimit ? { max: options.signInLimit } : {}),
      },
      schema: {
        body: z.object({ email: z.string().max(320), password: z.string().min(1).max(1024) }),
        response: { 200: meSchema.extend({ csrfToken: z.string() }) },
      },
    },
    async (request, reply) => {
      const account = await options.accounts.verify(request.body.email, request.body.password);
      if (!account) {
        request.log.info('staff sign-in refused');
        throw new AccessError(401, 'unauthenticated', 'the email or the password is wrong');
      }
      return signInStaff(request, reply, account, clock());
    },
  );

  app.delete('/admin/api/session', { config: { staffGuard: 'public' } }, async (request, reply) => {
    if (request.session.staff) await request.session.regenerate([...BUYER_SESSION_KEYS]);
    return reply.status(204).send();
  });

  app.get(
    '/admin/api/me',
    { preHandler: requireStaff(), schema: { response: { 200: meSchema } } },
    async (request) => {
      if (!request.staffAccount)
        throw new AccessError(401, 'unauthenticated', 'sign in to the back office first');
      return me(request.staffAccount);
    },
  );
};
