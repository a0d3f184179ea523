/**
 * What a purchase's events do on the car and at the provider: the car first, before the append; the
 * rest after it, again on a replay (README.md "Every command" steps 7–8, "The rules that matter").
 */
import { type CarUnavailableReason, unavailableReasonOf } from '../../domain/carHold/decide.ts';
import type { Money } from '../../domain/catalogue/car.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { RefundReason as PaymentRefundReason } from '../../domain/payment/payment.ts';
import type { DepositRefundReason, HoldLossReason, PurchaseEvent } from '../../domain/purchase/events.ts';
import type { PurchaseSnapshot } from '../../domain/purchase/purchaseState.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { CarHolds } from './carHolds.ts';
import { carMetadata, type ResolvedCall, subCall } from './funnelCall.ts';
import type { FunnelLog, FunnelTimers } from './funnelPorts.ts';
import { scheduleHoldExpiry } from './holdExpiry.ts';
import { paymentFollowUps } from './paymentFollowUps.ts';

/** The booking side of a conversion (the booking service implements it). */
export interface BookingConversions {
  /**
   * Checks `bookingId` is this buyer's active booking of this car (theirs as a customer, or started in
   * their browser: `visitorId`); answers its hold id and its paid deposit (which passes to the purchase).
   */
  conversionOf(
    bookingId: string,
    buyer: { customerId: string; visitorId?: string },
    carId: string,
  ): Promise<{ holdId: string; deposit: { paymentId: string; amount: Money } | null }>;
  /** Records the conversion on the booking (and frees its slot); idempotent. */
  convert(
    bookingId: string,
    conversion: { purchaseId: string; customerId: string; holdId: string },
    call: ResolvedCall,
  ): Promise<unknown>;
}

export interface PurchaseSideEffectsOptions {
  readonly cars: CarHolds;
  readonly timers: FunnelTimers;
  readonly payments: Payments;
  readonly bookings?: BookingConversions;
  readonly log?: FunnelLog;
}

export function purchaseSideEffects(options: PurchaseSideEffectsOptions) {
  const { cars, timers, log } = options;
  const provider = paymentFollowUps(options.payments, log);

  /**
   * Before the append: the car decides the sales, extensions and lapses of `planned`. Answers why the
   * hold is gone when the car says so (the purchase then records that instead), else undefined.
   */
  async function carFirst(
    state: PurchaseSnapshot,
    planned: readonly PurchaseEvent[],
    call: ResolvedCall,
    at: string,
  ): Promise<HoldLossReason | undefined> {
    const ctx = state.context;
    const hold = ctx.hold;
    if (hold === null) return undefined;
    const meta = carMetadata('purchase', ctx.purchaseId, call, at);
    const base = { carId: ctx.carId, holdId: hold.holdId, at };
    for (const event of planned) {
      try {
        if (event.type === 'PurchaseConfirmed') {
          const sale = { ...base, purchaseId: ctx.purchaseId, price: ctx.carPrice };
          await cars.decide({ type: 'SellCar', ...sale }, meta);
        } else if (event.type === 'HoldExtended') {
          const holder = { funnel: 'purchase' as const, id: ctx.purchaseId };
          await scheduleHoldExpiry(timers, { ...base, holder, until: event.data.until });
          await cars.decide({ type: 'ExtendHold', ...base, until: event.data.until }, meta);
        } else if (event.type === 'HoldLost' && event.data.reason === 'expired') {
          await cars.decide({ type: 'ExpireHold', ...base }, meta);
          const car = await cars.read(ctx.carId);
          // The payment sold the car first: its webhook confirms the purchase; this command waits.
          if (car?.endings[hold.holdId] === 'sold')
            throw new ConflictError('the payment of this purchase is being recorded: try again', {
              purchaseId: ctx.purchaseId,
            });
        }
      } catch (error) {
        const reason = unavailableReasonOf(error);
        if (reason === undefined) throw error;
        return lossReason(ctx.carId, hold, reason, at);
      }
    }
    return undefined;
  }

  /** Why the purchase lost its hold, from the car: expired past its end, else the car left the sale. */
  async function lossReason(
    carId: string,
    hold: { holdId: string; until: string },
    reason: CarUnavailableReason,
    at: string,
  ): Promise<HoldLossReason> {
    if (reason !== 'hold_lost' || Date.parse(hold.until) > Date.parse(at)) return 'car_withdrawn';
    const car = await cars.read(carId);
    return car?.endings[hold.holdId] === 'expired' ? 'expired' : 'car_withdrawn';
  }

  /** After the append (or a replay): the car and the money follow the purchase's events. */
  async function after(
    state: PurchaseSnapshot,
    events: readonly PurchaseEvent[],
    call: ResolvedCall,
    at: string,
  ): Promise<void> {
    const ctx = state.context;
    const meta = carMetadata('purchase', ctx.purchaseId, call, at);
    const hold = ctx.hold;
    for (const event of events) {
      switch (event.type) {
        case 'DepositRefunded':
          await provider.refundInFull(
            event.data.paymentId,
            event.data.amount,
            refundReason(event.data.reason, call),
          );
          break;
        case 'AdvancePaymentVoided':
          await provider.cancelCheckout(event.data.paymentId, event.data.reason);
          break;
        case 'PurchaseCancelled':
          if (hold)
            await cars.decide(
              { type: 'ReleaseHold', carId: ctx.carId, ...holdOf(hold), reason: 'cancelled', at },
              meta,
            );
          break;
        case 'HoldLost':
          if (event.data.reason === 'expired')
            await cars.decide({ type: 'ExpireHold', carId: ctx.carId, holdId: event.data.holdId, at }, meta);
          else
            await cars.decide(
              {
                type: 'ReleaseHold',
                carId: ctx.carId,
                holdId: event.data.holdId,
                reason: 'car_unavailable',
                at,
              },
              meta,
            );
          break;
        case 'PurchaseConfirmed':
          if (hold) {
            const sale = { carId: ctx.carId, holdId: hold.holdId, purchaseId: ctx.purchaseId };
            await cars.decide({ type: 'SellCar', ...sale, price: ctx.carPrice, at }, meta).catch((error) => {
              // Sold by the car-first step of this command, or lost to an expiry: logged, the purchase stands.
              if (unavailableReasonOf(error) === undefined) throw error;
              log?.warn(
                { purchaseId: ctx.purchaseId, err: error },
                'confirmed purchase could not sell its car',
              );
            });
          }
          break;
        case 'PurchaseStarted': {
          const { fromBookingId, hold: won, customerId, purchaseId } = event.data;
          if (fromBookingId && won && customerId && options.bookings) {
            await options.bookings.convert(
              fromBookingId,
              { purchaseId, customerId, holdId: won.holdId },
              subCall(call, 'convert-booking'),
            );
          }
          break;
        }
        default:
          break;
      }
    }
  }

  /** A payment the purchase no longer takes (it ended, or gave the payment up): what is left goes back. */
  const refundUnwanted = provider.refundWhatIsLeft;

  return { carFirst, after, refundUnwanted };
}

const holdOf = (hold: { holdId: string }) => ({ holdId: hold.holdId });

function refundReason(reason: DepositRefundReason, call: ResolvedCall): PaymentRefundReason {
  switch (reason) {
    case 'finance_declined':
      return 'finance_declined';
    case 'hold_lost':
      return 'car_not_available';
    case 'purchase_cancelled':
      return call.actor.kind === 'staff' ? 'cancelled_by_staff' : 'cancelled_by_buyer';
    case 'payment_voided':
      return 'duplicate';
    case 'funding_changed':
    case 'funding_voided':
      return 'other';
    default: {
      const never: never = reason;
      throw new Error(`unknown refund reason ${String(never)}`);
    }
  }
}
