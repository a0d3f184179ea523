/** The back office's words, German (Austria): the German ones, with Austria's own terms. */

import { atActions } from './actions/at.ts';
import { atAnalytics } from './analytics/at.ts';
import { atAppointments } from './appointments/at.ts';
import { atBlogAdmin } from './blog/at.ts';
import { atContentItems } from './contentItems/at.ts';
import { atCustomers } from './customers/at.ts';
import { atDashboard } from './dashboard/at.ts';
import { deAdmin } from './de.ts';
import type { AdminMessages } from './fr.ts';
import { atImports } from './imports/at.ts';
import { atLandingAdmin } from './landing/at.ts';
import { atMail } from './mail/at.ts';
import { atMedia } from './media/at.ts';
import { atSeoAdmin } from './seo/at.ts';
import { atStaff } from './staff/at.ts';
import { atTranslations } from './translations/at.ts';
import { atViews } from './views/at.ts';

export const atAdmin: AdminMessages = {
  ...deAdmin,
  customers: atCustomers,
  views: atViews,
  staff: atStaff,
  seo: atSeoAdmin,
  imports: atImports,
  mail: atMail,
  translations: atTranslations,
  contentItems: atContentItems,
  blogAdmin: atBlogAdmin,
  appointments: atAppointments,
  media: atMedia,
  landing: atLandingAdmin,
  actions: atActions,
  analytics: atAnalytics,
  figures: atDashboard,
  app: { ...deAdmin.app, name: 'Backoffice Österreich' },
  signIn: { ...deAdmin.signIn, intro: 'Nur für Mitarbeiter. Melden Sie sich mit Ihrer Dienstadresse an.' },
  column: { ...deAdmin.column, created: 'Angelegt am' },
};
