/**
 * The commands staff give from the back office (given events / when command / then events): extend the
 * hold, let the car go, record the car's handover (the withdrawal period starts then). Cancelling and
 * the lender's decision are the buyer's and the lender's commands with a staff actor (decide.unit.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { IllegalStateError } from '../errors.ts';
import { allowedCommands } from './allowedCommands.ts';
import { PURCHASE_COMMAND_SCHEMAS, type PurchaseCommand } from './commands.ts';
import { decidePurchase } from './decide.ts';
import { MAX_HOLD_EXTENSION_MINUTES, purchaseHoldUntil } from './purchasePolicy.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { purchaseStatus } from './purchaseStatus.ts';
import { purchaseSummary } from './purchaseSummary.ts';
import {
  CASH,
  factsFor,
  minutes,
  PAY,
  paid,
  run,
  START_SIGNED_IN,
  T0,
  TO_FUNDING,
} from './testing/purchaseTestKit.ts';

const given = (...commands: PurchaseCommand[]) => run(commands).state;
const when = (state: PurchaseSnapshot, command: PurchaseCommand, minute = 60) =>
  run([[command, { at: minutes(minute) }]], state);
const refused = (state: PurchaseSnapshot, command: PurchaseCommand, minute = 60) => {
  try {
    decidePurchase(command, state, factsFor(command, state, minutes(minute)));
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};
const HOLD_END = purchaseHoldUntil('fr', T0);
const EXTEND = { type: 'ExtendHold', minutes: 90 } as const;
const RELEASE = { type: 'LoseHold', holdId: 'hold-1', reason: 'released' } as const;
const HANDOVER = { type: 'RecordHandover' } as const;
const CONFIRMED = [...TO_FUNDING, CASH, PAY, paid('pay-1')];

describe('purchase: staff commands', () => {
  describe('ExtendHold', () => {
    describe('given an open purchase holding the car', () => {
      const s = given(START_SIGNED_IN);

      it('then extending is allowed', () => {
        expect(allowedCommands(s)).toContain('ExtendHold');
      });

      it('when staff extend it by 90 minutes, then the hold ends 90 minutes later', () => {
        const until = new Date(Date.parse(HOLD_END) + 90 * 60_000).toISOString();
        expect(when(s, EXTEND).last).toEqual([{ type: 'HoldExtended', data: { holdId: 'hold-1', until } }]);
      });

      it('when the hold has already run out, then the purchase loses it instead', () => {
        expect(when(s, EXTEND, 121).last).toEqual([
          { type: 'HoldLost', data: { holdId: 'hold-1', reason: 'expired' } },
        ]);
      });
    });

    describe('given an extension of more than a day', () => {
      it('then the command is refused at the edge (a field message)', () => {
        const parsed = PURCHASE_COMMAND_SCHEMAS.ExtendHold.safeParse({
          type: 'ExtendHold',
          minutes: MAX_HOLD_EXTENSION_MINUTES + 1,
        });
        expect(parsed.success).toBe(false);
      });
    });

    describe('given a purchase that ended (cancelled)', () => {
      it('then extending is refused with what is allowed', () => {
        const s = given(START_SIGNED_IN, { type: 'CancelPurchase', by: 'staff', reason: 'asked by phone' });
        const error = refused(s, EXTEND) as IllegalStateError;
        expect(error).toBeInstanceOf(IllegalStateError);
        expect(error.details?.allowed).toEqual([]);
      });
    });
  });

  describe('LoseHold (released by staff)', () => {
    describe('given an open purchase without money', () => {
      it('when staff release the hold, then the car is not available', () => {
        const result = when(given(START_SIGNED_IN), RELEASE);
        expect(result.last).toEqual([{ type: 'HoldLost', data: { holdId: 'hold-1', reason: 'released' } }]);
        expect(purchaseStatus(result.state)).toBe('car-not-available');
      });
    });

    describe('given a checkout in flight', () => {
      it('when staff release the hold, then the checkout is given up first', () => {
        const s = run([...TO_FUNDING, CASH, PAY]).state;
        const withCheckout = when(s, RELEASE);
        expect(withCheckout.last.map((e) => e.type)).toEqual(['AdvancePaymentVoided', 'HoldLost']);
      });
    });
  });

  describe('RecordHandover', () => {
    describe('given a confirmed purchase', () => {
      const s = given(...CONFIRMED);

      it('then the handover is the one thing allowed', () => {
        expect(purchaseStatus(s)).toBe('confirmed');
        expect(allowedCommands(s)).toEqual(['RecordHandover']);
      });

      it('when staff record the handover, then the withdrawal period of 14 days starts then', () => {
        const result = when(s, HANDOVER, 3 * 24 * 60);
        const at = minutes(3 * 24 * 60);
        const withdrawalUntil = new Date(Date.parse(at) + 14 * 24 * 60 * 60_000).toISOString();
        expect(result.last).toEqual([{ type: 'CarHandedOver', data: { at, withdrawalUntil } }]);
        expect(result.state.context.handover).toEqual({ at, withdrawalUntil });
        expect(purchaseStatus(result.state)).toBe('confirmed');
        expect(allowedCommands(result.state)).toEqual([]);
        expect(purchaseSummary(result.state.context).totalDue).toEqual(purchaseSummary(s.context).totalDue);
      });

      it('when it is recorded again, then nothing more is recorded', () => {
        const handed = when(s, HANDOVER).state;
        expect(when(handed, HANDOVER).last).toEqual([]);
      });
    });

    describe('given an open purchase', () => {
      it('then the handover is refused', () => {
        expect(refused(given(START_SIGNED_IN), HANDOVER)).toBeInstanceOf(IllegalStateError);
      });
    });

    describe('given a cancelled purchase', () => {
      it('then the handover is refused', () => {
        const s = given(START_SIGNED_IN, { type: 'CancelPurchase', by: 'buyer', reason: 'no' });
        expect(refused(s, HANDOVER)).toBeInstanceOf(IllegalStateError);
      });
    });
  });
});
