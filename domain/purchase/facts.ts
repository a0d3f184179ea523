/**
 * What the command handler gathers before `decide` (ARCHITECTURE "Funnels"): the time, new ids, and the
 * answers of the provider ports (engine/providers). The shapes are structural and minimal so any
 * provider adapter can fill them. `REQUIRED_FACTS` says which facts each command needs; `decide` checks.
 */
import type { Money } from '../catalogue/car.ts';
import type { FinanceDecision } from '../routes/paramRules.ts';
import type { PurchaseCommandType } from './commands.ts';
import type { ChosenDelivery, ChosenFinanceQuote, Hold, PricedExtra, ShownTradeInOffer } from './events.ts';

export interface PurchaseFacts {
  /** Now (ISO 8601, UTC): compared with the hold's end; never read from a clock inside the domain. */
  readonly at: string;
  /** StartPurchase: the new purchase's id (digits: the SPEC's `getcarpurchase/{id}`). */
  readonly purchaseId?: string;
  /** StartPurchase: the car as listed now (its stream). */
  readonly car?: { readonly price: Money; readonly dealerId: string };
  /** StartPurchase: the hold won on the car's stream, or null when another funnel holds the car. */
  readonly hold?: Hold | null;
  /** StartPurchase from a booking: the booking's paid, unrefunded deposit (null: none). */
  readonly bookingDeposit?: { readonly paymentId: string; readonly amount: Money } | null;
  /** CheckAccountEmail: does the typed email belong to an account. */
  readonly accountExists?: boolean;
  /** ChooseDelivery: the quote for the chosen mode (home: dealer → the buyer's postcode). */
  readonly deliveryQuote?: ChosenDelivery;
  /** ValueTradeIn: the valuation's offer. */
  readonly tradeInOffer?: ShownTradeInOffer;
  /** ChooseInsurance (with an offer id): the offer's monthly premium. */
  readonly insuranceOffer?: { readonly offerId: string; readonly monthlyPremium: Money };
  /** ChooseExtras: the market's price of each chosen extra (unknown ids are left out). */
  readonly extras?: readonly PricedExtra[];
  /** ChooseFunding (finance): the lender's quote for the total due, duration and down payment. */
  readonly financeQuote?: ChosenFinanceQuote;
  /** ApplyForFinance: the application filed with the lender. */
  readonly financeApplication?: { readonly applicationId: string };
  /** ApplyForFinance: a lender that answers at once (optional; otherwise RecordFinanceDecision later). */
  readonly financeDecision?: FinanceDecision;
  /** RequestAdvancePayment: the checkout created at the payment provider for `advancePaymentDue`. */
  readonly payment?: { readonly paymentId: string; readonly amount: Money; readonly checkoutUrl: string };
}

type FactName = Exclude<keyof PurchaseFacts, 'at'>;

/**
 * The facts each command needs besides `at` (conditional ones in brackets in the README). The handler
 * gathers these only after `allowedCommands(state)` says the command is allowed now, so no quote, loan
 * application or checkout is created for a command that would be refused.
 */
export const REQUIRED_FACTS: Readonly<Record<PurchaseCommandType, readonly FactName[]>> = {
  StartPurchase: ['purchaseId', 'car', 'hold'],
  PassAccountStep: [],
  CheckAccountEmail: ['accountExists'],
  RecordSignIn: [],
  RecordSignUp: [],
  SubmitInfos: [],
  ChooseDelivery: ['deliveryQuote'],
  ValueTradeIn: ['tradeInOffer'],
  AcceptTradeIn: [],
  SkipTradeIn: [],
  ChooseInsurance: ['insuranceOffer'], // only when offerId is not null
  ChooseExtras: ['extras'],
  ChooseFunding: ['financeQuote'], // only for mode 'finance'
  ApplyForFinance: ['financeApplication'],
  RecordFinanceDecision: [],
  RequestAdvancePayment: ['payment'],
  RecordPaymentResult: [],
  ReopenStep: [],
  CancelPurchase: [],
  LoseHold: [],
  ExtendHold: [],
  RecordHandover: [],
};

/** A fact `decide` needs and did not get: a bug in the handler, not the buyer's fault. */
export function need<K extends FactName>(facts: PurchaseFacts, name: K): NonNullable<PurchaseFacts[K]> {
  const value = facts[name];
  if (value === undefined || value === null) throw new Error(`purchase: the fact "${name}" is missing`);
  return value as NonNullable<PurchaseFacts[K]>;
}
