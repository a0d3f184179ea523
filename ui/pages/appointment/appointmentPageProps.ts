/** What the appointment screens render with (appointmentPage.tsx loads it; AppointmentScreen.tsx shows it). */
import type { AppointmentPageJson, ConfirmationJson } from '../../api/appointmentTypes.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import type { AppointmentMessages } from './messages/fr.ts';

interface Common {
  readonly csrfToken: string;
  readonly flash: FormFlash | null;
  readonly messages: AppointmentMessages;
  /** The page's path, and with its query (forms come back there when refused). */
  readonly path: string;
  readonly back: string;
  /** The first day of the slots shown (a later week, or the day a refused post asked for). */
  readonly from: string | null;
}

export type AppointmentPageProps =
  | (Common & { readonly kind: 'form'; readonly page: AppointmentPageJson })
  | (Common & { readonly kind: 'confirmation'; readonly page: ConfirmationJson });
