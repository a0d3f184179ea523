/**
 * The back office's staff accounts (admin only, every write CSRF-checked like any POST):
 *
 * - `GET /admin/api/staff` — every account: name, email, roles, disabled, invited (no password yet) with
 *   its invitation's end, created, last sign-in;
 * - `POST /admin/api/staff/invitations` `{ name, email, roles, locale }` — invites: the account without a
 *   password and a single-use link valid 7 days, `invitationPath` (`admin_staff_invitation` in the
 *   invitee's locale, `?token=`), answered once: only its hash is stored. The invitee is also mailed
 *   the link through the mail outbox (engine/mail/README.md, the token sealed in its row), and the page
 *   still shows it once, for the admin to hand over when no SMTP is set. Inviting an email invited and
 *   not accepted again replaces the token and answers the same account (`replaced: true`); the email of
 *   an account with a password, or of a disabled one → 409 `{ state: 'active' | 'disabled' }`;
 * - `POST /admin/api/staff/:id/roles` `{ roles }` (at least one) — replaces the roles;
 * - `POST /admin/api/staff/:id/disable`, `…/enable` — disabling ends the person's sessions at once.
 *   Disabling oneself or dropping one's own admin role → 409 `{ reason: 'own_account' | 'own_admin_role' }`.
 *   Each answers the account; repeating one answers the same (no `Idempotency-Key` needed: setting
 *   roles or a state twice is the same write, and a repeated invitation is the same account).
 *
 * The invitee's calls (public: the link is the credential):
 * - `GET /admin/api/staff/invitation?token=` — who is invited, in which locale, until when;
 * - `POST /admin/api/staff/invitation` `{ token, password }` — sets the password (the rules of
 *   `npm run staff add`: 12 to 256 characters, argon2id), spends the token and signs the person in (new
 *   session id, the answer of `POST /admin/api/session` with the new CSRF token); rate-limited like the
 *   sign-in. A link that no longer works → 400 with `fields.token` and `invitation`: `unknown` (never
 *   ours, or replaced by a newer invitation), `expired`, `used` or `revoked` (the account was disabled);
 *   the link is checked before the password.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IllegalStateError } from '../../domain/errors.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { STAFF_ROLES } from '../../domain/staff/staffRoles.ts';
import { staffInvitationSchema, staffRolesSchema } from '../../domain/staff/staffSchemas.ts';
import type { StaffAccount } from '../../engine/staff/staffAccounts.ts';
import type { StaffListItem, StaffManagement } from '../../engine/staff/staffManagement.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { meSchema, signInStaff } from './adminAuthApi.ts';

export interface AdminStaffApiOptions {
  readonly staff: StaffManagement;
  readonly clock?: () => Date;
  /** Invitation acceptances allowed per IP a minute (default: RATE_LIMITS.signIn). */
  readonly acceptLimit?: number;
}

const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  disabled: z.boolean(),
  invited: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
const listItemSchema = accountSchema.extend({ invitationExpiresAt: z.string().nullable() });
const idParams = z.object({ id: z.string().min(1).max(64) });
const tokenSchema = z.string({ error: 'is required' }).min(1, 'is required').max(200);

const accountOf = (account: StaffAccount) => ({
  id: account.id,
  email: account.email,
  name: account.name,
  roles: [...account.roles],
  disabled: account.disabled,
  invited: account.invited,
  createdAt: account.createdAt.toISOString(),
  lastSignInAt: account.lastSignInAt?.toISOString() ?? null,
});
const itemOf = (item: StaffListItem) => ({
  ...accountOf(item),
  invitationExpiresAt: item.invitationExpiresAt?.toISOString() ?? null,
});

export const adminStaffApi: FastifyPluginAsyncZod<AdminStaffApiOptions> = async (app, options) => {
  const { staff } = options;
  const clock = options.clock ?? (() => new Date());
  const admin = requireStaff('admin');
  const actorOf = (request: { session: { staff?: { id: string } | undefined } }) => {
    const id = request.session.staff?.id;
    if (!id) throw new IllegalStateError('no staff member signed in');
    return id;
  };

  app.get(
    '/admin/api/staff',
    { preHandler: admin, schema: { response: { 200: z.object({ accounts: z.array(listItemSchema) }) } } },
    async () => ({ accounts: (await staff.list()).map(itemOf) }),
  );

  app.post(
    '/admin/api/staff/invitations',
    {
      preHandler: admin,
      schema: {
        body: staffInvitationSchema,
        response: {
          200: z.object({
            account: accountSchema,
            invitationPath: z.string(),
            expiresAt: z.string(),
            replaced: z.boolean(),
          }),
        },
      },
    },
    async (request) => {
      const invitation = await staff.invite(request.body, actorOf(request));
      const page = generateUrl(`admin_staff_invitation.${invitation.locale}`);
      return {
        account: accountOf(invitation.account),
        invitationPath: `${page}?token=${encodeURIComponent(invitation.token)}`,
        expiresAt: invitation.expiresAt.toISOString(),
        replaced: invitation.replaced,
      };
    },
  );

  app.post(
    '/admin/api/staff/:id/roles',
    {
      preHandler: admin,
      schema: {
        params: idParams,
        body: z.object({ roles: staffRolesSchema }),
        response: { 200: accountSchema },
      },
    },
    async (request) =>
      accountOf(await staff.setRoles(request.params.id, request.body.roles, actorOf(request))),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/admin/api/staff/:id/${action}`,
      { preHandler: admin, schema: { params: idParams, response: { 200: accountSchema } } },
      async (request) => accountOf(await staff.setDisabled(request.params.id, disabled, actorOf(request))),
    );
  }

  app.get(
    '/admin/api/staff/invitation',
    {
      config: { staffGuard: 'public' },
      schema: {
        querystring: z.object({ token: tokenSchema }),
        response: {
          200: z.object({ name: z.string(), email: z.string(), locale: z.string(), expiresAt: z.string() }),
        },
      },
    },
    async (request) => {
      const open = await staff.openInvitation(request.query.token);
      return {
        name: open.account.name,
        email: open.account.email,
        locale: open.locale,
        expiresAt: open.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/admin/api/staff/invitation',
    {
      config: {
        staffGuard: 'public',
        rateLimit: routeRateLimit('signIn', options.acceptLimit ? { max: options.acceptLimit } : {}),
      },
      schema: {
        body: z.object({ token: tokenSchema, password: z.string({ error: 'is required' }).max(1024) }),
        response: { 200: meSchema.extend({ csrfToken: z.string() }) },
      },
    },
    async (request, reply) => {
      const account = await staff.acceptInvitation(request.body.token, request.body.password);
      request.log.info({ staffId: account.id }, 'staff invitation accepted');
      return signInStaff(request, reply, account, clock());
    },
  );
};
