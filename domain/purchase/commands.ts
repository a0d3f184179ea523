/**
 * Purchase commands (imperatives). They carry what the buyer, staff or a webhook asked for; everything
 * from outside (the time, new ids, the car's hold, quotes, decisions, payment sessions) comes in
 * `facts` (facts.ts), gathered by the command handler before `decide`. Personal data never enters a
 * command: the HTTP edge stores it in the customer vault and passes on the ids and the coarse facts
 * (schemas.ts `toSubmitInfos`).
 */
import type { Locale } from '../markets.ts';
import type { FinanceDecision } from '../routes/paramRules.ts';
import type { BuyerType, DeliveryMode, HoldLossReason, ReopenableStep, TradeInVehicle } from './events.ts';

export type PurchaseCommand =
  /** Buy a car (also: a booked car bought by its booker, `fromBookingId`). */
  | {
      type: 'StartPurchase';
      carId: string;
      locale: Locale;
      customerId: string | null;
      fromBookingId: string | null;
    }
  | { type: 'PassAccountStep'; termsAccepted: true; marketingOptIn: boolean }
  /** The buyer typed an email: facts.accountExists says whether it has an account. */
  | { type: 'CheckAccountEmail' }
  /** The HTTP layer authenticated the buyer (password or `login/{type}`); this records it. */
  | { type: 'RecordSignIn'; customerId: string; method: string }
  | { type: 'RecordSignUp'; customerId: string }
  | { type: 'SubmitInfos'; buyerType: BuyerType; country: string; postcodeArea: string }
  | { type: 'ChooseDelivery'; mode: DeliveryMode }
  | { type: 'ValueTradeIn'; vehicle: TradeInVehicle }
  | { type: 'AcceptTradeIn'; offerId: string }
  | { type: 'SkipTradeIn' }
  /** `offerId: null`: no insurance from us (the buyer has their own). */
  | { type: 'ChooseInsurance'; offerId: string | null }
  /** The extras wanted (possibly none), by id; prices come from facts.extras. */
  | { type: 'ChooseExtras'; extraIds: string[] }
  | { type: 'ChooseFunding'; mode: 'cash' }
  /** A finance simulation: downPayment in minor units of the market's currency. */
  | { type: 'ChooseFunding'; mode: 'finance'; durationMonths: number; downPayment: number }
  | { type: 'ApplyForFinance' }
  /** The lender's answer (webhook, or staff after a manual study): SPEC `validate`. */
  | { type: 'RecordFinanceDecision'; applicationId: string; decision: FinanceDecision }
  | { type: 'RequestAdvancePayment' }
  /** The payment provider's answer (signed webhook). */
  | { type: 'RecordPaymentResult'; paymentId: string; result: 'succeeded' | 'failed'; reason?: string }
  /** Go back to a completed step. */
  | { type: 'ReopenStep'; step: ReopenableStep }
  | { type: 'CancelPurchase'; by: 'buyer' | 'staff'; reason: string }
  /** The hold's timer fired (`expired`) or the car left the catalogue (`car-withdrawn`). */
  | { type: 'LoseHold'; holdId: string; reason: HoldLossReason };

export type PurchaseCommandType = PurchaseCommand['type'];

export type PurchaseCommandOf<T extends PurchaseCommandType> = Extract<PurchaseCommand, { type: T }>;

export const PURCHASE_COMMAND_TYPES = [
  'StartPurchase',
  'PassAccountStep',
  'CheckAccountEmail',
  'RecordSignIn',
  'RecordSignUp',
  'SubmitInfos',
  'ChooseDelivery',
  'ValueTradeIn',
  'AcceptTradeIn',
  'SkipTradeIn',
  'ChooseInsurance',
  'ChooseExtras',
  'ChooseFunding',
  'ApplyForFinance',
  'RecordFinanceDecision',
  'RequestAdvancePayment',
  'RecordPaymentResult',
  'ReopenStep',
  'CancelPurchase',
  'LoseHold',
] as const satisfies readonly PurchaseCommandType[];
