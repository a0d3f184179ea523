/**
 * The back office's leads in a real browser on the real site (`bin/start.ts` in development on a fresh
 * embedded database): a buyer's finance lead reaches the list (filtered in the URL), its detail shows the
 * person's message and history, the admin moves it to "contacted" with a note, which the history then
 * shows with the admin's name; axe-core on the list and the detail; screenshots on a phone and a desktop
 * in French and Polish (e2e/screenshots/back-office-leads-*.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { hasChromium, launchChromium, type Site, shoot, startSite, stopSite, watchErrors } from './site.ts';
import { staffStorageState } from './staffSignIn.ts';

describe.skipIf(!hasChromium)('the back office’s leads in a browser', () => {
  let dir: string;
  let site: Site;
  let browser: Browser;
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  const errors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'back-office-leads-'));
    site = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', DEMO_CARS: '40' },
    });
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    browser = await launchChromium();
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!password) throw new Error(`no demo password:\n${site.output().slice(-2000)}`);
    signedIn = await staffStorageState(browser, site.url, 'admin@example.test', password);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (site) await stopSite(site);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: signedIn });
    const page = await context.newPage();
    errors.push(...watchErrors(page));
    return page;
  }

  it('lists a buyer’s lead, shows it, and records a status change with the staff member’s note', async () => {
    const buyer = await browser.newContext();
    const { token } = (await (await buyer.request.get(`${site.url}/api/csrf`)).json()) as { token: string };
    const sent = await buyer.request.post(`${site.url}/fr/lead/finance`, {
      form: {
        firstName: 'Anna',
        lastName: 'Martin',
        email: 'anna@example.test',
        postcode: '69003',
        message: 'Je voudrais une offre de financement sur 48 mois.',
        consent: 'yes',
      },
      headers: { 'x-csrf-token': token, accept: 'application/json' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const { leadId } = (await sent.json()) as { leadId: string };
    await buyer.close();

    const admin = await newPage();
    await expect
      .poll(
        async () => {
          await admin.goto(`${site.url}/admin/fr/leads?kind=finance`);
          await admin.getByRole('heading', { name: 'Demandes de contact' }).waitFor();
          await admin.locator('.admin-list, .admin-notice').first().waitFor();
          return admin.locator('.admin-table tbody tr').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await admin.locator('.admin-table tbody tr').first().textContent()).toContain('Anna Martin');
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, 'back-office-leads-list-fr-1280');

    await admin.getByRole('link', { name: `Voir la demande ${leadId}` }).click();
    await admin.getByRole('heading', { name: `Demande ${leadId}` }).waitFor();
    expect(await admin.locator('.admin-pre').textContent()).toContain('48 mois');
    await admin.selectOption('#lead-to', 'contacted');
    await admin.fill('#lead-note', 'Rappelée, rendez-vous jeudi');
    await admin.locator('form.admin-form button[type="submit"]').click();
    await admin.getByText('Statut enregistré.').waitFor();
    const history = admin.locator(
      '#lead-history ~ * tbody tr, section[aria-labelledby="lead-history"] tbody tr',
    );
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.nth(1).textContent()).toContain('Rappelée, rendez-vous jeudi');
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, 'back-office-leads-detail-fr-1280');

    for (const [path, name, width] of [
      ['/admin/pl/leads', 'list-pl-390', 390],
      [`/admin/pl/leads/${leadId}`, 'detail-pl-390', 390],
      [`/admin/pl/leads/${leadId}`, 'detail-pl-1280', 1280],
    ] as const) {
      const page = await newPage(width);
      await page.goto(`${site.url}${path}`);
      await page.locator('h1').waitFor();
      await page.locator('.admin-card, .admin-list').first().waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
      await shoot(page, `back-office-leads-${name}`);
      await page.context().close();
    }
    expect(errors).toEqual([]);
  });
});
