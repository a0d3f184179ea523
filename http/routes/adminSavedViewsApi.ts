/**
 * The back office's saved views (engine/staff/savedViews.ts): named filters of the purchases, bookings
 * or customers list, each staff member's own or shared with everyone who may open that list.
 *
 * - `GET /admin/api/saved-views?list=purchases|bookings|customers` — the caller's views of the list and
 *   the shared ones, each with its owner's name and `mayChange` (its owner, or an admin);
 * - `POST /admin/api/saved-views { list, name, filters, shared? }` — 201 with the view; the caller's
 *   name again on that list (any case) → 409 `{ view }` naming the existing one; an `Idempotency-Key`
 *   used before by the caller answers the view that call made (`idempotent-replayed: true`);
 * - `PUT /admin/api/saved-views/:id { name?, filters?, shared? }` — rename, replace the filters, share;
 * - `DELETE /admin/api/saved-views/:id` — 204.
 *
 * `filters` are the list's URL search params (ui/admin/savedViewLists.ts): a name or value the list
 * does not know → 400 `fields['filters.<name>']`. Roles: those that open the list (ui/admin/sections.ts:
 * purchases and bookings admin and sales, customers analysts too), else 403; changing someone else's
 * view (not an admin) → 403; a view unknown or not visible → 404. Writes need the CSRF token.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IllegalStateError } from '../../domain/errors.ts';
import { SAVED_VIEW_LISTS, VIEW_NAME_MAX, type ViewCaller } from '../../domain/staff/savedViews.ts';
import type { SavedView, SavedViews } from '../../engine/staff/savedViews.ts';
import { VIEW_LIST_ROUTES } from '../../ui/admin/savedViewLists.ts';
import { mayOpen } from '../../ui/admin/sections.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { commandHeadersSchema, IDEMPOTENCY_HEADER } from './funnelHttp.ts';

export interface AdminSavedViewsApiOptions {
  readonly views: SavedViews;
}

const list = z.enum(SAVED_VIEW_LISTS);
const filters = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe("The list's URL search params (filters, sort, pageSize)");
const name = z.string({ error: 'is required' }).max(VIEW_NAME_MAX, `at most ${VIEW_NAME_MAX} characters`);
const createBody = z.object({ list, name, filters: filters.default({}), shared: z.boolean().optional() });
const changeBody = z.object({
  name: name.optional(),
  filters: filters.optional(),
  shared: z.boolean().optional(),
});
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'digits') });
const viewSchema = z.object({
  id: z.string(),
  list,
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  shared: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string() }),
  mayChange: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const out = (view: SavedView) => ({
  ...view,
  filters: { ...view.filters },
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
});

export const adminSavedViewsApi: FastifyPluginAsyncZod<AdminSavedViewsApiOptions> = async (app, options) => {
  const { views } = options;
  // Before validation (a visitor learns nothing from it); each list's own roles are checked by the store.
  const staff = { preValidation: requireStaff('admin', 'sales', 'analyst') };

  const callerOf = (request: FastifyRequest): ViewCaller => {
    const principal = request.session.staff;
    if (!principal) throw new IllegalStateError('no staff member signed in');
    const roles = request.staffAccount?.roles ?? principal.roles;
    return {
      staffId: principal.id,
      admin: roles.includes('admin'),
      opens: (which) => mayOpen(roles, VIEW_LIST_ROUTES[which]),
    };
  };

  app.get(
    '/admin/api/saved-views',
    {
      ...staff,
      schema: {
        querystring: z.object({ list }),
        response: { 200: z.object({ views: z.array(viewSchema) }) },
      },
    },
    async (request) => ({ views: (await views.list(request.query.list, callerOf(request))).map(out) }),
  );

  app.post(
    '/admin/api/saved-views',
    {
      ...staff,
      schema: {
        headers: commandHeadersSchema,
        body: createBody,
        response: { 200: viewSchema, 201: viewSchema },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const { view, replayed } = await views.create(
        request.body,
        callerOf(request),
        typeof key === 'string' ? key : undefined,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(out(view));
    },
  );

  app.put(
    '/admin/api/saved-views/:id',
    { ...staff, schema: { params: idParams, body: changeBody, response: { 200: viewSchema } } },
    async (request) => out(await views.update(request.params.id, request.body, callerOf(request))),
  );

  app.delete(
    '/admin/api/saved-views/:id',
    { ...staff, schema: { params: idParams } },
    async (request, reply) => {
      await views.remove(request.params.id, callerOf(request));
      return reply.status(204).send();
    },
  );
};
