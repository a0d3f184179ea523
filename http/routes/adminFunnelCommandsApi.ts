/**
 * The back office's write API: staff act on bookings and purchases through the same services as buyers
 * (ARCHITECTURE "Back office"), with the staff member as the events' actor (`{ kind: 'staff', staffId,
 * role }`) and their reason in the events' metadata (`reason`). Every route is a JSON POST with the
 * session's CSRF token and a body `{ reason }` (trimmed, 1–500 characters; missing → 400 `fields.reason`):
 *
 * - `POST /admin/api/purchases/:id/cancel` — cancel; paid money is refunded, the car released;
 * - `POST /admin/api/purchases/:id/finance-decision` `{ decision: 'accepted' | 'declined', reason }` —
 *   the lender's final answer on a by-passed (manually studied) finance: accepted confirms a paid
 *   purchase, declined refunds the deposit and leaves the buyer cash only;
 * - `POST /admin/api/purchases/:id/hold/release` — the purchase loses the car (car not available,
 *   deposit refunded, the car free again);
 * - `POST /admin/api/purchases/:id/hold/extend` `{ minutes: 1…1440, reason }` — the hold ends later;
 * - `POST /admin/api/purchases/:id/handover` — the car handed over on a confirmed purchase: the buyer's
 *   withdrawal period starts (`withdrawalUntil` in the purchase);
 * - `POST /admin/api/bookings/:id/cancel` `{ code?, reason }` — cancel a booking (`code` one of the
 *   booking's cancel reasons, `customer_request` by default); a paid deposit is refunded;
 * - `POST /admin/api/bookings/:id/hold/release` — the booking loses the car (ends as expired, a paid
 *   deposit refunded, the car free again); `POST /admin/api/bookings/:id/hold/extend` `{ minutes:
 *   1…1440, reason }` — the hold ends later (the car's hold and timer follow);
 * - `POST /admin/api/bookings/:id/deposit/refund` — give back the deposit a booking that ended still
 *   owes (its refund was not made at once);
 * - `GET /admin/api/cars/:carId` — the car from its stream: price, status, active hold, allowed
 *   commands; `POST /admin/api/cars/:carId/price` `{ price, reason }` — a new price: minor units (an
 *   integer) or currency units as the stock import reads them (`"24990.50"`, `"24990,5"`); the same
 *   price records nothing; `POST /admin/api/cars/:carId/withdraw` — off sale; the funnel holding the car
 *   loses it (a purchase: car not available; a booking: ended, its deposit refunded).
 *
 * Each answers the funnel's (or the car's) view. Roles: sales (and admin). A command the funnel (or the car) does not allow now
 * (another staff member was faster, say) → 409 `{ error: 'illegal_state', status, allowedCommands }`,
 * what it allows now read from the machine; unknown id → 404. Retries: the `Idempotency-Key` header
 * (scoped to the call), else a key derived from the staff member, the call, the id, the body and the
 * funnel's revision: a double click is one command. The detail's `allowedCommands`
 * (adminFunnelsApi.ts) says which of these buttons to show: `CancelPurchase`, `RecordFinanceDecision`,
 * `LoseHold` (release), `ExtendHold`, `RecordHandover`; `CancelBooking`, `ReleaseBookingHold`,
 * `ExtendBookingHold`, `RefundDeposit`; the car's: `ChangeCarPrice`, `WithdrawCar`.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BOOKING_HOLD_EXTENSION_MINUTES } from '../../domain/booking/bookingPolicy.ts';
import { CANCEL_REASONS } from '../../domain/booking/events.ts';
import { staffPriceSchema } from '../../domain/catalogue/staffCarCommands.ts';
import { IllegalStateError, isDomainError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { MAX_HOLD_EXTENSION_MINUTES } from '../../domain/purchase/purchasePolicy.ts';
import type { BookingService } from '../../engine/funnels/bookingService.ts';
import type { CarListing } from '../../engine/funnels/carListing.ts';
import type { FunnelCall } from '../../engine/funnels/funnelCall.ts';
import type { PurchaseService } from '../../engine/funnels/purchaseService.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import { carParams, idParams } from './adminFunnelsSchemas.ts';
import { IDEMPOTENCY_HEADER } from './funnelHttp.ts';

export interface AdminFunnelCommandsApiOptions {
  readonly purchases: PurchaseService;
  readonly bookings: BookingService;
  /** The cars' routes are registered only with it. */
  readonly carListing?: CarListing;
}

const reason = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(500, 'at most 500 characters');
const withReason = z.object({ reason });
const financeDecision = z.object({ decision: z.enum(['accepted', 'declined']), reason });
const extension = z.object({
  minutes: z.number().int().min(1).max(MAX_HOLD_EXTENSION_MINUTES),
  reason,
});
const bookingExtension = z.object({
  minutes: z.number().int().min(1).max(MAX_BOOKING_HOLD_EXTENSION_MINUTES),
  reason,
});
const newPrice = z.object({ price: staffPriceSchema, reason });
const bookingCancel = z.object({ code: z.enum(CANCEL_REASONS).default('customer_request'), reason });
const KEY = /^[\x21-\x7e]{1,100}$/;

export const adminFunnelCommandsApi: FastifyPluginAsyncZod<AdminFunnelCommandsApiOptions> = async (
  app,
  options,
) => {
  const { purchases, bookings, carListing } = options;
  const sales = requireStaff('admin', 'sales');

  /** The staff member as the actor, the reason, and the call's key. */
  function callOf(request: FastifyRequest, name: string, id: string, why: string): FunnelCall {
    const staff = request.session.staff;
    if (!staff) throw new IllegalStateError('no staff member signed in');
    const roles = request.staffAccount?.roles ?? staff.roles;
    const actor: Actor = {
      kind: 'staff',
      staffId: staff.id,
      role: roles.includes('admin') ? 'admin' : 'sales',
    };
    const header = request.headers[IDEMPOTENCY_HEADER];
    let idempotencyKey: FunnelCall['idempotencyKey'];
    if (typeof header === 'string') {
      if (!KEY.test(header))
        throw ValidationError.field(`headers.${IDEMPOTENCY_HEADER}`, '1 to 100 visible ASCII characters');
      idempotencyKey = `h:staff:${name}:${header}`;
    } else {
      const parts = [staff.id, name, id, request.body ?? null];
      const hash = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
      idempotencyKey = { derivedFrom: `d:${hash}` };
    }
    return { actor, idempotencyKey, reason: why };
  }

  /** A refusal says where the funnel stands and what it allows now, in the back office's words. */
  const refusing = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (!isDomainError(error, 'illegal_state')) throw error;
      const details = (error.details ?? {}) as { status?: string; state?: string; allowed?: string[] };
      throw new IllegalStateError(error.message, {
        ...details,
        status: details.status ?? details.state ?? null,
        allowedCommands: details.allowed ?? [],
      });
    }
  };

  const route = { preHandler: sales };

  app.post(
    '/admin/api/purchases/:id/cancel',
    { ...route, schema: { params: idParams, body: withReason } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'purchase-cancel', id, request.body.reason);
      return refusing(() => purchases.cancel(id, { reason: request.body.reason }, call));
    },
  );

  app.post(
    '/admin/api/purchases/:id/finance-decision',
    { ...route, schema: { params: idParams, body: financeDecision } },
    async (request) => {
      const { id } = request.params;
      const { decision, reason: why } = request.body;
      const call = callOf(request, 'purchase-finance-decision', id, why);
      return refusing(async () => {
        const funding = (await purchases.get(id, call.actor)).funding;
        const applicationId = funding?.mode === 'finance' ? funding.applicationId : null;
        if (!applicationId)
          throw new IllegalStateError('no finance application in study', {
            ...(await where(id, call.actor)),
          });
        return purchases.recordFinanceDecision(id, { applicationId, decision }, call);
      });
    },
  );

  app.post(
    '/admin/api/purchases/:id/hold/release',
    { ...route, schema: { params: idParams, body: withReason } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'purchase-hold-release', id, request.body.reason);
      return refusing(() => purchases.releaseHold(id, call));
    },
  );

  app.post(
    '/admin/api/purchases/:id/hold/extend',
    { ...route, schema: { params: idParams, body: extension } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'purchase-hold-extend', id, request.body.reason);
      return refusing(() => purchases.extendHold(id, { minutes: request.body.minutes }, call));
    },
  );

  app.post(
    '/admin/api/purchases/:id/handover',
    { ...route, schema: { params: idParams, body: withReason } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'purchase-handover', id, request.body.reason);
      return refusing(() => purchases.recordHandover(id, call));
    },
  );

  app.post(
    '/admin/api/bookings/:id/cancel',
    { ...route, schema: { params: idParams, body: bookingCancel } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'booking-cancel', id, request.body.reason);
      return refusing(() => bookings.cancel(id, { reason: request.body.code }, call));
    },
  );

  app.post(
    '/admin/api/bookings/:id/hold/release',
    { ...route, schema: { params: idParams, body: withReason } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'booking-hold-release', id, request.body.reason);
      return refusing(() => bookings.releaseHold(id, { reason: 'released' }, call));
    },
  );

  app.post(
    '/admin/api/bookings/:id/hold/extend',
    { ...route, schema: { params: idParams, body: bookingExtension } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'booking-hold-extend', id, request.body.reason);
      return refusing(() => bookings.extendHold(id, { minutes: request.body.minutes }, call));
    },
  );

  app.post(
    '/admin/api/bookings/:id/deposit/refund',
    { ...route, schema: { params: idParams, body: withReason } },
    async (request) => {
      const { id } = request.params;
      const call = callOf(request, 'booking-deposit-refund', id, request.body.reason);
      return refusing(() => bookings.refundDeposit(id, call));
    },
  );

  if (carListing) {
    app.get('/admin/api/cars/:carId', { ...route, schema: { params: carParams } }, async (request) =>
      carListing.get(request.params.carId),
    );

    app.post(
      '/admin/api/cars/:carId/price',
      { ...route, schema: { params: carParams, body: newPrice } },
      async (request) => {
        const { carId } = request.params;
        const call = callOf(request, 'car-price', carId, request.body.reason);
        return refusing(() => carListing.changePrice(carId, { amount: request.body.price }, call));
      },
    );

    app.post(
      '/admin/api/cars/:carId/withdraw',
      { ...route, schema: { params: carParams, body: withReason } },
      async (request) => {
        const { carId } = request.params;
        const call = callOf(request, 'car-withdraw', carId, request.body.reason);
        return refusing(() => carListing.withdraw(carId, call));
      },
    );
  }

  /** Where a purchase stands, for a refusal decided here. */
  async function where(id: string, actor: Actor) {
    const view = await purchases.get(id, actor);
    return { status: view.status, allowed: [...view.allowedCommands] };
  }
};
