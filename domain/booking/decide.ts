/**
 * decideBooking(command, state, facts) → events (ARCHITECTURE "Funnels"): the command (its shape parsed
 * at the edge: commands.ts) gives events built from the facts the handler gathered,
 * and each is checked with `snapshot.can` before it is folded in, so `decide` only returns histories the
 * machine takes. A command the state does not take → `stepNotAllowed` (409) naming the state and the
 * commands allowed now. Repeats (a double click, a replayed webhook, a timer firing twice) decide
 * nothing. Deterministic: the same command, state and facts always give the same events.
 */
import { timeOf } from '../carHold/decide.ts';
import { IllegalStateError } from '../errors.ts';
import { stepNotAllowed } from '../funnel/stepNotAllowed.ts';
import { allowedCommands } from './allowedCommands.ts';
import { bookingHoldExtendedBy, paidUntilOf } from './bookingPolicy.ts';
import { type BookingSnapshot, nextBooking, stateOf } from './bookingState.ts';
import type { BookingCommand } from './commands.ts';
import type { BookingEvent } from './events.ts';
import { type BookingFacts, need } from './facts.ts';

export function decideBooking(
  command: BookingCommand,
  snapshot: BookingSnapshot,
  facts: BookingFacts,
): BookingEvent[] {
  timeOf(facts.at);
  const events = eventsFor(command, snapshot, facts);
  let state = snapshot;
  for (const event of events) {
    if (!state.can(event))
      throw stepNotAllowed('booking', command.type, stateOf(snapshot), allowedCommands(snapshot));
    state = nextBooking(state, event);
  }
  return events;
}

function eventsFor(command: BookingCommand, snapshot: BookingSnapshot, facts: BookingFacts): BookingEvent[] {
  const ctx = snapshot.context;
  const state = stateOf(snapshot);
  const ended = snapshot.status === 'done';
  /** Ending a booking whose deposit was paid: the refund, when the provider refunded at once. */
  const withRefund = (event: BookingEvent): BookingEvent[] =>
    ctx.depositPaid && ctx.payment && facts.refund
      ? [
          event,
          {
            type: 'DepositRefunded',
            data: {
              paymentId: ctx.payment.paymentId,
              refundId: facts.refund.refundId,
              amount: ctx.payment.amount,
            },
          },
        ]
      : [event];

  switch (command.type) {
    case 'StartBooking': {
      const { carId, locale } = command;
      return [
        {
          type: 'BookingStarted',
          data: { bookingId: need(facts, 'bookingId'), carId, locale, terms: need(facts, 'terms') },
        },
      ];
    }
    case 'ConfirmContact':
      if (state !== 'contactCheck' && ctx.customerId === command.customerId) return [];
      return [{ type: 'ContactChecked', data: { customerId: command.customerId, method: command.method } }];
    case 'PlaceHold': {
      if (ctx.hold || ctx.refusal || ctx.limit) return []; // decided already: a retried request
      if (state !== 'holding')
        throw stepNotAllowed('booking', command.type, state, allowedCommands(snapshot));
      const slot = need(facts, 'slot');
      if (!slot.taken)
        return [
          {
            type: 'BookingLimitReached',
            data: { limit: slot.limit, activeBookingIds: [...slot.activeBookingIds] },
          },
        ];
      const hold = need(facts, 'hold');
      if (!hold.held) return [{ type: 'BookingHoldRefused', data: { reason: hold.reason } }];
      const terms = ctx.terms;
      if (!terms) throw new Error('booking: no terms in a holding booking');
      return [
        {
          type: 'BookingHeld',
          data: { holdId: hold.holdId, until: hold.until, paidUntil: paidUntilOf(terms, hold.until) },
        },
      ];
    }
    case 'RequestDepositPayment': {
      const payment = need(facts, 'payment');
      if (ctx.payment?.paymentId === payment.paymentId && state === 'paying') return [];
      return [
        { type: 'DepositPaymentRequested', data: { paymentId: payment.paymentId, amount: payment.amount } },
      ];
    }
    case 'RecordDepositPayment':
      if (command.result === 'succeeded') {
        if (ctx.depositPaid && ctx.payment?.paymentId === command.paymentId) return [];
        return [{ type: 'DepositPaid', data: { paymentId: command.paymentId } }];
      }
      if (ctx.failedPayments.includes(command.paymentId)) return [];
      return [
        { type: 'DepositPaymentFailed', data: { paymentId: command.paymentId, reason: command.reason } },
      ];
    case 'ExpireBooking':
      // Timers may fire twice, or for a hold that is not this booking's current one.
      if (ended || state === 'refunding' || (ctx.hold && ctx.hold.holdId !== command.holdId)) return [];
      return withRefund({ type: 'BookingExpired', data: { holdId: command.holdId } });
    case 'CancelBooking':
      if (ctx.ending === 'cancelled') return [];
      return withRefund({ type: 'BookingCancelled', data: { by: command.by, reason: command.reason } });
    case 'RecordDepositRefund': {
      if (ctx.refund?.refundId === command.refundId) return [];
      const amount = ctx.payment?.amount ?? { amount: 0, currency: 'EUR' };
      return [
        {
          type: 'DepositRefunded',
          data: { paymentId: command.paymentId, refundId: command.refundId, amount },
        },
      ];
    }
    case 'RefundDeposit': {
      // Only a booking that ended owing its paid deposit (refunding) takes it; afterwards, nothing.
      const payment = ctx.payment;
      if (!payment || !allowedCommands(snapshot).includes(command.type))
        throw stepNotAllowed('booking', command.type, state, allowedCommands(snapshot));
      const { refundId } = need(facts, 'refund');
      return [
        { type: 'DepositRefunded', data: { paymentId: payment.paymentId, refundId, amount: payment.amount } },
      ];
    }
    case 'ExtendBookingHold': {
      const hold = ctx.hold;
      if (!hold || ended) throw stepNotAllowed('booking', command.type, state, allowedCommands(snapshot));
      // From the hold's end, or from now when that end has passed (its timer has not fired yet).
      const from = Date.parse(hold.until) > Date.parse(facts.at) ? hold.until : facts.at;
      const until = bookingHoldExtendedBy(from, command.minutes);
      return [{ type: 'BookingHoldExtended', data: { holdId: hold.holdId, until } }];
    }
    case 'ReleaseBookingHold':
      // Finished, refunding, or another hold: a repeat (the car's withdrawal heard twice) decides nothing.
      if (ended || state === 'refunding' || ctx.hold?.holdId !== command.holdId) return [];
      return withRefund({
        type: 'BookingHoldReleased',
        data: { holdId: command.holdId, reason: command.reason },
      });
    case 'ConvertBooking': {
      if (ctx.purchaseId === command.purchaseId) return [];
      if (ctx.customerId !== null && ctx.customerId !== command.customerId)
        throw new IllegalStateError(`booking ${ctx.bookingId} is another customer's`, {
          bookingId: ctx.bookingId,
        });
      const deposit = ctx.depositPaid && ctx.payment ? { ...ctx.payment } : null;
      return [
        {
          type: 'BookingConverted',
          data: { purchaseId: command.purchaseId, holdId: command.holdId, deposit },
        },
      ];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown booking command ${JSON.stringify(never)}`);
    }
  }
}
