/** The back office's words, French (Belgium): the French ones, with Belgium's own terms. */

import { frBEActions } from './actions/fr-BE.ts';
import { frBEAnalytics } from './analytics/fr-BE.ts';
import { frBEAppointments } from './appointments/fr-BE.ts';
import { frBEBlogAdmin } from './blog/fr-BE.ts';
import { frBEContentItems } from './contentItems/fr-BE.ts';
import { frBECustomers } from './customers/fr-BE.ts';
import { frBEDashboard } from './dashboard/fr-BE.ts';
import type { AdminMessages } from './fr.ts';
import { frAdmin } from './fr.ts';
import { frBEImports } from './imports/fr-BE.ts';
import { frBELandingAdmin } from './landing/fr-BE.ts';
import { frBEMail } from './mail/fr-BE.ts';
import { frBEMedia } from './media/fr-BE.ts';
import { frBESeoAdmin } from './seo/fr-BE.ts';
import { frBEStaff } from './staff/fr-BE.ts';
import { frBETranslations } from './translations/fr-BE.ts';
import { frBEViews } from './views/fr-BE.ts';

export const frBEAdmin: AdminMessages = {
  ...frAdmin,
  customers: frBECustomers,
  views: frBEViews,
  staff: frBEStaff,
  seo: frBESeoAdmin,
  imports: frBEImports,
  mail: frBEMail,
  translations: frBETranslations,
  contentItems: frBEContentItems,
  blogAdmin: frBEBlogAdmin,
  appointments: frBEAppointments,
  media: frBEMedia,
  landing: frBELandingAdmin,
  actions: frBEActions,
  analytics: frBEAnalytics,
  figures: frBEDashboard,
  app: { ...frAdmin.app, name: 'Back-office Belgique' },
  signIn: {
    ...frAdmin.signIn,
    intro: 'Réservé au personnel. Connectez-vous avec votre adresse e-mail professionnelle.',
  },
  column: { ...frAdmin.column, total: 'Total TVAC' },
};
