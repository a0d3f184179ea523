/**
 * The purchase commands' names and the steps a buyer can go back to, without the commands' schemas
 * (commands.ts checks it names the same): what "allowed now" needs, in the browser too, without zod.
 */

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
  'ExtendHold',
  'RecordHandover',
] as const;

export type PurchaseCommandType = (typeof PURCHASE_COMMAND_TYPES)[number];

/** The steps a buyer can go back to: all but the sign-in / sign-up answers and the payment itself. */
export const REOPENABLE_STEPS = [
  'my-account',
  'sign-in-sign-up',
  'my-infos',
  'delivery',
  'recovery',
  'insurance',
  'additional-optional',
  'funding',
] as const;
