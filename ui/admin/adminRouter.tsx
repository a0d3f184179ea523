/**
 * The back office's route tree (TanStack Router, code-based, in the browser only): `/admin/$locale`
 * checks the locale and loads its words; `sign-in` stands alone; every other page sits in the signed-in
 * frame, whose `beforeLoad` asks who is signed in (`/admin/api/me`) and sends a visitor to the sign-in
 * page with `?next=`. The lists keep their filters in search params (listSearch.ts); a path of the route
 * table with no view yet shows "not available yet", any other path the 404 view. The server answers
 * the same paths with the shell (http/ssr/adminShell.ts): 404 for a path the route table refuses.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  Outlet,
  redirect,
  useLocation,
  useSearch,
} from '@tanstack/react-router';
import { z } from 'zod';
import { CONTENT_ID } from '../../domain/content/items/contentItem.ts';
import type { ContentKind } from '../../domain/content/items/contentKinds.ts';
import { withOverrides } from '../../domain/content/translations/messageTree.ts';
import { translationDomainSchema } from '../../domain/content/translations/translationOverrides.ts';
import { isLocale, type Locale } from '../../domain/markets.ts';
import { STREAM_NAME_PATTERN } from '../../domain/routes/adminRoutes.ts';
import { generateUrl, matchUrl } from '../../domain/routes/index.ts';
import { ApiError } from '../api/ApiError.ts';
import { AdminI18n, useAdminT } from './AdminContext.tsx';
import { meQuery } from './adminApi.ts';
import { type AdminTranslator, createAdminTranslator } from './adminTranslator.ts';
import { eventSearch } from './analyticsApi.ts';
import { appointmentSearch } from './appointmentsApi.ts';
import { type ContentListSearch, contentListSearch, kindLabel } from './contentApi.ts';
import { leadDetailSearch, leadSearch } from './leadsApi.ts';
import {
  bookingSearch,
  customerDetailSearch,
  customerSearch,
  dashboardSearch,
  detailSearch,
  purchaseSearch,
  searchString,
} from './listSearch.ts';
import { mailSearch } from './mailApi.ts';
import { loadAdminMessages } from './messages/index.ts';
import { reportSearch } from './reportsApi.ts';
import { mayOpen } from './sections.ts';
import { translationSearch } from './translationsApi.ts';
import { AdminFrame } from './views/AdminFrame.tsx';
import { AppointmentListView } from './views/AppointmentListView.tsx';
import { CarPhotosView } from './views/CarPhotosView.tsx';
import { ContentItemView } from './views/ContentItemView.tsx';
import { ContentListView, LIST_ROUTES } from './views/ContentListView.tsx';
import { CustomerDetailView } from './views/CustomerDetailView.tsx';
import { CustomerListView } from './views/CustomerListView.tsx';
import { Dashboard } from './views/Dashboard.tsx';
import { EventExplorerView } from './views/EventExplorerView.tsx';
import { BOOKING_DETAIL, FunnelDetailView, PURCHASE_DETAIL } from './views/FunnelDetailView.tsx';
import { BOOKINGS, FunnelListView, PURCHASES } from './views/FunnelListView.tsx';
import { ImportListView } from './views/ImportListView.tsx';
import { InvitationView } from './views/InvitationView.tsx';
import { LeadDetailView } from './views/LeadDetailView.tsx';
import { LeadListView } from './views/LeadListView.tsx';
import { MailListView } from './views/MailListView.tsx';
import { ProjectionStatusView } from './views/ProjectionStatusView.tsx';
import { ReportListView } from './views/ReportListView.tsx';
import { ReportView } from './views/ReportView.tsx';
import { SignInView } from './views/SignInView.tsx';
import { StaffListView } from './views/StaffListView.tsx';
import { ForbiddenView, NotFoundView, PendingView } from './views/StatusViews.tsx';
import { StreamEventsView } from './views/StreamEventsView.tsx';
import { TranslationEditView } from './views/TranslationEditView.tsx';
import { TranslationListView } from './views/TranslationListView.tsx';
import { isYearMonth, yearMonthOf } from './yearMonth.ts';

export interface AdminRouterContext {
  readonly queryClient: QueryClient;
}

/** The sign-in page, coming back to `next` (the page asked for) once signed in. */
export function signInHref(locale: Locale, next?: string, expired?: boolean): string {
  return `${generateUrl(`admin_sign_in.${locale}`)}${searchString({ next, expired: expired ? 1 : undefined })}`;
}

const localeOf = (pathname: string): Locale => {
  const segment = pathname.split('/')[2] ?? '';
  return isLocale(segment) ? segment : 'fr';
};

/** A 404 outside any known locale still speaks one: the path's, else French. */
function RootNotFound() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return <LocaleWords locale={localeOf(pathname)} view={<NotFoundView />} />;
}

/** The back office's words staff changed in a locale (domain/content/README.md "Translations"); failure: none. */
async function backOfficeOverrides(locale: Locale): Promise<Readonly<Record<string, string>>> {
  try {
    const response = await fetch(`/api/i18n/${locale}/backoffice`, {
      headers: { accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as Record<string, string>) : {};
  } catch {
    return {};
  }
}

const translators = new Map<Locale, AdminTranslator>();
async function translatorOf(locale: Locale): Promise<AdminTranslator> {
  let translator = translators.get(locale);
  if (!translator) {
    const [messages, overrides] = await Promise.all([loadAdminMessages(locale), backOfficeOverrides(locale)]);
    translator = createAdminTranslator(locale, withOverrides(messages, overrides));
    translators.set(locale, translator);
  }
  return translator;
}

/** Loads the words of the path's locale and French (the 404's fallback) before the first render. */
export async function prepareAdmin(pathname: string): Promise<void> {
  await Promise.all([translatorOf(localeOf(pathname)), translatorOf('fr')]);
}

function LocaleWords({ locale, view }: { locale: Locale; view: React.ReactNode }) {
  const translator = translators.get(locale) ?? translators.get('fr');
  if (!translator) return null;
  return (
    <AdminI18n translator={translator}>
      <main className="admin-main admin-main--alone" id="main">
        {view}
      </main>
    </AdminI18n>
  );
}

const rootRoute = createRootRouteWithContext<AdminRouterContext>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

const localeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/$locale',
  beforeLoad: async ({ params }) => {
    if (!isLocale(params.locale)) throw notFound();
    return { t: await translatorOf(params.locale) };
  },
  component: function LocaleLayout() {
    const { t } = localeRoute.useRouteContext();
    return (
      <AdminI18n translator={t}>
        <Outlet />
      </AdminI18n>
    );
  },
  notFoundComponent: () => (
    <LocaleWords locale={localeRoute.useParams().locale as Locale} view={<NotFoundView />} />
  ),
});

const signInRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'sign-in',
  validateSearch: z.object({
    next: z.string().optional().catch(undefined),
    expired: z.coerce.number().optional().catch(undefined),
  }),
  component: function SignInPage() {
    const { next, expired } = signInRoute.useSearch();
    const t = useAdminT();
    document.title = `${t.t('signIn.title')} · ${t.t('app.name')}`;
    return <SignInView next={next} expired={expired === 1} />;
  },
});

/** An invited person's page: no sign-in needed, the link's token is checked by the API. */
const invitationRoute = createRoute({
  getParentRoute: () => localeRoute,
  path: 'sign-in/invitation',
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: function InvitationPage() {
    const { token } = invitationRoute.useSearch();
    const t = useAdminT();
    document.title = `${t.t('staff.invitationTitle')} · ${t.t('app.name')}`;
    return <InvitationView token={token ?? ''} />;
  },
});

const frameRoute = createRoute({
  getParentRoute: () => localeRoute,
  id: 'frame',
  beforeLoad: async ({ context, params, location }) => {
    try {
      const me = await context.queryClient.ensureQueryData(meQuery);
      return { me };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw redirect({ href: signInHref(params.locale as Locale, location.href), replace: true });
      }
      throw error;
    }
  },
  component: function Frame() {
    return (
      <AdminFrame>
        <Outlet />
      </AdminFrame>
    );
  },
  // In place of the frame: a 404 keeps the navigation and its landmarks.
  notFoundComponent: () => (
    <AdminFrame>
      <NotFoundView />
    </AdminFrame>
  ),
});

/** A page of `route` if the staff member's roles open it, else the forbidden view; titled. */
function Guarded({
  route,
  title,
  children,
}: {
  route: Parameters<typeof mayOpen>[1];
  title: string;
  children: React.ReactNode;
}) {
  const { me } = frameRoute.useRouteContext();
  const t = useAdminT();
  document.title = `${title} · ${t.t('app.name')}`;
  return mayOpen(me.roles, route) ? children : <ForbiddenView />;
}

const dashboardRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'dashboard',
  validateSearch: dashboardSearch,
  component: function DashboardPage() {
    const t = useAdminT();
    return (
      <Guarded route="admin_dashboard" title={t.t('dashboard.title')}>
        <Dashboard search={dashboardRoute.useSearch()} />
      </Guarded>
    );
  },
});

const pageParam = (page: string | undefined) => {
  if (page === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(page)) throw notFound();
  return Number(page);
};

const purchaseListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'purchase/list/{-$page}',
  validateSearch: purchaseSearch,
  beforeLoad: ({ params }) => ({ page: pageParam(params.page) }),
  component: function PurchaseList() {
    const t = useAdminT();
    const { page } = purchaseListRoute.useRouteContext();
    return (
      <Guarded route="admin_purchase_list" title={t.t('purchases.title')}>
        <FunnelListView kind={PURCHASES} page={page} search={purchaseListRoute.useSearch()} />
      </Guarded>
    );
  },
});

const bookingListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'car-booking/list/{-$page}',
  validateSearch: bookingSearch,
  beforeLoad: ({ params }) => ({ page: pageParam(params.page) }),
  component: function BookingList() {
    const t = useAdminT();
    const { page } = bookingListRoute.useRouteContext();
    return (
      <Guarded route="admin_car_booking_list" title={t.t('bookings.title')}>
        <FunnelListView kind={BOOKINGS} page={page} search={bookingListRoute.useSearch()} />
      </Guarded>
    );
  },
});

const dictionaryOf = (params: { local: string; domain: string }) => {
  const domain = translationDomainSchema.safeParse(params.domain);
  if (!isLocale(params.local) || !domain.success) throw notFound();
  return { local: params.local, domain: domain.data };
};

const digits = (id: string) => {
  if (!/^\d{1,18}$/.test(id)) throw notFound();
};

const purchaseDetailRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'purchase/$id',
  validateSearch: detailSearch,
  beforeLoad: ({ params }) => digits(params.id),
  component: function PurchaseDetail() {
    const t = useAdminT();
    const { id } = purchaseDetailRoute.useParams();
    return (
      <Guarded route="admin_purchase_detail" title={t.t('purchases.detail', { id })}>
        <FunnelDetailView kind={PURCHASE_DETAIL} id={id} search={purchaseDetailRoute.useSearch()} />
      </Guarded>
    );
  },
});

const bookingDetailRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'car-booking/$id',
  validateSearch: detailSearch,
  beforeLoad: ({ params }) => digits(params.id),
  component: function BookingDetail() {
    const t = useAdminT();
    const { id } = bookingDetailRoute.useParams();
    return (
      <Guarded route="admin_car_booking_detail" title={t.t('bookings.detail', { id })}>
        <FunnelDetailView kind={BOOKING_DETAIL} id={id} search={bookingDetailRoute.useSearch()} />
      </Guarded>
    );
  },
});

const customerListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'customer/list/{-$page}',
  validateSearch: customerSearch,
  beforeLoad: ({ params }) => ({ page: pageParam(params.page) }),
  component: function CustomerList() {
    const t = useAdminT();
    const { page, me } = customerListRoute.useRouteContext();
    return (
      <Guarded route="admin_customer_list" title={t.t('customers.title')}>
        <CustomerListView page={page} search={customerListRoute.useSearch()} roles={me.roles} />
      </Guarded>
    );
  },
});

const customerDetailRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'customer/$id',
  validateSearch: customerDetailSearch,
  beforeLoad: ({ params }) => digits(params.id),
  component: function CustomerDetail() {
    const t = useAdminT();
    const { id } = customerDetailRoute.useParams();
    const { me } = customerDetailRoute.useRouteContext();
    return (
      <Guarded route="admin_customer_detail" title={t.t('customers.detail', { number: id })}>
        <CustomerDetailView number={id} list={customerDetailRoute.useSearch().list} roles={me.roles} />
      </Guarded>
    );
  },
});

const staffListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'staff',
  component: function StaffList() {
    const t = useAdminT();
    return (
      <Guarded route="admin_staff_list" title={t.t('staff.title')}>
        <StaffListView />
      </Guarded>
    );
  },
});

/** The stock imports of a month (`YYYY-MM`, UTC); without one, the current month. */
const importListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'import/{-$yearMonth}',
  beforeLoad: ({ params }) => {
    if (params.yearMonth !== undefined && !isYearMonth(params.yearMonth)) throw notFound();
    const current = yearMonthOf(new Date());
    return { yearMonth: params.yearMonth ?? current, current };
  },
  component: function ImportList() {
    const t = useAdminT();
    const { yearMonth, current, me } = importListRoute.useRouteContext();
    return (
      <Guarded route="admin_import_list" title={t.t('imports.title')}>
        <ImportListView yearMonth={yearMonth} current={current} roles={me.roles} />
      </Guarded>
    );
  },
});

const mailListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'mail',
  validateSearch: mailSearch,
  component: function MailList() {
    const t = useAdminT();
    return (
      <Guarded route="admin_mail_list" title={t.t('mail.title')}>
        <MailListView search={mailListRoute.useSearch()} />
      </Guarded>
    );
  },
});

/** A content kind's list (FAQ, banners): the SPEC's list routes, their optional page unused (one page). */
function ContentListPage({ kind, search }: { kind: ContentKind; search: ContentListSearch }) {
  const t = useAdminT();
  return (
    <Guarded route={LIST_ROUTES[kind]} title={t.t('contentItems.listTitle', { kind: kindLabel(t, kind) })}>
      <ContentListView kind={kind} search={search} />
    </Guarded>
  );
}

/** A content kind's list (or an editor's: one item per language) at its SPEC path. */
const contentListRoute = (kind: ContentKind, path: string) =>
  createRoute({
    getParentRoute: () => frameRoute,
    path,
    validateSearch: contentListSearch,
    component: function ContentList() {
      // The search as this route validated it (read without naming the route, made by this factory).
      const search = contentListSearch.parse(useSearch({ strict: false }));
      return <ContentListPage kind={kind} search={search} />;
    },
  });
const faqListRoute = contentListRoute('faq', 'faq/list/{-$page}');
const bannerListRoute = contentListRoute('homepage_banner', 'homepage-banner/list/{-$page}');
const promoListRoute = contentListRoute('promo', 'promo/list/{-$page}');
const homepageEditRoute = contentListRoute('homepage', 'homepage');
const dealerLocatorEditRoute = contentListRoute('dealer_locator', 'dealer-locator/edit');
const recoveryTextEditRoute = contentListRoute('recovery_text', 'recovery-text/edit');
const blogCategoryListRoute = contentListRoute('blog_category', 'blog-category/list/{-$page}');
const blogArticleListRoute = contentListRoute('blog_article', 'blog-article/list/{-$page}');
// Landing pages and language-switch pages (domain/content/README.md "Landing pages").
const landingPageListRoute = contentListRoute('landing_page', 'landing-page/list/{-$page}');
const languageSwitchListRoute = contentListRoute(
  'language_switch_page',
  'language-switch-page/list/{-$page}',
);
// The SEO kinds (domain/content/README.md "SEO content")
const rangeListRoute = contentListRoute('range', 'range/list/{-$page}');
const facetListRoute = contentListRoute('facet', 'facet/list/{-$page}');
const seoPromoEditRoute = contentListRoute('seo_promo', 'seo-promo/edit');
const linkFacetEditRoute = contentListRoute('link_facet', 'link-facet/edit');

const contentItemRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'content/$id',
  beforeLoad: ({ params }) => {
    if (!CONTENT_ID.test(params.id)) throw notFound();
  },
  component: function ContentItem() {
    const t = useAdminT();
    const { id } = contentItemRoute.useParams();
    return (
      <Guarded route="admin_content_item" title={t.t('nav.content')}>
        <ContentItemView id={id} />
      </Guarded>
    );
  },
});

/** A language's texts of one dictionary (`storefront` or `backoffice`); another value is the 404 page. */
const translationListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'translation/$local/$domain',
  validateSearch: translationSearch,
  beforeLoad: ({ params }) => dictionaryOf(params),
  component: function TranslationList() {
    const t = useAdminT();
    const { local, domain } = translationListRoute.useRouteContext();
    return (
      <Guarded route="admin_translation_list" title={t.t('translations.title')}>
        <TranslationListView locale={local} domain={domain} search={translationListRoute.useSearch()} />
      </Guarded>
    );
  },
});

const translationEditRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'translation/edit/$local/$domain/$key',
  beforeLoad: ({ params }) => dictionaryOf(params),
  component: function TranslationEdit() {
    const t = useAdminT();
    const { local, domain } = translationEditRoute.useRouteContext();
    const { key } = translationEditRoute.useParams();
    return (
      <Guarded route="admin_translation_edit" title={`${t.t('translations.editTitle')} ${key}`}>
        <TranslationEditView locale={local} domain={domain} textKey={key} />
      </Guarded>
    );
  },
});

const leadListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'leads',
  validateSearch: leadSearch,
  component: function LeadList() {
    const t = useAdminT();
    return (
      <Guarded route="admin_leads" title={t.t('leads.title')}>
        <LeadListView search={leadListRoute.useSearch()} />
      </Guarded>
    );
  },
});

const leadDetailRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'leads/$leadId',
  validateSearch: leadDetailSearch,
  beforeLoad: ({ params }) => {
    if (!/^lead_[a-f0-9]{32}$/.test(params.leadId)) throw notFound();
  },
  component: function LeadDetail() {
    const t = useAdminT();
    const { leadId } = leadDetailRoute.useParams();
    return (
      <Guarded route="admin_lead_detail" title={t.t('leads.detail', { id: leadId })}>
        <LeadDetailView leadId={leadId} list={leadDetailRoute.useSearch().list} />
      </Guarded>
    );
  },
});

const appointmentListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'appointments',
  validateSearch: appointmentSearch,
  component: function AppointmentList() {
    const t = useAdminT();
    return (
      <Guarded route="admin_appointment_list" title={t.t('appointments.title')}>
        <AppointmentListView search={appointmentListRoute.useSearch()} />
      </Guarded>
    );
  },
});

// Reports (analysts): the list, and one report with its view's filters in the URL.
const reportListRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'reports',
  component: function ReportList() {
    const t = useAdminT();
    return (
      <Guarded route="admin_report_list" title={t.t('reports.title')}>
        <ReportListView />
      </Guarded>
    );
  },
});

// Analytics: the projections' status, the events explorer, one stream's events (analysts, admins).
const analyticsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'analytics',
  component: function Analytics() {
    const t = useAdminT();
    return (
      <Guarded route="admin_analytics" title={t.t('analytics.projectionsTitle')}>
        <ProjectionStatusView />
      </Guarded>
    );
  },
});

const reportDetailRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'reports/$name',
  validateSearch: reportSearch,
  beforeLoad: ({ params }) => {
    if (!/^[a-z][a-z0-9_]{0,23}$/.test(params.name)) throw notFound();
  },
  component: function ReportDetail() {
    const t = useAdminT();
    const { name } = reportDetailRoute.useParams();
    return (
      <Guarded route="admin_report_detail" title={t.t('reports.title')}>
        <ReportView name={name} search={reportDetailRoute.useSearch()} />
      </Guarded>
    );
  },
});

const analyticsEventsRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'analytics/events',
  validateSearch: eventSearch,
  component: function AnalyticsEvents() {
    const t = useAdminT();
    return (
      <Guarded route="admin_analytics_events" title={t.t('analytics.eventsTitle')}>
        <EventExplorerView search={analyticsEventsRoute.useSearch()} />
      </Guarded>
    );
  },
});

const STREAM_NAME = new RegExp(`^${STREAM_NAME_PATTERN}$`);
const analyticsStreamRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'analytics/streams/$stream',
  beforeLoad: ({ params }) => {
    if (!STREAM_NAME.test(params.stream)) throw notFound();
  },
  component: function AnalyticsStream() {
    const t = useAdminT();
    const { stream } = analyticsStreamRoute.useParams();
    return (
      <Guarded route="admin_analytics_stream" title={t.t('analytics.streamTitle', { name: stream })}>
        <StreamEventsView stream={stream} />
      </Guarded>
    );
  },
});

/** A car's photos (`admin_image_upload`): upload, order, remove (content staff and admins). */
const imageUploadRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: 'image/upload/$id',
  beforeLoad: ({ params }) => digits(params.id),
  component: function ImageUpload() {
    const t = useAdminT();
    const { id } = imageUploadRoute.useParams();
    return (
      <Guarded route="admin_image_upload" title={t.t('media.title', { id })}>
        <CarPhotosView carId={id} />
      </Guarded>
    );
  },
});

/** Any other path: a back-office page without its view yet, or not a page at all (404). */
const otherRoute = createRoute({
  getParentRoute: () => frameRoute,
  path: '$',
  beforeLoad: ({ location }) => {
    const match = matchUrl(location.pathname);
    if (!match?.name.startsWith('admin_')) throw notFound();
    return { route: match.route };
  },
  component: function Other() {
    const t = useAdminT();
    const { route } = otherRoute.useRouteContext();
    return (
      <Guarded route={route} title={t.t('app.name')}>
        <PendingView title={t.t('app.name')} />
      </Guarded>
    );
  },
});

const routeTree = rootRoute.addChildren([
  localeRoute.addChildren([
    signInRoute,
    invitationRoute,
    frameRoute.addChildren([
      dashboardRoute,
      purchaseListRoute,
      purchaseDetailRoute,
      bookingListRoute,
      bookingDetailRoute,
      customerListRoute,
      customerDetailRoute,
      staffListRoute,
      importListRoute,
      mailListRoute,
      translationListRoute,
      faqListRoute,
      bannerListRoute,
      promoListRoute,
      blogCategoryListRoute,
      blogArticleListRoute,
      homepageEditRoute,
      dealerLocatorEditRoute,
      recoveryTextEditRoute,
      landingPageListRoute,
      languageSwitchListRoute,
      rangeListRoute,
      facetListRoute,
      seoPromoEditRoute,
      linkFacetEditRoute,
      contentItemRoute,
      translationEditRoute,
      leadListRoute,
      leadDetailRoute,
      appointmentListRoute,
      reportListRoute,
      reportDetailRoute,
      analyticsRoute,
      analyticsEventsRoute,
      analyticsStreamRoute,
      imageUploadRoute,
      otherRoute,
    ]),
  ]),
]);

export function createAdminRouter(context: AdminRouterContext) {
  return createRouter({ routeTree, context, defaultPreload: false, scrollRestoration: true });
}
