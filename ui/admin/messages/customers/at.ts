/** The back office's customer pages, German (Austria): the German ones. */
import { deCustomers } from './de.ts';
import type { CustomerMessages } from './fr.ts';

export const atCustomers: CustomerMessages = deCustomers;
