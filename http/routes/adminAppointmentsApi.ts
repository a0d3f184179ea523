/**
 * The back office's dealer appointments (sales and admin; domain/appointment/README.md):
 *
 * - `GET /admin/api/appointments?day=YYYY-MM-DD&dealer=<idApi>` — the appointments of a day (one dealer,
 *   or all), by dealer and time, from the read model, with the contact's name and phone read from the
 *   vault for this answer (`contact: null` once erased);
 * - `POST /admin/api/appointments/:id/cancel` `{ code?, reason }` — cancels it with the staff member as
 *   the actor and their reason in the event's metadata (`code`: dealer_unavailable, customer_request or
 *   other, default dealer_unavailable); unknown → 404; already cancelled → 409 with its status.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appointmentIdSchema, daySchema } from '../../domain/appointment/schemas.ts';
import { IllegalStateError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { AppointmentService } from '../../engine/appointments/appointmentService.ts';
import type { CustomerVault } from '../../engine/customers/vault/customerVault.ts';
import type { AppointmentQueries } from '../../projections/appointments/appointmentsProjection.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface AdminAppointmentsApiOptions {
  readonly appointments: Pick<AppointmentService, 'get' | 'cancel' | 'dealer'>;
  readonly queries: AppointmentQueries;
  readonly vault: Pick<CustomerVault, 'readMany'>;
  /** Waits for the read model to reach the latest appends (a list just after a cancel shows it). */
  readonly caughtUp?: () => Promise<void>;
}

const STAFF_CODES = ['dealer_unavailable', 'customer_request', 'other'] as const;
const cancelBody = z.object({
  code: z.enum(STAFF_CODES).default('dealer_unavailable'),
  reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500, 'at most 500 characters'),
});

export const adminAppointmentsApi: FastifyPluginAsyncZod<AdminAppointmentsApiOptions> = async (
  app,
  options,
) => {
  const { appointments, queries, vault } = options;
  const sales = requireStaff('admin', 'sales');

  app.get(
    '/admin/api/appointments',
    {
      preValidation: sales,
      schema: {
        querystring: z.object({
          day: daySchema,
          dealer: z
            .string()
            .regex(/^\d{1,12}$/, 'digits')
            .optional(),
        }),
      },
    },
    async (request) => {
      await options.caughtUp?.();
      const items = await queries.ofDay({ day: request.query.day, dealerId: request.query.dealer });
      // The contacts' names and phones for this answer only (never kept in the read model).
      const views = await Promise.all(
        items.map((item) => appointments.get(item.appointmentId).catch(() => undefined)),
      );
      const contactIds = views.flatMap((view) => (view ? [view.contactId] : []));
      const records = await vault.readMany(contactIds);
      const names = new Map<string, string>();
      for (const item of items) {
        if (names.has(item.dealerId)) continue;
        const dealer = await appointments.dealer(
          item.dealerId,
          item.locale as Parameters<AppointmentService['dealer']>[1],
        );
        names.set(item.dealerId, dealer?.name ?? `#${item.dealerId}`);
      }
      return {
        day: request.query.day,
        appointments: items.map((item, i) => {
          const record = views[i] ? records.get(views[i].contactId) : undefined;
          const contact =
            record && 'data' in record
              ? { name: `${record.data.firstName} ${record.data.lastName}`, phone: record.data.phone ?? null }
              : null;
          return { ...item, dealerName: names.get(item.dealerId) ?? null, contact };
        }),
      };
    },
  );

  app.post(
    '/admin/api/appointments/:id/cancel',
    { preValidation: sales, schema: { params: z.object({ id: appointmentIdSchema }), body: cancelBody } },
    async (request) => {
      const staff = request.session.staff;
      if (!staff) throw new IllegalStateError('no staff member signed in');
      const roles = request.staffAccount?.roles ?? staff.roles;
      const actor: Actor = {
        kind: 'staff',
        staffId: staff.id,
        role: roles.includes('admin') ? 'admin' : 'sales',
      };
      const view = await appointments.get(request.params.id);
      if (view.status !== 'booked')
        throw new IllegalStateError(`appointment ${view.appointmentId} is ${view.status}`, {
          status: view.status,
          allowed: [],
        });
      const key = createHash('sha256')
        .update(JSON.stringify([staff.id, 'appointment-cancel', view.appointmentId, request.body]))
        .digest('base64url');
      const cancelled = await appointments.cancel(view.appointmentId, request.body.code, {
        actor,
        idempotencyKey: `staff:${key}`,
        reason: request.body.reason,
      });
      const { contactId: _contact, ...out } = cancelled;
      return out;
    },
  );
};
