/**
 * The back office's pages: every GET page of the route table under `/admin/{locale}/…` answers the same
 * HTML shell, in which the client-rendered app (ui/admin/entryAdmin.tsx) runs; its script and
 * stylesheet come from the build's manifest (clientBundle.ts `admin`), with no inline script (the boot
 * data is a JSON data block). The shell is `no-store` and never in the page cache.
 *
 * - `/admin` → 302 to the dashboard in French (the default locale; staff accounts carry no locale).
 * - A visitor (no valid staff sign-in: the guard's own check, so an expired or disabled sign-in counts)
 *   → 302 to `admin_sign_in` with `?next=` the page asked for; a staff member without the page's roles
 *   (ui/admin/sections.ts `mayOpen`) → the shell with status 403 (the app shows its forbidden view).
 * - `admin_sign_in`: the shell with the sign-in form rendered in it (a real form posting to
 *   `POST /admin/api/session`, so it works without JavaScript), with a refused post's messages; for a
 *   signed-in staff member, 302 to `?next=` (an admin page) or the dashboard.
 * - `admin_staff_invitation` (an invited person setting their password, http/routes/adminStaffApi.ts):
 *   the shell for anyone; the link's token is the credential, checked by the API.
 * - The SPEC's export paths (`admin_purchase_export`, `admin_car_booking_export`,
 *   `admin_customer_export`) → 302 to the API's export with the same query
 *   (`/admin/api/purchases/export?…`), which checks the role.
 * - A form posted without JavaScript and refused (the customer erase form, posted to the SPEC's
 *   `admin_customer_delete`: http/routes/adminCustomersApi.ts) comes back to its page with its messages
 *   by field, which the shell hands to the app in the boot data.
 * - `admin_image_upload` (a car's photos), when given the photos: the page rendered into the shell, so
 *   its forms work without JavaScript (http/routes/adminCarPhotosApi.ts answers their posts).
 * - A path the route table refuses (or a GET of a route that is not a page: the dealers export, the
 *   customer delete) → the shell with status 404 (the app shows its 404 view); `/admin/api/…` paths no
 *   route answers stay JSON 404s.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import { withOverrides } from '../../domain/content/translations/messageTree.ts';
import { DEFAULT_LOCALE, isLocale, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl, matchUrl, ROUTES, type RouteBaseName } from '../../domain/routes/index.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import type { AdminTranslator } from '../../ui/admin/adminTranslator.ts';
import { createAdminTranslator } from '../../ui/admin/adminTranslator.ts';
import { BOOT_ELEMENT_ID, bootJson } from '../../ui/admin/boot.ts';
import { loadAdminMessages } from '../../ui/admin/messages/index.ts';
import { safeNext } from '../../ui/admin/safeNext.ts';
import { mayOpen } from '../../ui/admin/sections.ts';
import { CarPhotosPanel } from '../../ui/admin/views/CarPhotosPanel.tsx';
import { SignInForm } from '../../ui/admin/views/SignInForm.tsx';
import type { FormFlash } from '../../ui/router/AppRouterContext.ts';
import { takeFormFlash } from '../plugins/formFlash.ts';
import { AccessError, requireStaff } from '../plugins/staffGuard.ts';
import type { EntryAssets } from './clientBundle.ts';

export interface AdminShellOptions {
  readonly assets: EntryAssets;
  /** The back office's words staff changed in a locale (key → text); none: the shipped words. */
  readonly translationOverrides?: (
    locale: Locale,
    domain: 'backoffice',
  ) => Promise<Readonly<Record<string, string>>>;
  /**
   * A car's photos: `admin_image_upload` is then rendered into the shell (its forms work without
   * JavaScript: ui/admin/views/CarPhotosPanel.tsx), with a refused post's problem or what it did.
   */
  readonly carPhotos?: (carId: string) => Promise<readonly CarPhoto[]>;
}

/** Routes of the table that are no page of the app. */
const NOT_PAGES: ReadonlySet<RouteBaseName> = new Set([
  'admin_customer_delete',
  'admin_dealers_export_excel',
]);
const EXPORTS: Partial<Record<RouteBaseName, string>> = {
  admin_purchase_export: '/admin/api/purchases/export',
  admin_car_booking_export: '/admin/api/bookings/export',
  admin_customer_export: '/admin/api/customers/export',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const adminShell: FastifyPluginAsync<AdminShellOptions> = async (app, options) => {
  const { assets } = options;
  const anyStaff = requireStaff();
  /** The signed-in staff member's roles (the guard's check: age, account enabled), or undefined. */
  const signedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<readonly StaffRole[] | undefined> => {
    try {
      await anyStaff.call(app, request, reply);
      return request.staffAccount?.roles ?? request.session.staff?.roles ?? [];
    } catch (error) {
      if (error instanceof AccessError) return error.statusCode === 403 ? [] : undefined;
      throw error;
    }
  };

  const shell = async (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    status: number,
    signIn?: { readonly next: string; readonly expired: boolean },
    page?: (t: AdminTranslator, csrfToken: string, flash: FormFlash | undefined) => string,
  ) => {
    const [messages, overrides] = await Promise.all([
      loadAdminMessages(locale),
      options.translationOverrides?.(locale, 'backoffice'),
    ]);
    const t = createAdminTranslator(locale, withOverrides(messages, overrides ?? {}));
    const csrfToken = reply.generateCsrf();
    const signInPath = generateUrl(`admin_sign_in.${locale}`);
    const flash = takeFormFlash(request, signIn ? signInPath : (request.url.split('?')[0] ?? ''));
    const body = signIn
      ? renderToStaticMarkup(
          createElement(SignInForm, {
            t,
            csrfToken,
            back: signInPath,
            next: signIn.next,
            flash,
            expired: signIn.expired,
          }),
        )
      : page
        ? `<main class="admin-main" id="main">${page(t, csrfToken, flash)}</main>`
        : `<p class="admin-loading">${escapeHtml(t.t('app.loading'))}</p>`;
    const title = signIn ? `${t.t('signIn.title')} · ${t.t('app.name')}` : t.t('app.name');
    const head = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      '<meta name="robots" content="noindex, nofollow">',
      `<title>${escapeHtml(title)}</title>`,
      ...assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
      ...assets.preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
      `<script type="module" src="${assets.script}"></script>`,
    ].join('');
    const boot = bootJson({
      csrfToken,
      ...(flash ? { flash: { fields: flash.fields, values: flash.values } } : {}),
    });
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow');
    return reply.send(
      `<!doctype html><html lang="${marketOf(locale).language}"><head>${head}</head><body>` +
        `<div id="admin-root">${body}</div>` +
        `<script type="application/json" id="${BOOT_ELEMENT_ID}">${boot}</script></body></html>`,
    );
  };

  app.get('/admin', { config: { staffGuard: 'public' } }, (_request, reply) =>
    reply.redirect(generateUrl(`admin_dashboard.${DEFAULT_LOCALE}`), 302),
  );

  app.get('/admin/*', { config: { staffGuard: 'public' } }, async (request, reply) => {
    const [path = '', query = ''] = request.url.split(/\?(.*)/s);
    if (path.startsWith('/admin/api/')) return reply.callNotFound();
    const match = matchUrl(path);
    const segment = path.split('/')[2] ?? '';
    const locale: Locale = match?.locale ?? (isLocale(segment) ? segment : DEFAULT_LOCALE);
    if (!match?.name.startsWith('admin_') || NOT_PAGES.has(match.route)) {
      return shell(request, reply, locale, 404);
    }
    const exported = EXPORTS[match.route];
    if (exported) return reply.redirect(`${exported}${query ? `?${query}` : ''}`, 302);
    if (!ROUTES[match.route].methods.includes('GET')) return shell(request, reply, locale, 404);
    const params = new URLSearchParams(query);
    if (match.route === 'admin_sign_in') {
      const next = safeNext(params.get('next') ?? undefined, locale);
      if (await signedIn(request, reply)) return reply.redirect(next, 302);
      return shell(request, reply, locale, 200, { next, expired: params.get('expired') === '1' });
    }
    if (match.route === 'admin_staff_invitation') return shell(request, reply, locale, 200);
    const roles = await signedIn(request, reply);
    if (!roles) {
      const next = encodeURIComponent(request.url);
      return reply.redirect(`${generateUrl(`admin_sign_in.${locale}`)}?next=${next}`, 302);
    }
    // Without the page's roles (ui/admin/sections.ts): 403, and the app shows its forbidden view.
    if (!mayOpen(roles, match.route)) return shell(request, reply, locale, 403);
    const carId = match.params.id;
    if (match.route === 'admin_image_upload' && options.carPhotos && carId) {
      const photos = await options.carPhotos(carId);
      return shell(request, reply, locale, 200, undefined, (t, csrfToken, flash) =>
        renderToStaticMarkup(
          createElement(CarPhotosPanel, {
            t,
            locale,
            carId,
            csrfToken,
            photos,
            problem: flash?.fields.file?.[0],
            done: flash?.values.done,
          }),
        ),
      );
    }
    return shell(request, reply, locale, 200);
  });
};
