/** The back office's customer pages, French (Belgium): the French ones. */
import { type CustomerMessages, frCustomers } from './fr.ts';

export const frBECustomers: CustomerMessages = frCustomers;
