/**
 * The back office's staff accounts in a real browser on the real site (`bin/start.ts` in development on
 * a fresh embedded database, as e2e/backOfficeCustomers.e2e.spec.ts): the demo admin invites a content
 * editor, who opens the link in a fresh browser, sets a password and lands in the back office with the
 * content role's navigation only; the admin is refused disabling themselves (the 409 in words) and
 * disables the editor, whose next page is the sign-in; axe-core on the list and the invitation page;
 * screenshots on a phone and a desktop in French and Polish (e2e/screenshots/back-office-staff-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, shoot } from './site.ts';

const PASSWORD = 'a long invited passphrase';

describe.skipIf(!hasChromium)('the back office’s staff accounts in a browser', () => {
  let suite: BackOfficeSuite;
  let editor: Page;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('staff', { env: { DEMO_CARS: '0' } });
  }, 300_000);

  afterAll(() => suite?.close());

  /** Invites through the list's form; answers the link the page shows once. */
  const invite = async (page: Page, name: string, email: string, role: string, locale: string) => {
    await page.fill('#invite-name', name);
    await page.fill('#invite-email', email);
    await page.check(`#invite-role-${role}`);
    await page.selectOption('#invite-locale', locale);
    await page.locator('.admin-staff-form button[type="submit"]').click();
    const link = page.locator('#invite-link');
    await link.waitFor();
    return link.inputValue();
  };
  const rowOf = (page: Page, email: string) => page.locator('.admin-table tbody tr', { hasText: email });

  it('invites a content editor, who sets a password from the link and sees the content sections only', async () => {
    const admin = await suite.newPage();
    await admin.goto(`${suite.url}/admin/fr/staff`);
    await admin.getByRole('heading', { name: 'Comptes du personnel' }).waitFor();
    await rowOf(admin, 'admin@example.test').waitFor();
    expect(await admin.locator('.admin-nav a', { hasText: 'Équipe' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await suite.axe(admin);

    // The form's own check: messages by the fields.
    await admin.locator('.admin-staff-form button[type="submit"]').click();
    await admin.locator('#invite-name-error').waitFor();
    expect(await admin.locator('#invite-email-error').textContent()).toBe(
      'Indiquez une adresse e-mail valide.',
    );
    expect(await admin.locator('#invite-roles-error').textContent()).toBe('Choisissez au moins un rôle.');

    // An active account's email: the 409 in words.
    await admin.fill('#invite-name', 'Admin');
    await admin.fill('#invite-email', 'admin@example.test');
    await admin.check('#invite-role-sales');
    await admin.locator('.admin-staff-form button[type="submit"]').click();
    await admin.getByRole('alert').filter({ hasText: 'déjà un compte actif' }).waitFor();
    await admin.uncheck('#invite-role-sales');

    const link = await invite(admin, 'Iris Novak', 'iris@example.test', 'content', 'fr');
    expect(link).toMatch(new RegExp(`^${suite.url}/admin/fr/sign-in/invitation\\?token=[\\w-]{43}$`));
    await rowOf(admin, 'iris@example.test').filter({ hasText: 'Invité, lien valable' }).waitFor();
    await suite.axe(admin);

    // The invitee, in a browser of their own.
    editor = await suite.newPage(1280, { signedIn: false });
    await editor.goto(link);
    await editor.getByRole('heading', { name: 'Choisissez votre mot de passe' }).waitFor();
    await editor.getByText('Bienvenue Iris Novak (iris@example.test)').waitFor();
    await suite.axe(editor);
    await editor.fill('#invitation-password', PASSWORD);
    await editor.fill('#invitation-confirm', `${PASSWORD}!`);
    await editor.locator('form button[type="submit"]').click();
    expect(await editor.locator('#invitation-confirm-error').textContent()).toBe(
      'Les deux mots de passe ne sont pas identiques.',
    );
    await editor.fill('#invitation-confirm', PASSWORD);
    await editor.locator('form button[type="submit"]').click();
    await editor.waitForURL(`${suite.url}/admin/fr/dashboard`);
    await editor.locator('.admin-nav').waitFor();
    expect(await editor.locator('.admin-nav a').allTextContents()).toEqual([
      'Tableau de bord',
      'Contenus',
      'Traductions',
    ]);
    expect(await editor.locator('.admin-header__who').textContent()).toContain('Iris Novak');

    // The link is spent: opened again, it says so.
    const again = await suite.newPage(1280, { signedIn: false });
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: 'Cette invitation a déjà servi' }).waitFor();
    await again.context().close();

    await admin.reload();
    await rowOf(admin, 'iris@example.test').filter({ hasText: 'Actif' }).waitFor();
    await admin.context().close();
  });

  it('refuses the admin disabling themselves, and disabling the editor signs them out at once', async () => {
    const admin = await suite.newPage();
    await admin.goto(`${suite.url}/admin/fr/staff`);
    const own = rowOf(admin, 'admin@example.test');
    await own.locator('summary').click();
    await own.getByRole('button', { name: 'Désactiver le compte' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: 'Vous ne pouvez pas désactiver votre propre compte' })
      .waitFor();

    const iris = rowOf(admin, 'iris@example.test');
    await iris.locator('summary').click();
    await iris.getByRole('button', { name: 'Désactiver le compte' }).click();
    await admin.getByRole('status').filter({ hasText: 'Iris Novak est désactivé' }).waitFor();
    await rowOf(admin, 'iris@example.test').filter({ hasText: 'Désactivé' }).waitFor();

    await editor.goto(`${suite.url}/admin/fr/dashboard`);
    await editor.waitForURL(/\/admin\/fr\/sign-in\?next=/);
    await editor.context().close();
    await admin.context().close();
  });

  it('looks right on a phone and a desktop, in French and Polish', async () => {
    const links: Record<string, string> = {};
    const inviter = await suite.newPage();
    for (const locale of ['fr', 'pl'] as const) {
      await inviter.goto(`${suite.url}/admin/${locale}/staff`);
      links[locale] = await invite(
        inviter,
        `Invité ${locale}`,
        `invite-${locale}@example.test`,
        'sales',
        locale,
      );
    }
    await inviter.context().close();
    for (const { locale, device, width } of screens(['fr', 'pl'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/staff`);
      await rowOf(page, 'iris@example.test').waitFor();
      await rowOf(page, 'admin@example.test').locator('summary').click();
      await shoot(page, `back-office-staff-${locale}-${device}-list`);
      await suite.axe(page);
      await page.context().close();
      const invited = await suite.newPage(width, { signedIn: false });
      await invited.goto(links[locale]!);
      await invited.locator('#invitation-password').waitFor();
      await shoot(invited, `back-office-staff-${locale}-${device}-invitation`);
      await suite.axe(invited);
      await invited.context().close();
    }
    expect(suite.errors.filter((e) => !/40[019]|Unauthorized|Bad Request|Conflict/.test(e))).toEqual([]);
  });
});
