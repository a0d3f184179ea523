/**
 * The machine's states in the SPEC's words, for the HTTP layer, the UI and the 409s: which of the
 * eleven steps the buyer is on (`currentStep`), and how the purchase stands (`purchaseStatus`, whose
 * outcomes are the SPEC's outcome pages).
 */
import type { PurchaseStep } from '../routes/paramRules.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';

/** How a purchase stands, in the order a purchase goes (the outcome pages last). */
export const PURCHASE_STATUSES = [
  'not-started',
  'in-progress',
  /** funding: the lender studies the application. */
  'awaiting-finance-decision',
  /** advance-payment: the buyer is at the hosted checkout. */
  'awaiting-payment',
  /** Outcome page `payment-ko`: the buyer may pay again. */
  'payment-failed',
  /** The deposit is in; a by-passed finance is studied by hand before confirmation. */
  'paid-awaiting-finance',
  /** Outcome page `ok`. */
  'confirmed',
  /** Outcome page `car-not-available`. */
  'car-not-available',
  'cancelled',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

// State value → SPEC step, most specific first.
const STEPS: ReadonlyArray<readonly [Parameters<PurchaseSnapshot['matches']>[0], PurchaseStep]> = [
  [{ open: { account: 'myAccount' } }, 'my-account'],
  [{ open: { account: 'signInSignUp' } }, 'sign-in-sign-up'],
  [{ open: { account: 'signIn' } }, 'sign-in'],
  [{ open: { account: 'signUp' } }, 'sign-up'],
  [{ open: 'myInfos' }, 'my-infos'],
  [{ open: 'delivery' }, 'delivery'],
  [{ open: 'recovery' }, 'recovery'],
  [{ open: 'insurance' }, 'insurance'],
  [{ open: 'additionalOptional' }, 'additional-optional'],
  [{ open: 'funding' }, 'funding'],
  [{ open: 'advancePayment' }, 'advance-payment'],
];

/** The step the buyer is on; null before the start and once the purchase has ended. */
export function currentStep(snapshot: PurchaseSnapshot): PurchaseStep | null {
  for (const [value, step] of STEPS) if (snapshot.matches(value)) return step;
  return null;
}

export function purchaseStatus(snapshot: PurchaseSnapshot): PurchaseStatus {
  if (snapshot.matches('notStarted')) return 'not-started';
  if (snapshot.matches('confirmed')) return 'confirmed';
  if (snapshot.matches('carNotAvailable')) return 'car-not-available';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches({ open: { funding: 'awaitingDecision' } })) return 'awaiting-finance-decision';
  if (snapshot.matches({ open: { advancePayment: 'awaitingPayment' } })) return 'awaiting-payment';
  if (snapshot.matches({ open: { advancePayment: 'failed' } })) return 'payment-failed';
  if (snapshot.matches({ open: { advancePayment: 'paid' } })) return 'paid-awaiting-finance';
  return 'in-progress';
}

/** Where the purchase stands, in one word for messages: the step, else the status. */
export function describePurchaseState(snapshot: PurchaseSnapshot): string {
  const status = purchaseStatus(snapshot);
  const step = currentStep(snapshot);
  if (step === null) return status;
  return status === 'in-progress' ? step : `${step} (${status})`;
}
