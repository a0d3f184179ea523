/**
 * Who sees what: the roles each back-office route needs (domain/staff/staffRoles.ts says what each role
 * is for; `staffMayAct` decides, `admin` passing every check) and the navigation built from them, so a
 * staff member is shown only the sections of their roles. The API checks the same roles again.
 */
import type { Locale } from '../../domain/markets.ts';
import type { RouteBaseName } from '../../domain/routes/index.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { type StaffRole, staffMayAct } from '../../domain/staff/staffRoles.ts';
import type { AdminKey } from './adminTranslator.ts';

const SALES: readonly StaffRole[] = ['sales'];
const CONTENT: readonly StaffRole[] = ['content'];
const ADMIN: readonly StaffRole[] = ['admin'];
const ANALYSTS: readonly StaffRole[] = ['analyst'];
/** Customers: sales with their personal data, analysts without (the API leaves it out for them). */
const CUSTOMERS: readonly StaffRole[] = ['sales', 'analyst'];
/**
 * The dealers export (business contacts, no customer data): sales (appointments), content (the
 * dealer-locator) and analysts (reports and exports); http/routes/adminDealersApi.ts guards with these.
 */
const DEALERS_EXPORT: readonly StaffRole[] = ['sales', 'content', 'analyst'];
/** Analytics: the projections' status and rebuilds, the events explorer (projections/analytics/README.md). */
const ANALYTICS: readonly StaffRole[] = ['analyst'];

/** The roles a back-office page needs (none: any staff member); a route missing here is admin only. */
const NEEDS: Partial<Record<RouteBaseName, readonly StaffRole[]>> = {
  admin_dashboard: [],
  admin_sign_in: [],
  admin_staff_invitation: [],
  admin_staff_list: ADMIN,
  admin_mail_list: ADMIN,
  admin_car_booking_list: SALES,
  admin_car_booking_detail: SALES,
  admin_purchase_list: SALES,
  admin_purchase_detail: SALES,
  admin_customer_list: CUSTOMERS,
  admin_customer_detail: CUSTOMERS,
  admin_customer_export: CUSTOMERS,
  admin_leads: SALES,
  admin_lead_detail: SALES,
  admin_facet_list: CONTENT,
  admin_faq_list: CONTENT,
  admin_homepage_banner_list: CONTENT,
  admin_landing_page_list: CONTENT,
  admin_language_switch_page_list: CONTENT,
  admin_range_list: CONTENT,
  admin_promo_list: CONTENT,
  admin_blog_category_list: CONTENT,
  admin_blog_article_list: CONTENT,
  admin_homepage: CONTENT,
  admin_content_item: CONTENT,
  admin_image_upload: CONTENT,
  admin_seo_promo_edit: CONTENT,
  admin_dealer_locator_edit: CONTENT,
  admin_recovery_text_edit: CONTENT,
  admin_link_facet_edit: CONTENT,
  admin_translation_list: CONTENT,
  admin_translation_edit: CONTENT,
  admin_dealers_export_excel: DEALERS_EXPORT,
  admin_appointment_list: SALES,
  // Reports: analysts (and admins); http/routes/adminReportsApi.ts guards with the same.
  admin_report_list: ANALYSTS,
  admin_report_detail: ANALYSTS,
  // Analytics
  admin_analytics: ANALYTICS,
  admin_analytics_events: ANALYTICS,
  admin_analytics_stream: ANALYTICS,
  // Stock imports stay admin only (absent here): a feed is each of its dealers' full stock, so one file
  // lists, reprices and withdraws cars on sale. Content staff edit the storefront's texts, not its stock,
  // and the import API (http/app.ts) is admin only too.
};

/** The roles `route`'s page needs (none: any staff member). */
export function pageRoles(route: RouteBaseName): readonly StaffRole[] {
  return NEEDS[route] ?? ADMIN;
}

export function mayOpen(roles: readonly StaffRole[], route: RouteBaseName): boolean {
  return staffMayAct(roles, pageRoles(route));
}

export interface NavItem {
  readonly route: RouteBaseName;
  readonly label: AdminKey;
  /** Other routes that belong to the same section (a detail under its list). */
  readonly also?: readonly RouteBaseName[];
  /** The route's parameters, for a section whose page has some (in the staff member's locale). */
  readonly params?: (locale: Locale) => Readonly<Record<string, string>>;
}

const NAV: readonly NavItem[] = [
  { route: 'admin_dashboard', label: 'nav.dashboard' },
  { route: 'admin_purchase_list', label: 'nav.purchases', also: ['admin_purchase_detail'] },
  { route: 'admin_car_booking_list', label: 'nav.bookings', also: ['admin_car_booking_detail'] },
  { route: 'admin_customer_list', label: 'nav.customers', also: ['admin_customer_detail'] },
  { route: 'admin_leads', label: 'nav.leads', also: ['admin_lead_detail'] },
  {
    route: 'admin_faq_list',
    label: 'nav.content',
    also: [
      'admin_facet_list',
      'admin_homepage_banner_list',
      'admin_landing_page_list',
      'admin_language_switch_page_list',
      'admin_range_list',
      'admin_promo_list',
      'admin_blog_category_list',
      'admin_blog_article_list',
      'admin_homepage',
      'admin_content_item',
      'admin_seo_promo_edit',
      'admin_link_facet_edit',
    ],
  },
  {
    route: 'admin_translation_list',
    label: 'translations.nav',
    also: ['admin_translation_edit'],
    params: (locale) => ({ local: locale, domain: 'storefront' }),
  },
  { route: 'admin_import_list', label: 'nav.imports' },
  { route: 'admin_staff_list', label: 'staff.nav' },
  { route: 'admin_mail_list', label: 'mail.nav' },
  { route: 'admin_appointment_list', label: 'appointments.nav' },
  { route: 'admin_report_list', label: 'reports.nav', also: ['admin_report_detail'] },
  // Analytics
  {
    route: 'admin_analytics',
    label: 'analytics.nav',
    also: ['admin_analytics_events', 'admin_analytics_stream'],
  },
];

/** The sections `roles` may open, with their paths in `locale`. */
export function navigation(roles: readonly StaffRole[], locale: Locale) {
  return NAV.filter((item) => mayOpen(roles, item.route)).map((item) => ({
    ...item,
    href: generateUrl(`${item.route}.${locale}`, item.params?.(locale)),
  }));
}
