/** What the account pages render with (accountPage.tsx loads it; the screens show it). */
import type { MyBillsAnswer } from '../../../domain/bills/myBillsAnswer.ts';
import type { MyCar } from '../../../domain/customers/myCars.ts';
import type { AccountFunnels } from '../../../domain/funnel/buyerFunnelList.ts';
import type { MyAppointmentJson } from '../../api/appointmentTypes.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import type { AppointmentMessages } from '../appointment/messages/fr.ts';
import type { AccountValuations } from './MyValuations.tsx';
import type { AccountMessages } from './messages/fr.ts';

/** The signed-in customer, as the account's header greets them. */
export interface AccountCustomer {
  readonly firstName: string;
  readonly email: string;
}

/** The dashboard's dealer appointments (MyAppointments.tsx) and their words. */
export interface AccountAppointments {
  readonly items: readonly MyAppointmentJson[];
  readonly messages: AppointmentMessages;
}

export interface AccountPageProps {
  /** `visitor`: the sign-in or sign-up form; `dashboard` / `bills`: a signed-in customer's page. */
  readonly kind: 'visitor' | 'dashboard' | 'bills';
  /** For a visitor: which form is shown (`?form=sign-up`). */
  readonly form: 'sign-in' | 'sign-up';
  /** Where a visitor goes once signed in (a page of ours; default the dashboard). */
  readonly next: string;
  readonly customer: AccountCustomer | null;
  readonly funnels: AccountFunnels | null;
  readonly cars: {
    readonly cars: readonly MyCar[];
    readonly max: number;
    readonly imageMaxBytes: number;
  } | null;
  /** The dashboard's valuations ("sell your car"), with their words; null elsewhere. */
  readonly valuations: AccountValuations | null;
  /** The bills page's documents, bills and cars (`kind: bills`). */
  readonly bills: MyBillsAnswer | null;
  /** The add-a-bill form's idempotency field, made when the page is loaded (a double submit is one bill). */
  readonly uploadKey: string;
  readonly passwordMinLength: number;
  readonly csrfToken: string;
  readonly flash: FormFlash | null;
  readonly messages: AccountMessages;
  /** The page's path with its query (forms come back here when refused). */
  readonly path: string;
  /** The dashboard's dealer appointments (null elsewhere, or without the appointments' calls). */
  readonly appointments?: AccountAppointments | null;
}
