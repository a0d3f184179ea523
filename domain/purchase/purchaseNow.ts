/**
 * What a purchase's snapshot says now: its step, how it stands, the commands allowed, the steps one may
 * go back to, the amounts and the hold. The same function serves the server's view and the browser's
 * actor of the machine (ui/pages/purchase), so both read "what is allowed now" alike.
 */
import type { PurchaseStep } from '../routes/paramRules.ts';
import { allowedCommands, reopenableSteps } from './allowedCommands.ts';
import type { PurchaseCommandType } from './commands.ts';
import type { ReopenableStep } from './events.ts';
import { purchaseEnded } from './machine.ts';
import type { PurchaseContext } from './purchaseContext.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { currentStep, type PurchaseStatus, purchaseStatus } from './purchaseStatus.ts';
import { type PurchaseSummary, purchaseSummary } from './purchaseSummary.ts';

export interface PurchaseNow {
  /** The step the buyer is on (SPEC §4), null once ended. */
  readonly step: PurchaseStep | null;
  /** `confirmed`, `payment-failed` and `car-not-available` are the SPEC's outcome pages. */
  readonly status: PurchaseStatus;
  /** The commands that would record something now: the buttons to offer (and the 409's list). */
  readonly allowedCommands: readonly PurchaseCommandType[];
  readonly reopenableSteps: readonly ReopenableStep[];
  readonly summary: PurchaseSummary;
  /** The car's hold while the purchase is open; null once it ended (sold, cancelled, not available). */
  readonly hold: PurchaseContext['hold'];
}

export function purchaseNow(snapshot: PurchaseSnapshot): PurchaseNow {
  const ended = purchaseEnded(snapshot);
  return {
    step: currentStep(snapshot),
    status: purchaseStatus(snapshot),
    // A confirmed purchase still takes its handover (staff).
    allowedCommands: snapshot.status === 'done' ? [] : allowedCommands(snapshot),
    reopenableSteps: ended ? [] : reopenableSteps(snapshot),
    summary: purchaseSummary(snapshot.context),
    hold: ended ? null : snapshot.context.hold,
  };
}
