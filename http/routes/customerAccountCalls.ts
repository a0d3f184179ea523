/**
 * Customer sign-in for the funnels (SPEC §7), under each locale's buying prefix, in two copies that
 * behave the same: `ajax/…` (purchase) and `ajax-booking/…` (booking).
 *
 * - `GET check-email`, `GET login/{type}`: the session's state, `{ signedIn, customer }` (a form asks it
 *   before showing the account step; `login/sign-up` adds the password policy). Changes nothing.
 * - `POST check-email` `{ email }` → `{ email, known }`: whether the email has an account (it tells that
 *   to anyone: the flow needs it; 10 a minute per client IP). The booking copy also takes the contact
 *   check's form: 303 back, the page then shows sign-in or sign-up (bookingForms.ts).
 * - `POST login/sign-in` `{ email, password }` → `{ signedIn, customer, csrfToken }`; every failure is
 *   the same 401. 5 attempts a minute per client IP and email.
 * - `POST login/sign-up` `{ email, password, firstName, lastName, phone?, consents: { terms: true,
 *   marketing? } }` → 201 (or 200 for a retried sign-up: engine/customers/README.md); a registered
 *   email → 409 with `fields.email` and `allowed: ['sign-in']`. 10 per 10 minutes per client IP.
 * - `POST login/sign-out` → `{ signedIn: false, csrfToken }`; fine when nobody was signed in.
 * - Sign-in, sign-up and sign-out also take an urlencoded form (the account page's and the purchase
 *   screens', without JavaScript): 303 to its `_next` page, or back with the messages by field
 *   (a wrong password, an email already registered, too many attempts: plugins/formPosts.ts).
 * - any other `{type}` → 400 naming the types.
 * - `GET /api/customers/me` → the signed-in customer's profile (personal data, consents, version), 401
 *   otherwise; `PATCH /api/customers/me` changes it (`expectedVersion` optional; 409 when stale).
 *
 * Signing in or up changes the session id (no fixation) and keeps the visitor id (and a staff
 * sign-in in the same browser); the answer carries the new CSRF token. `onSignedIn` then runs (the
 * visitor's favorites move to the account). Limits count across all locales and both copies: one
 * limiter per kind, shared by every route. Bodies are validated: 400 with a message per field. Every
 * answer is `no-store`: it depends on the session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personalDataPatchSchema } from '../../domain/customers/personalData.ts';
import {
  checkEmailSchema,
  LOGIN_TYPES,
  type LoginType,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  signInSchema,
  signUpSchema,
} from '../../domain/customers/signUp.ts';
import { isDomainError, NotFoundError } from '../../domain/errors.ts';
import { LOCALES } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import type { CustomerAccounts, CustomerProfile } from '../../engine/customers/accounts/customerAccounts.ts';
import { BUYER_SESSION_KEYS } from '../plugins/principals.ts';
import { type RateLimitName, routeRateLimit } from '../plugins/rateLimit.ts';
import { AccessError } from '../plugins/staffGuard.ts';
import { BOOKING_FORMS } from './bookingForms.ts';
import { ACCOUNT_FORMS } from './purchaseForms.ts';
import { fastifyPath } from './storefrontCalls.ts';

export interface CustomerAccountCallsOptions {
  readonly accounts: CustomerAccounts;
  /** After a sign-in or sign-up, with the visitor id the browser had; a failure is logged, not answered. */
  readonly onSignedIn?: (signedIn: {
    customerId: string;
    visitorId: string | undefined;
    /** The new session (what survived the id change: BUYER_SESSION_KEYS), to take from or tidy up. */
    session: Session;
  }) => Promise<void>;
  /** Overrides of the limits' `max` (tests). */
  readonly limits?: Partial<Record<'signIn' | 'signUp' | 'checkEmail', number>>;
}

/**
 * The two copies of the calls: purchase (`ajax/`) and booking (`ajax-booking/`, whose e-mail check is
 * also the booking contact check's form: ui/pages/booking).
 */
const CALLS = [
  { checkEmail: 'ajax_check_email', login: 'ajax_login', checkEmailForm: undefined },
  {
    checkEmail: 'ajax_booking_check_email',
    login: 'ajax_booking_login',
    checkEmailForm: BOOKING_FORMS.checkEmail,
  },
] as const;

/** Session fields kept when the session id changes: the buyer's, and a staff sign-in of this browser. */
const KEPT_ON_SIGN_IN = [...BUYER_SESSION_KEYS, 'staff'];
const KEPT_ON_SIGN_OUT = KEPT_ON_SIGN_IN.filter((key) => key !== 'customerId');

const customerSchema = z.object({
  customerId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
const stateSchema = z.object({ signedIn: z.boolean(), customer: customerSchema.nullable() });
const signedInSchema = stateSchema.extend({ csrfToken: z.string() });
const consentSchema = z.object({ given: z.boolean(), at: z.string() });
const profileSchema = z.object({
  customerId: z.string(),
  personal: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().optional(),
    address: z
      .object({ lines: z.array(z.string()), postcode: z.string(), city: z.string(), country: z.string() })
      .optional(),
    birthDate: z.string().optional(),
  }),
  consents: z.object({ terms: consentSchema.optional(), marketing: consentSchema.optional() }),
  version: z.number().int(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});

const customerOf = (profile: CustomerProfile) => ({
  customerId: profile.customerId,
  email: profile.personal.email,
  firstName: profile.personal.firstName,
  lastName: profile.personal.lastName,
});
const profileOut = (profile: CustomerProfile) => ({
  ...profile,
  createdAt: profile.createdAt.toISOString(),
  lastSignInAt: profile.lastSignInAt?.toISOString() ?? null,
});

const signInFirst = () => new AccessError(401, 'unauthenticated', 'sign in first');

export async function customerAccountCalls(
  fastify: FastifyInstance,
  options: CustomerAccountCallsOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { accounts } = options;
  const limiter = (name: RateLimitName & keyof NonNullable<typeof options.limits>) => {
    const max = options.limits?.[name];
    return app.rateLimit(routeRateLimit(name, max === undefined ? {} : { max }));
  };
  const limits = { signIn: limiter('signIn'), signUp: limiter('signUp'), checkEmail: limiter('checkEmail') };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The signed-in customer's profile; an erased (or unknown) one is signed out. */
  async function signedInProfile(request: FastifyRequest): Promise<CustomerProfile | undefined> {
    const { customerId } = request.session;
    if (!customerId) return undefined;
    try {
      return await accounts.profile(customerId);
    } catch (error) {
      if (!isDomainError(error, 'not_found')) throw error;
      request.session.customerId = undefined;
      return undefined;
    }
  }

  const state = async (request: FastifyRequest) => {
    const profile = await signedInProfile(request);
    return { signedIn: profile !== undefined, customer: profile ? customerOf(profile) : null };
  };

  async function signedIn(request: FastifyRequest, reply: FastifyReply, profile: CustomerProfile) {
    const visitorId = request.session.visitorId;
    await request.session.regenerate(KEPT_ON_SIGN_IN);
    request.session.customerId = profile.customerId;
    request.log.info({ customerId: profile.customerId }, 'customer signed in');
    if (options.onSignedIn) {
      await options
        .onSignedIn({ customerId: profile.customerId, visitorId, session: request.session })
        .catch((error: unknown) => request.log.error({ err: error }, 'after sign-in work failed'));
    }
    return { signedIn: true, customer: customerOf(profile), csrfToken: reply.generateCsrf() };
  }

  const loginState = async (request: FastifyRequest, type: LoginType) => ({
    type,
    ...(await state(request)),
    ...(type === 'sign-up'
      ? { passwordPolicy: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } }
      : {}),
  });
  const loginStateSchema = stateSchema.extend({
    type: z.enum(LOGIN_TYPES),
    passwordPolicy: z.object({ minLength: z.number(), maxLength: z.number() }).optional(),
  });

  for (const locale of LOCALES) {
    for (const call of CALLS) {
      const checkEmailPath = fastifyPath(call.checkEmail, locale);
      app.get(checkEmailPath, { schema: { response: { 200: stateSchema } } }, state);
      app.post(
        checkEmailPath,
        {
          ...(call.checkEmailForm ? { config: { form: call.checkEmailForm } } : {}),
          preValidation: limits.checkEmail,
          schema: {
            body: checkEmailSchema,
            response: { 200: z.object({ email: z.string(), known: z.boolean() }) },
          },
        },
        async (request) => ({
          email: request.body.email,
          ...(await accounts.checkEmail(request.body.email)),
        }),
      );

      const loginPath = (type: LoginType) => generateUrl(`${call.login}.${locale}`, { type });
      for (const type of LOGIN_TYPES) {
        app.get(loginPath(type), { schema: { response: { 200: loginStateSchema } } }, (request) =>
          loginState(request, type),
        );
      }

      app.post(
        loginPath('sign-in'),
        {
          config: { form: ACCOUNT_FORMS.signIn },
          preValidation: limits.signIn,
          schema: { body: signInSchema, response: { 200: signedInSchema } },
        },
        async (request, reply) => {
          const profile = await accounts.signIn(request.body.email, request.body.password);
          if (!profile) {
            request.log.info('customer sign-in refused');
            throw new AccessError(401, 'unauthenticated', 'the email or the password is wrong');
          }
          return signedIn(request, reply, profile);
        },
      );

      app.post(
        loginPath('sign-up'),
        {
          config: { form: ACCOUNT_FORMS.signUp },
          preValidation: limits.signUp,
          schema: { body: signUpSchema, response: { 200: signedInSchema, 201: signedInSchema } },
        },
        async (request, reply) => {
          const { profile, created } = await accounts.signUp(request.body);
          const answer = await signedIn(request, reply, profile);
          return reply.status(created ? 201 : 200).send(answer);
        },
      );

      app.post(
        loginPath('sign-out'),
        { config: { form: ACCOUNT_FORMS.signOut }, schema: { response: { 200: signedInSchema } } },
        async (request, reply) => {
          if (request.session.customerId) {
            request.log.info({ customerId: request.session.customerId }, 'customer signed out');
            await request.session.regenerate(KEPT_ON_SIGN_OUT);
          }
          return { signedIn: false, customer: null, csrfToken: reply.generateCsrf() };
        },
      );

      // Any other type: the known ones are the static routes above, which win over this one.
      const unknownType = {
        schema: { params: z.object({ type: z.enum(LOGIN_TYPES, `is one of ${LOGIN_TYPES.join(', ')}`) }) },
      };
      const notALoginType = async (): Promise<never> => {
        throw new NotFoundError('no such login type');
      };
      app.get(fastifyPath(call.login, locale), unknownType, notALoginType);
      app.post(fastifyPath(call.login, locale), unknownType, notALoginType);
    }
  }

  app.get('/api/customers/me', { schema: { response: { 200: profileSchema } } }, async (request) => {
    const profile = await signedInProfile(request);
    if (!profile) throw signInFirst();
    return profileOut(profile);
  });

  app.patch(
    '/api/customers/me',
    {
      schema: {
        body: personalDataPatchSchema
          .omit({ carPlates: true })
          .extend({ expectedVersion: z.number().int().positive().optional() }),
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const customerId = request.session.customerId;
      if (!customerId || !(await signedInProfile(request))) throw signInFirst();
      const { expectedVersion, ...infos } = request.body;
      return profileOut(await accounts.updateProfile(customerId, infos, { expectedVersion }));
    },
  );
}
