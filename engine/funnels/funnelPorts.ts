/**
 * The ports the funnel services gather their outside facts from (engine/providers, engine/customers,
 * engine/timers) and the small options they share: where a checkout sends the buyer back, and the log.
 */
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/generateUrl.ts';
import type { CustomerAccounts } from '../customers/accounts/customerAccounts.ts';
import type { DeliveryQuotes } from '../providers/delivery/deliveryQuotes.ts';
import type { FinanceProvider } from '../providers/finance/financeProvider.ts';
import type { InsuranceAndExtras } from '../providers/insurance/insuranceAndExtras.ts';
import type { Payments } from '../providers/payment/payments.ts';
import type { TradeInValuations } from '../providers/valuation/tradeInValuations.ts';
import type { TimerStore } from '../timers/timerScheduler.ts';

/** The provider ports of engine/providers (README there). */
export interface FunnelProviders {
  readonly delivery: DeliveryQuotes;
  readonly valuations: TradeInValuations;
  readonly insurance: InsuranceAndExtras;
  readonly finance: FinanceProvider;
  readonly payments: Payments;
}

/** What the funnels ask of the customer accounts (the email check, the my-infos step). */
export type FunnelAccounts = Pick<CustomerAccounts, 'checkEmail' | 'profile' | 'updateProfile'>;

export type FunnelTimers = Pick<TimerStore, 'schedule' | 'cancel'>;

/** Where a hosted checkout sends the buyer after paying (`successUrl`) or failing (`failureUrl`). */
export type ReturnUrls = (target: {
  readonly funnel: 'purchase' | 'booking';
  readonly id: string;
  readonly locale: Locale;
  readonly car: CarFacts;
}) => { successUrl: string; failureUrl: string };

/** Logs what the services work around (a refund refused by the provider, a late webhook). */
export interface FunnelLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * The SPEC's outcome pages under `publicUrl`: purchase `car_purchase_ok` / `car_purchase_payment_ko`
 * (id = the purchase's), booking `car_book_ok` / `car_book_payment_ko` (id = the car's).
 */
export function outcomePageUrls(publicUrl: string): ReturnUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return ({ funnel, id, locale, car }) => {
    const slug = carSlug(car);
    if (funnel === 'purchase') {
      return {
        successUrl: base + generateUrl(`car_purchase_ok.${locale}`, { id, slug }),
        failureUrl: base + generateUrl(`car_purchase_payment_ko.${locale}`, { id, slug }),
      };
    }
    const params = { id: car.carId, slug, bookingId: id };
    return {
      successUrl: base + generateUrl(`car_book_ok.${locale}`, params),
      failureUrl: base + generateUrl(`car_book_payment_ko.${locale}`, params),
    };
  };
}
