/**
 * Paths generated from the booking machine (`xstate/graph`): every transition of the machine is taken
 * by at least one path, and every step of every path is one `decide` produces from a command and its
 * facts (so the decider reaches the whole machine, and nothing else).
 */
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { allowedCommands } from './allowedCommands.ts';
import { bookingTerms, paidUntilOf } from './bookingPolicy.ts';
import { type BookingSnapshot, initialBookingState, nextBooking, stateOf } from './bookingState.ts';
import type { BookingCommand } from './commands.ts';
import { decideBooking } from './decide.ts';
import type { BookingEvent } from './events.ts';
import type { BookingFacts } from './facts.ts';
import { bookingMachine } from './machine.ts';
import { BOOKING_SCREENS, currentScreen } from './screens.ts';
import { hoursAfter, T0 } from './testing/bookingFixtures.ts';

/** Every transition of the machine's definition, as `source --Event--> target`. */
function definedTransitions(): string[] {
  const all: string[] = [];
  for (const [source, node] of Object.entries(bookingMachine.root.states)) {
    for (const [event, definitions] of node.transitions) {
      for (const definition of definitions) {
        all.push(`${source} --${event}--> ${definition.target?.[0]?.key ?? source}`);
      }
    }
  }
  return all.sort();
}

const UNTIL = hoursAfter(1);
/** One extension per path: later than any hold's end here (a paid deposit holds 73 hours). */
const EXTENDED = hoursAfter(100);

/** The events worth trying in a state: each with the data that the context makes current. */
function candidates(snapshot: BookingSnapshot): BookingEvent[] {
  const ctx = snapshot.context;
  const paymentId = ctx.payment?.paymentId ?? 'none';
  const started = (locale: 'fr' | 'pl'): BookingEvent => ({
    type: 'BookingStarted',
    data: { bookingId: '1', carId: '101', locale, terms: bookingTerms(locale) },
  });
  return [
    started('fr'),
    started('pl'),
    { type: 'ContactChecked', data: { customerId: 'cus-1', method: 'signed_in' } },
    {
      type: 'BookingHeld',
      data: { holdId: 'h1', until: UNTIL, paidUntil: ctx.terms ? paidUntilOf(ctx.terms, UNTIL) : null },
    },
    { type: 'BookingHoldRefused', data: { reason: 'held' } },
    { type: 'BookingLimitReached', data: { limit: 2, activeBookingIds: ['7', '8'] } },
    ...(ctx.terms?.deposit && ctx.failedPayments.length < 2
      ? [
          {
            type: 'DepositPaymentRequested',
            data: { paymentId: `pay-${ctx.failedPayments.length + 1}`, amount: ctx.terms.deposit },
          } as const,
        ]
      : []),
    { type: 'DepositPaid', data: { paymentId } },
    { type: 'DepositPaymentFailed', data: { paymentId, reason: 'declined' } },
    { type: 'BookingExpired', data: { holdId: ctx.hold?.holdId ?? 'h1' } },
    { type: 'BookingHoldExtended', data: { holdId: ctx.hold?.holdId ?? 'h1', until: EXTENDED } },
    { type: 'BookingHoldReleased', data: { holdId: ctx.hold?.holdId ?? 'h1', reason: 'released' } },
    { type: 'BookingCancelled', data: { by: 'buyer', reason: 'changed_mind' } },
    ...(ctx.payment
      ? [
          {
            type: 'DepositRefunded',
            data: { paymentId, refundId: 'r1', amount: ctx.payment.amount },
          } as const,
        ]
      : []),
    {
      type: 'BookingConverted',
      data: { purchaseId: 'p1', holdId: 'purchase-p1', deposit: ctx.depositPaid ? ctx.payment : null },
    },
  ];
}

/** The command (and facts) a handler would send for a machine event. */
function commandFor(
  event: BookingEvent,
  before: BookingSnapshot,
): [BookingCommand, Omit<BookingFacts, 'at'>] {
  const ctx = before.context;
  switch (event.type) {
    case 'BookingStarted':
      return [
        { type: 'StartBooking', carId: event.data.carId, locale: event.data.locale },
        { bookingId: event.data.bookingId, terms: event.data.terms },
      ];
    case 'ContactChecked':
      return [{ type: 'ConfirmContact', ...event.data }, {}];
    case 'BookingHeld':
      return [
        { type: 'PlaceHold' },
        { slot: { taken: true }, hold: { held: true, holdId: event.data.holdId, until: event.data.until } },
      ];
    case 'BookingHoldRefused':
      return [
        { type: 'PlaceHold' },
        { slot: { taken: true }, hold: { held: false, reason: event.data.reason } },
      ];
    case 'BookingLimitReached':
      return [{ type: 'PlaceHold' }, { slot: { taken: false, ...event.data } }];
    case 'DepositPaymentRequested':
      return [{ type: 'RequestDepositPayment' }, { payment: event.data }];
    case 'DepositPaid':
      return [{ type: 'RecordDepositPayment', paymentId: event.data.paymentId, result: 'succeeded' }, {}];
    case 'DepositPaymentFailed':
      return [{ type: 'RecordDepositPayment', result: 'failed', ...event.data }, {}];
    case 'BookingExpired':
      return [{ type: 'ExpireBooking', holdId: event.data.holdId }, {}];
    case 'BookingHoldExtended': {
      const from = Date.parse(ctx.hold?.until ?? T0);
      return [{ type: 'ExtendBookingHold', minutes: (Date.parse(event.data.until) - from) / 60_000 }, {}];
    }
    case 'BookingHoldReleased':
      return [{ type: 'ReleaseBookingHold', ...event.data }, {}];
    case 'BookingCancelled':
      return [{ type: 'CancelBooking', ...event.data }, {}];
    case 'DepositRefunded':
      // Staff give it back (RefundDeposit) or the provider confirms it (RecordDepositRefund): the same event.
      return [
        { type: 'RecordDepositRefund', paymentId: event.data.paymentId, refundId: event.data.refundId },
        {},
      ];
    case 'BookingConverted':
      return [
        {
          type: 'ConvertBooking',
          purchaseId: event.data.purchaseId,
          customerId: ctx.customerId ?? '',
          holdId: event.data.holdId,
        },
        {},
      ];
    default: {
      const never: never = event;
      throw new Error(`unknown event ${JSON.stringify(never)}`);
    }
  }
}

describe('booking machine: generated paths', () => {
  const paths = getShortestPaths(bookingMachine, { events: candidates });

  it('cover every one of the 36 transitions of the machine', () => {
    const defined = definedTransitions();
    expect(defined).toHaveLength(36);
    const taken = new Set<string>();
    for (const path of paths) {
      let before = initialBookingState();
      for (const step of path.steps.slice(1)) {
        taken.add(`${stateOf(before)} --${step.event.type}--> ${stateOf(step.state)}`);
        before = step.state;
      }
    }
    expect([...taken].sort()).toEqual(defined);
    expect(paths.length).toBeGreaterThan(36);
  });

  it('are taken by pureTransition (nextBooking) exactly as by xstate’s transition', () => {
    for (const path of paths) {
      let ours = initialBookingState();
      let theirs = initialBookingState();
      for (const step of path.steps.slice(1)) {
        ours = nextBooking(ours, step.event);
        [theirs] = transition(bookingMachine, theirs, step.event);
        expect([ours.value, ours.context, ours.status]).toEqual([
          theirs.value,
          theirs.context,
          theirs.status,
        ]);
      }
    }
  });

  it('are each decided step by step by decide, from the command a handler would send', () => {
    for (const path of paths) {
      let before = initialBookingState();
      for (const step of path.steps.slice(1)) {
        const [command, facts] = commandFor(step.event, before);
        expect(decideBooking(command, before, { at: T0, ...facts })).toEqual([step.event]);
        before = step.state;
      }
      expect(BOOKING_SCREENS).toContain(currentScreen(path.state));
      if (path.state.status === 'done') expect(allowedCommands(path.state)).toEqual([]);
    }
  });
});
