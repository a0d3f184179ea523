/**
 * The mail outbox in a real browser on the real site (`bin/start.ts` in development on a fresh embedded
 * database, `SMTP_URL` an in-process SMTP server): the demo admin invites a person in Polish; the
 * worker mails them the same one-time link the admin is shown; the admin's mail page lists the
 * invitation as sent, filters by status in the URL; axe-core on the page; screenshots on a phone and a
 * desktop in French and Polish (e2e/screenshots/back-office-mail-*.png). On the same site, the
 * translations editor: the admin changes a Polish word of the storefront, the Polish site shows it at
 * once (the page cache too), then restores it (axe and screenshots of the editor's two pages); and
 * content items: the admin changes a Belgian FAQ answer and a banner, previews the draft, publishes (the
 * site shows it, the page cache too), then reverts the answer to its first version.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../engine/mail/testing/smtpSink.ts';
import { seriousViolations } from './axe.ts';
import { CHROMIUM, hasChromium, type Site, shoot, startSite, stopSite, watchErrors } from './site.ts';
import { staffStorageState } from './staffSignIn.ts';

describe.skipIf(!hasChromium)('the back office’s mail outbox in a browser', () => {
  let dir: string;
  let site: Site;
  let smtp: SmtpSink;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  const errors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpSink();
    dir = await mkdtemp(join(tmpdir(), 'back-office-mail-'));
    site = await startSite(join(dir, 'var'), {
      env: {
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        TRUST_PROXY: '127.0.0.1',
        DEMO_CARS: '0',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Cars <no-reply@cars.example.test>',
      },
    });
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!password) throw new Error(`no demo password:\n${site.output().slice(-2000)}`);
    signedIn = await staffStorageState(browser, site.url, 'admin@example.test', password);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (site) await stopSite(site);
    await smtp?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: signedIn });
    const page = await context.newPage();
    errors.push(...watchErrors(page));
    return page;
  }
  const axe = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
  const rows = (page: Page) => page.locator('.admin-table tbody tr');

  it('mails an invitee their link, and lists the mail as sent, filtered by status in the URL', async () => {
    const admin = await newPage();
    await admin.goto(`${site.url}/admin/fr/mail`);
    await admin.getByRole('heading', { name: 'E-mails envoyés aux clients et au personnel' }).waitFor();
    await admin.getByText('Les e-mails partent par SMTP').waitFor();
    expect(site.output()).not.toContain('SMTP_URL is unset');

    await admin.goto(`${site.url}/admin/fr/staff`);
    await admin.fill('#invite-name', 'Iga Nowak');
    await admin.fill('#invite-email', 'iga@example.test');
    await admin.check('#invite-role-sales');
    await admin.selectOption('#invite-locale', 'pl');
    await admin.locator('.admin-staff-form button[type="submit"]').click();
    const shown = await admin.locator('#invite-link').inputValue();
    const token = new URL(shown).searchParams.get('token')!;

    await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['iga@example.test']);
    expect(mail!.subject).toBe('Zaproszenie do panelu administracyjnego');
    expect(mail!.body).toContain(`/admin/pl/sign-in/invitation?token=${token}`);

    await admin.goto(`${site.url}/admin/fr/mail`);
    await rows(admin)
      .filter({ hasText: 'Invitation au back-office' })
      .filter({ hasText: 'Envoyé' })
      .waitFor();
    expect(await admin.locator('.admin-nav a', { hasText: 'E-mails' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await axe(admin);
    await admin.selectOption('#mail-status', 'failed');
    await admin.getByRole('button', { name: 'Afficher' }).click();
    await admin.waitForURL(/\/admin\/fr\/mail\?status=failed$/);
    await admin.getByText('Aucun résultat pour ces filtres.').waitFor();
    await admin.goto(`${site.url}/admin/fr/mail?status=sent`);
    await rows(admin).first().waitFor();
    expect(await admin.locator('#mail-status').inputValue()).toBe('sent');
    // The preview opens the mail as sent, in its language, its link and name as placeholders.
    const [preview] = await Promise.all([
      admin.context().waitForEvent('page'),
      rows(admin)
        .first()
        .getByRole('link', { name: /^Aperçu de l’e-mail n° \d+/ })
        .click(),
    ]);
    await preview.waitForLoadState();
    expect(await preview.title()).toBe('Zaproszenie do panelu administracyjnego');
    expect(await preview.locator('body').textContent()).not.toContain(token);
    await admin.context().close();
  });

  it('changes a Polish word of the storefront: the site shows it at once, and restores it', async () => {
    const homePl = `${site.url}/pl`;
    const nav = async () => (await fetch(homePl).then((r) => r.text())).includes('Auta używane');
    expect(await nav()).toBe(false);
    const admin = await newPage();
    await admin.goto(`${site.url}/admin/fr/translation/pl/storefront?q=nav.used`);
    await admin.getByRole('heading', { name: 'Traductions du site' }).waitFor();
    await rows(admin).first().waitFor();
    await axe(admin);
    await admin.getByRole('link', { name: 'Modifier nav.used' }).click();
    await admin.waitForURL(/\/admin\/fr\/translation\/edit\/pl\/storefront\/nav\.used$/);
    await admin.getByLabel('Texte affiché pour Polska · Polski').fill('Auta używane');
    await axe(admin);
    await admin.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.getByText('Enregistré : le site affiche le nouveau texte.').waitFor();
    await expect.poll(nav, { timeout: 10_000 }).toBe(true);
    const storefront = await newPage(390);
    await storefront.goto(homePl);
    await storefront.getByText('Auta używane').first().waitFor();
    await storefront.context().close();
    await admin.getByRole('button', { name: 'Rétablir le texte livré' }).click();
    await admin.getByText('Le texte livré est rétabli.').waitFor();
    await expect.poll(nav, { timeout: 10_000 }).toBe(false);
    await admin.context().close();
  });

  it('edits a Belgian FAQ answer and a banner: preview, publish, the site shows them, revert', async () => {
    const faqPage = `${site.url}/fr-BE/reservez-votre-voiture-en-ligne-gratuitement`;
    const html = (url: string) => fetch(url).then((r) => r.text());
    const admin = await newPage();
    await admin.goto(`${site.url}/admin/fr/faq/list?locale=fr-BE`);
    await rows(admin).first().waitFor();
    await axe(admin);
    await admin.getByRole('link', { name: 'La réservation est-elle vraiment gratuite ?' }).click();
    await admin.getByRole('heading', { name: 'FAQ (Belgique · Français)' }).waitFor();
    await admin.getByLabel('Réponse').fill('Oui, gratuite et sans engagement, partout en Belgique.');
    await admin.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
    await admin.getByText('Version 2 enregistrée (brouillon).').waitFor();
    await axe(admin);
    const previewHref = await admin
      .getByRole('link', { name: /Prévisualiser le brouillon/ })
      .getAttribute('href');
    const preview = await admin.context().newPage();
    await preview.goto(`${site.url}${previewHref}`);
    await preview.getByText('partout en Belgique').waitFor();
    await preview.close();
    expect(await html(faqPage)).not.toContain('partout en Belgique');
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 2 publiée.').waitFor();
    await expect
      .poll(async () => (await html(faqPage)).includes('partout en Belgique'), { timeout: 10_000 })
      .toBe(true);

    await admin.goto(`${site.url}/admin/fr/homepage-banner/list?locale=fr-BE`);
    await rows(admin).first().locator('a').click();
    await admin.getByLabel('Titre').fill('Réservez en ligne, gratuitement');
    await admin.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
    await admin.getByText('Version 2 enregistrée (brouillon).').waitFor();
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 2 publiée.').waitFor();
    await expect
      .poll(async () => (await html(`${site.url}/fr-BE`)).includes('Réservez en ligne, gratuitement'), {
        timeout: 10_000,
      })
      .toBe(true);

    await admin.goto(`${site.url}/admin/fr/faq/list?locale=fr-BE`);
    await admin.getByRole('link', { name: 'La réservation est-elle vraiment gratuite ?' }).click();
    await admin.getByText('différent').first().waitFor();
    await admin.getByRole('button', { name: 'Revenir à la version 1' }).click();
    await admin.getByText('Version 3 créée avec le contenu de la version 1.').waitFor();
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 3 publiée.').waitFor();
    await expect
      .poll(async () => (await html(faqPage)).includes('partout en Belgique'), { timeout: 10_000 })
      .toBe(false);
    await shoot(admin, 'back-office-content-item-fr-desktop');

    // A new promotion, written in the list's form, published, on the promotions page.
    await admin.goto(`${site.url}/admin/fr/promo/list?locale=fr`);
    const form = admin.locator('form', { has: admin.getByRole('button', { name: 'Créer le brouillon' }) });
    await form.getByLabel('Titre').fill('Frais de mise à la route offerts');
    await form.getByLabel('Texte', { exact: true }).fill('Jusqu’à la fin du mois, sur toutes les occasions.');
    await form.getByLabel('Ordre d’affichage').fill('1');
    await form.getByRole('button', { name: 'Créer le brouillon' }).click();
    await admin.getByRole('heading', { name: 'Promotions (France · Français)' }).waitFor();
    await axe(admin);
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 1 publiée.').waitFor();
    await expect
      .poll(
        async () => (await html(`${site.url}/fr/promotions`)).includes('Frais de mise à la route offerts'),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    await admin.context().close();
  });

  it('looks right on a phone and a desktop, in French and Polish', async () => {
    for (const locale of ['fr', 'pl'] as const) {
      for (const [device, width] of [
        ['phone', 390],
        ['desktop', 1280],
      ] as const) {
        const page = await newPage(width);
        await page.goto(`${site.url}/admin/${locale}/mail`);
        await rows(page).first().waitFor();
        await shoot(page, `back-office-mail-${locale}-${device}`);
        await axe(page);
        await page.goto(`${site.url}/admin/${locale}/translation/${locale}/storefront?q=nav`);
        await rows(page).first().waitFor();
        await shoot(page, `back-office-translations-${locale}-${device}`);
        await page.goto(`${site.url}/admin/${locale}/translation/edit/${locale}/storefront/nav.used`);
        await page.locator('textarea[name="text"]').waitFor();
        await shoot(page, `back-office-translation-edit-${locale}-${device}`);
        await axe(page);
        await page.goto(`${site.url}/admin/${locale}/faq/list?locale=${locale}`);
        await rows(page).first().waitFor();
        await shoot(page, `back-office-content-list-${locale}-${device}`);
        await rows(page).first().locator('a').click();
        await page.locator('.admin-compare').waitFor();
        await shoot(page, `back-office-content-item-${locale}-${device}`);
        await axe(page);
        await page.context().close();
      }
    }
    expect(errors.filter((e) => !/40[019]|Unauthorized|Bad Request|Conflict/.test(e))).toEqual([]);
  });
});
