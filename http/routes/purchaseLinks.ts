/**
 * Where a purchase's buyer belongs and what they may call now, as URLs of the route table: the page of
 * the purchase's state (a form step, or the SPEC's outcome pages ok / payment-ko / car-not-available,
 * whose `id` is the purchase's), and for each command allowed now the call that sends it. The purchase
 * form and info pages are the car's (`id` = the car's; new cars under the new-car prefix).
 */
import { availabilityOf } from '../../domain/carHold/carAvailability.ts';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import type { PurchaseCommandType } from '../../domain/purchase/commands.ts';
import { purchasePolicy } from '../../domain/purchase/purchasePolicy.ts';
import {
  generateUrl,
  PURCHASE_STEPS,
  type PurchaseStep,
  type RouteBaseName,
} from '../../domain/routes/index.ts';
import type { CarRecord } from '../../engine/funnels/carHolds.ts';
import type { PurchaseView } from '../../engine/funnels/purchaseView.ts';
import type { PurchaseOut } from './purchaseSchemas.ts';

export interface CallLink {
  readonly command: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/** The purchase form route of a car (used or new). */
export const purchaseFormRoute = (car: Pick<CarFacts, 'condition'>): RouteBaseName =>
  car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form';

export function purchaseFormUrl(car: CarFacts, locale: Locale, step?: PurchaseStep | null): string {
  const params = { id: car.carId, slug: carSlug(car), ...(step ? { step } : {}) };
  return generateUrl(`${purchaseFormRoute(car)}.${locale}`, params);
}

/** The call of each command a buyer sends (the others come from the lender, the provider, timers). */
const CALLS: Partial<Record<PurchaseCommandType, RouteBaseName | PurchaseStep | 'form'>> = {
  PassAccountStep: 'ajax_add_consent',
  CheckAccountEmail: 'sign-in-sign-up',
  RecordSignIn: 'sign-in',
  RecordSignUp: 'sign-up',
  SubmitInfos: 'ajax_check_my_info_step',
  ChooseDelivery: 'ajax_check_dealer_distance',
  ValueTradeIn: 'ajax_form_recovery',
  AcceptTradeIn: 'ajax_form_recovery',
  SkipTradeIn: 'ajax_form_recovery',
  ChooseInsurance: 'ajax_insurance',
  ChooseExtras: 'ajax_additional_optional',
  ChooseFunding: 'ajax_funding',
  ApplyForFinance: 'ajax_funding',
  RequestAdvancePayment: 'ajax_form_summary_step_5',
  CancelPurchase: 'form',
};

const STEP_CALLS = new Set<string>(['sign-in-sign-up', 'sign-in', 'sign-up']);

/** Where a purchase's buyer stands, as much as its calls need. */
export type PurchasePosition = Pick<
  PurchaseView,
  'purchaseId' | 'locale' | 'allowedCommands' | 'reopenableSteps'
>;

/** The call of each command allowed now (and of each step the buyer may go back to). */
export function purchaseCallLinks(purchase: PurchasePosition, car: CarFacts): CallLink[] {
  const { locale, purchaseId: id } = purchase;
  const calls: CallLink[] = [];
  for (const command of purchase.allowedCommands) {
    const target = CALLS[command];
    if (target === undefined) continue;
    const path =
      target === 'form'
        ? purchaseFormUrl(car, locale)
        : STEP_CALLS.has(target)
          ? purchaseFormUrl(car, locale, target as PurchaseStep)
          : generateUrl(`${target as RouteBaseName}.${locale}`, { id });
    if (!calls.some((call) => call.path === path && call.command === command))
      calls.push({ command, method: 'POST', path });
  }
  for (const step of purchase.reopenableSteps)
    calls.push({ command: 'ReopenStep', method: 'POST', path: purchaseFormUrl(car, locale, step) });
  return calls;
}

/** The page a purchase's buyer belongs on: its current step, or its outcome page once it has one. */
export function purchasePageUrl(
  purchase: Pick<PurchaseView, 'purchaseId' | 'locale' | 'status' | 'step'>,
  car: CarFacts,
): string {
  const { locale, purchaseId: id } = purchase;
  const outcome = (route: RouteBaseName) => generateUrl(`${route}.${locale}`, { id, slug: carSlug(car) });
  switch (purchase.status) {
    case 'confirmed':
      return outcome('car_purchase_ok');
    case 'payment-failed':
      return outcome('car_purchase_payment_ko');
    case 'car-not-available':
      return outcome('car_not_available');
    default:
      return purchaseFormUrl(car, locale, purchase.step);
  }
}

export function purchaseLinks(
  view: PurchaseView,
  car: CarFacts,
): { page: string; purchase: string; calls: CallLink[] } {
  return {
    page: purchasePageUrl(view, car),
    purchase: generateUrl(`get_car_purchase.${view.locale}`, { id: view.purchaseId }),
    calls: purchaseCallLinks(view, car),
  };
}

/** A purchase as the calls answer it: the view (its lists copied) and its links. */
export function purchaseAnswer(view: PurchaseView, car: CarFacts): PurchaseOut {
  return {
    ...view,
    allowedCommands: [...view.allowedCommands],
    reopenableSteps: [...view.reopenableSteps],
    extras: view.extras && { ...view.extras, items: [...view.extras.items] },
    payments: [...view.payments],
    events: [...view.events],
    links: purchaseLinks(view, car),
  };
}

/** The purchase's account steps, which a signed-in buyer never sees. */
export const ACCOUNT_STEPS: readonly PurchaseStep[] = ['my-account', 'sign-in-sign-up', 'sign-in', 'sign-up'];

/**
 * The purchase form's and info page's JSON: the car with its availability and page, the market's terms
 * (the account steps left out for a signed-in buyer), and the buyer's funnels on the car.
 */
export function purchasePageAnswer(input: {
  readonly car: Pick<CarRecord, 'hold'>;
  readonly facts: CarFacts;
  readonly locale: Locale;
  readonly signedIn: boolean;
  readonly purchase: PurchaseOut | null;
  readonly booking: { readonly bookingId: string; readonly screen: string; readonly page: string } | null;
}) {
  const { facts, locale, signedIn } = input;
  const policy = purchasePolicy(locale);
  const detail = facts.condition === 'new' ? 'car_detail_vn' : 'car_detail';
  return {
    car: {
      ...facts,
      slug: carSlug(facts),
      availability: availabilityOf(input.car.hold).status ?? ('withdrawn' as const),
      url: generateUrl(`${detail}.${locale}`, { id: facts.carId, slug: carSlug(facts) }),
    },
    terms: {
      advancePayment: policy.advancePayment,
      holdMinutes: policy.holdMinutes,
      steps: PURCHASE_STEPS.filter((step) => !signedIn || !ACCOUNT_STEPS.includes(step)),
    },
    signedIn,
    purchase: input.purchase,
    booking: input.booking,
  };
}
