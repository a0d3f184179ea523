/**
 * The amounts of a purchase (README "Amounts"): what the buyer owes, how it is paid, what is paid now.
 * Every amount is non-negative integer minor units in the market's currency. The insurance premium is
 * monthly and paid to the insurer, so it is shown but never part of the total due.
 */
import type { Money } from '../catalogue/car.ts';
import type { FundingMode } from './events.ts';
import type { PurchaseContext } from './purchaseContext.ts';

export interface PurchaseSummary {
  readonly carPrice: Money;
  readonly deliveryPrice: Money;
  readonly extrasTotal: Money;
  /** car + delivery + extras. */
  readonly totalPrice: Money;
  /** The accepted trade-in offer (0 without one). */
  readonly tradeInAmount: Money;
  /** totalPrice − trade-in, never below 0. */
  readonly totalDue: Money;
  /** A trade-in worth more than the total price: paid to the buyer at delivery. */
  readonly tradeInSurplus: Money;
  readonly insuranceMonthly: Money;
  readonly funding: FundingMode | null;
  readonly downPayment: Money;
  /** The loan: totalDue − downPayment for finance, 0 for cash. */
  readonly financed: Money;
  readonly financeMonthly: Money;
  /** Paid online now: the market's advance, at most the total due. */
  readonly advancePayment: Money;
  /** Deposits received and not refunded (a converted booking's deposit included). */
  readonly advancePaid: Money;
  /** A converted booking's deposit held toward the advance (0 without one). */
  readonly bookingDeposit: Money;
  /** The part of that deposit beyond what is left to pay (cash part of a tiny total): paid back at delivery. */
  readonly depositSurplus: Money;
  /** Left to pay at delivery: totalDue − financed − advancePayment, never below 0. */
  readonly balanceAtDelivery: Money;
}

export function purchaseSummary(ctx: PurchaseContext): PurchaseSummary {
  const currency = ctx.carPrice.currency;
  const money = (amount: number): Money => ({ amount: Math.max(0, amount), currency });
  const delivery = ctx.delivery?.price.amount ?? 0;
  const extras = ctx.extras?.total.amount ?? 0;
  const totalPrice = ctx.carPrice.amount + delivery + extras;
  const tradeIn = ctx.tradeIn.amount.amount;
  const totalDue = Math.max(0, totalPrice - tradeIn);
  const funding = ctx.funding;
  const downPayment = funding?.mode === 'finance' ? Math.min(funding.quote.downPayment.amount, totalDue) : 0;
  const financed = funding?.mode === 'finance' ? totalDue - downPayment : 0;
  const advance = Math.min(ctx.advancePayment.amount, totalDue);
  const booked = ctx.bookingDeposit?.status === 'succeeded' ? ctx.bookingDeposit.amount.amount : 0;
  const paid =
    booked +
    ctx.payments.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amount.amount, 0);
  return {
    carPrice: money(ctx.carPrice.amount),
    deliveryPrice: money(delivery),
    extrasTotal: money(extras),
    totalPrice: money(totalPrice),
    tradeInAmount: money(tradeIn),
    totalDue: money(totalDue),
    tradeInSurplus: money(tradeIn - totalPrice),
    insuranceMonthly: money(
      ctx.insurance !== null && ctx.insurance.offerId !== null ? ctx.insurance.monthlyPremium.amount : 0,
    ),
    funding: funding?.mode ?? null,
    downPayment: money(downPayment),
    financed: money(financed),
    financeMonthly: money(funding?.mode === 'finance' ? funding.quote.monthly.amount : 0),
    advancePayment: money(advance),
    advancePaid: money(paid),
    bookingDeposit: money(booked),
    depositSurplus: money(booked - (totalDue - financed)),
    // A booking deposit larger than the advance (a total cut by a trade-in) counts toward the balance.
    balanceAtDelivery: money(totalDue - financed - Math.max(advance, booked)),
  };
}
