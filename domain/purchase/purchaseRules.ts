/**
 * The rules the machine's guards and `decide` share, on the context alone (README "Steps", "Going
 * back", "Funding", "PurchasePayment"): which steps are done, whether the funding still fits the total, what is
 * due now, where the money is.
 */
import type { PurchaseStep } from '../routes/paramRules.ts';
import type { PurchaseContext, PurchasePayment } from './purchaseContext.ts';

/** Instants compared as instants (ISO strings with and without milliseconds do not sort as text). */
export const isAfter = (a: string, b: string): boolean => Date.parse(a) > Date.parse(b);

/** The total due the funding must be chosen for (minor units; purchaseSummary's `totalDue`, cheaply). */
export const totalDue = (ctx: PurchaseContext): number =>
  Math.max(
    0,
    ctx.carPrice.amount +
      (ctx.delivery?.price.amount ?? 0) +
      (ctx.extras?.total.amount ?? 0) -
      ctx.tradeIn.amount.amount,
  );

/** A converted booking's deposit the purchase still holds (minor units; 0 without one). */
export const bookingDepositHeld = (ctx: PurchaseContext): number =>
  ctx.bookingDeposit?.status === 'succeeded' ? ctx.bookingDeposit.amount.amount : 0;

/**
 * What the advance payment must be now (minor units; 0: nothing to pay online): the market's advance,
 * at most the total due, less a converted booking's deposit (it counts toward the advance).
 */
export const advancePaymentDue = (ctx: PurchaseContext): number =>
  Math.max(0, Math.min(ctx.advancePayment.amount, totalDue(ctx)) - bookingDepositHeld(ctx));

/** The funding was chosen for another total (a later step changed it): to be voided and chosen again. */
export const fundingStale = (ctx: PurchaseContext): boolean =>
  ctx.funding !== null && ctx.funding.total.amount !== totalDue(ctx);

/** The buyer may go on to the advance payment: cash, or a finance accepted or by-passed, for this total. */
export function fundingSettled(ctx: PurchaseContext): boolean {
  const f = ctx.funding;
  if (f === null || fundingStale(ctx)) return false;
  return f.mode === 'cash' || f.decision === 'accepted' || f.decision === 'by-pass';
}

/** The purchase can be confirmed once paid: cash, or a finance the lender accepted (not only by-passed). */
export const fundingFinal = (ctx: PurchaseContext): boolean =>
  fundingSettled(ctx) &&
  (ctx.funding?.mode === 'cash' || (ctx.funding?.mode === 'finance' && ctx.funding.decision === 'accepted'));

/** A by-passed finance still waits for the lender's final answer on this application. */
export const awaitsFinalDecision = (ctx: PurchaseContext, applicationId: string): boolean =>
  ctx.funding?.mode === 'finance' &&
  ctx.funding.decision === 'by-pass' &&
  ctx.funding.applicationId === applicationId;

/** Whether a step's work is done (the route skips done steps unless the buyer reopened one). */
export function stepDone(ctx: PurchaseContext, step: PurchaseStep): boolean {
  const signedIn = ctx.customerId !== null;
  switch (step) {
    case 'my-account':
      return signedIn || ctx.account.termsAccepted;
    case 'sign-in-sign-up':
      return signedIn || ctx.account.accountExists !== null;
    case 'sign-in':
    case 'sign-up':
      return signedIn;
    case 'my-infos':
      return ctx.infos !== null;
    case 'delivery':
      return ctx.delivery !== null && !ctx.deliveryStale;
    case 'recovery':
      return ctx.tradeIn.choice !== null;
    case 'insurance':
      return ctx.insurance !== null;
    case 'additional-optional':
      return ctx.extras !== null;
    case 'funding':
      return fundingSettled(ctx);
    case 'advance-payment':
      return false;
    default: {
      const never: never = step;
      throw new Error(`unknown purchase step ${String(never)}`);
    }
  }
}

/** The route stops at a step that is not done, or that the buyer reopened. */
export const stepDue = (ctx: PurchaseContext, step: PurchaseStep): boolean =>
  !stepDone(ctx, step) || ctx.reopened === step;

export const lastPayment = (ctx: PurchaseContext): PurchasePayment | undefined => ctx.payments.at(-1);

export const paymentPending = (ctx: PurchaseContext): boolean => lastPayment(ctx)?.status === 'pending';

/** A payment request of this purchase, or the converted booking's deposit. */
export const paymentById = (ctx: PurchaseContext, paymentId: string): PurchasePayment | undefined =>
  ctx.payments.find((p) => p.paymentId === paymentId) ??
  (ctx.bookingDeposit?.paymentId === paymentId ? ctx.bookingDeposit : undefined);

/** The current payment request succeeded: the deposit that keeps the purchase in `paid`. */
export const depositHeld = (ctx: PurchaseContext): boolean => lastPayment(ctx)?.status === 'succeeded';

/**
 * Deposits to give back: any earlier payment that went through after it was voided, and the current
 * deposit once the funding it was paid for is gone (declined, changed or voided by a new total).
 */
export function depositsToRefund(ctx: PurchaseContext): PurchasePayment[] {
  const last = lastPayment(ctx);
  return ctx.payments.filter((p) => p.status === 'succeeded' && (p !== last || !fundingSettled(ctx)));
}

/** No money in flight or held: the purchase may end (cancelled, car not available). */
export const noMoneyHeld = (ctx: PurchaseContext): boolean =>
  ctx.payments.every((p) => p.status !== 'pending' && p.status !== 'succeeded') &&
  bookingDepositHeld(ctx) === 0;
