/**
 * The purchase screens' JSON, as the purchase form and calls answer it (http/routes/purchaseSchemas.ts:
 * `purchasePageOut`, `purchaseOut` and the steps' GET answers), with the domain's own types where it
 * carries them. No personal data but the buyer's own profile prefill.
 */
import type { Money } from '../../domain/catalogue/car.ts';
import type { DeliveryQuote } from '../../domain/delivery/quoteDelivery.ts';
import type { FinanceQuote } from '../../domain/finance/quoteFinance.ts';
import type { ExtraOffer, InsuranceOffer } from '../../domain/insurance/priceSelection.ts';
import type { Locale } from '../../domain/markets.ts';
import type { PurchaseCommandType } from '../../domain/purchase/commands.ts';
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import type { PurchaseContext } from '../../domain/purchase/purchaseContext.ts';
import type { PurchaseNow } from '../../domain/purchase/purchaseNow.ts';
import type { PersistedPurchase } from '../../domain/purchase/purchaseState.ts';
import type { FinanceDecision, PurchaseStep } from '../../domain/routes/index.ts';

/** A call the buyer may make now. */
export interface PurchaseCall {
  readonly command: PurchaseCommandType | string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

export interface PurchaseJson extends PurchaseNow {
  readonly purchaseId: string;
  readonly carId: string;
  readonly locale: Locale;
  readonly customerId: string | null;
  readonly fromBookingId: string | null;
  readonly account: PurchaseContext['account'];
  readonly infos: PurchaseContext['infos'];
  readonly delivery: PurchaseContext['delivery'];
  readonly tradeIn: Pick<PurchaseContext['tradeIn'], 'offer' | 'choice'>;
  readonly insurance: PurchaseContext['insurance'];
  readonly extras: PurchaseContext['extras'];
  readonly funding: PurchaseContext['funding'];
  readonly financeDecision: FinanceDecision | null;
  readonly financeRefused: boolean;
  readonly payments: PurchaseContext['payments'];
  readonly checkoutUrl: string | null;
  readonly version: number;
  /** The machine's snapshot at `version`: the page's actor starts from it. */
  readonly snapshot: PersistedPurchase;
  /** The stream's events, which bring that actor from an earlier version to this one. */
  readonly events: readonly PurchaseEvent[];
  readonly links: {
    readonly page: string;
    readonly purchase: string;
    readonly calls: readonly PurchaseCall[];
  };
}

/** The purchase form and info pages of a car (`GET car_purchase_form`, JSON). */
export interface PurchasePageJson {
  readonly car: {
    readonly carId: string;
    readonly slug: string;
    readonly condition: string;
    readonly brand: string;
    readonly model: string;
    readonly version: string;
    readonly year: number;
    readonly price: Money;
    readonly dealerId: string;
    readonly availability: 'available' | 'reserved' | 'sold' | 'withdrawn';
    readonly url: string;
  };
  readonly terms: {
    readonly advancePayment: Money;
    readonly holdMinutes: number;
    readonly steps: readonly PurchaseStep[];
  };
  readonly signedIn: boolean;
  readonly purchase: PurchaseJson | null;
  readonly booking: { readonly bookingId: string; readonly screen: string; readonly page: string } | null;
}

/** What a step's GET call adds to the purchase. */
export interface StepData {
  readonly prefill?: {
    readonly firstName: string;
    readonly lastName: string;
    readonly phone?: string;
    readonly birthDate?: string;
    readonly address?: {
      readonly lines: readonly string[];
      readonly postcode: string;
      readonly city: string;
      readonly country: string;
    };
  } | null;
  readonly quotes?: readonly DeliveryQuote[];
  /** delivery: the postcode quoted (the one asked, else the buyer's address's). */
  readonly postcode?: string | null;
  readonly offers?: readonly InsuranceOffer[];
  readonly extras?: readonly ExtraOffer[];
  readonly simulation?: FinanceQuote | null;
  /** recovery: the buyer's valuations made outside the purchase ("sell your car") still valid in its market. */
  readonly savedValuations?: {
    readonly items: readonly {
      readonly valuationId: string;
      readonly vehicle: { readonly brand: string; readonly model: string; readonly year: number };
      readonly offer: Money;
      readonly valuedAt: string;
      readonly validUntil: string;
    }[];
    readonly words: { readonly saved: string; readonly use: string; readonly car: string };
  };
}
