/** The back office's words, German (Austria): the German ones, with Austria's own terms. */

import { atActions } from './actions/at.ts';
import { atCustomers } from './customers/at.ts';
import { deAdmin } from './de.ts';
import type { AdminMessages } from './fr.ts';
import { atImports } from './imports/at.ts';

export const atAdmin: AdminMessages = {
  ...deAdmin,
  customers: atCustomers,
  imports: atImports,
  actions: atActions,
  app: { ...deAdmin.app, name: 'Backoffice Österreich' },
  signIn: { ...deAdmin.signIn, intro: 'Nur für Mitarbeiter. Melden Sie sich mit Ihrer Dienstadresse an.' },
  column: { ...deAdmin.column, created: 'Angelegt am' },
};
