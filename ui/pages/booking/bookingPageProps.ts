/** What the booking screens render with (bookingPage.tsx loads it; BookingScreen.tsx shows it). */

import type { BookingLimitJson, BookingPageJson } from '../../api/bookingTypes.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import type { BookingMessages } from './messages/fr.ts';

interface Common {
  readonly csrfToken: string;
  readonly flash: FormFlash | null;
  readonly messages: BookingMessages;
  /** The page's path (forms come back here when refused). */
  readonly path: string;
}

/**
 * A booking screen: the form (no booking yet), the contact check with the deposit, the outcome pages
 * (all from the booking form's JSON: the car, the terms, the buyer's booking); or the limit page.
 */
export type BookingPageProps =
  | (Common & {
      readonly kind: 'booking';
      readonly page: BookingPageJson;
      /** Back from the sign-up form (`?account=new`): the contact check says so. */
      readonly signedUp: boolean;
    })
  | (Common & { readonly kind: 'limit'; readonly limitPage: BookingLimitJson });
