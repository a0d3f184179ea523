/** What the purchase screens render with (purchasePage.tsx loads it; PurchaseScreen.tsx shows it). */

import type { PurchaseStep } from '../../../domain/routes/index.ts';
import type { PurchaseJson, PurchasePageJson, StepData } from '../../api/purchaseTypes.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import type { PurchaseMessages } from './messages/fr.ts';

/** What the screen renders with (all of it travels to the browser as the loader's data). */
export interface PurchasePageProps {
  readonly kind: 'form' | 'info' | 'outcome';
  readonly page: PurchasePageJson | null;
  /** An outcome page's car (what was bought), if its page could be read. */
  readonly outcomeCar?: PurchasePageJson['car'] | null;
  readonly purchase: PurchaseJson | null;
  /** The step the URL shows (a done step the buyer looks back at, or the current one). */
  readonly shown: PurchaseStep | null;
  readonly data: StepData;
  readonly csrfToken: string;
  readonly flash: FormFlash | null;
  readonly messages: PurchaseMessages;
  /** The page's path (forms come back here when refused). */
  readonly path: string;
}
