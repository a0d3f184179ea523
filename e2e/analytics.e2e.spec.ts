/**
 * The back office's analytics in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database with a small demo catalogue, as e2e/backOfficeSuite.ts): an analyst invited
 * by the demo admin sees the Analytics section only among the staff sections, opens the projections'
 * status, the events explorer, filters by an event type, opens a car's stream, downloads the filter's
 * events as NDJSON; a bad filter shows its message by the field; axe-core on each page; screenshots on
 * a phone and a desktop in French and Polish (e2e/screenshots/back-office-analytics-*.png).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, type StorageState, screens } from './backOfficeSuite.ts';
import { hasChromium, shoot, watchErrors } from './site.ts';

const PASSWORD = 'an analyst passphrase';

describe.skipIf(!hasChromium)('the back office’s analytics in a browser', () => {
  let suite: BackOfficeSuite;
  let analyst: StorageState;
  const errors: string[] = [];

  beforeAll(async () => {
    suite = await openBackOfficeSuite('analytics', { env: { DEMO_CARS: '60' } });
    // The admin invites an analyst through the staff API; the analyst sets a password from the link.
    const admin = await suite.browser.newContext({ storageState: suite.signedIn });
    const { token: adminCsrf } = await (await admin.request.get(`${suite.url}/api/csrf`)).json();
    const invited = await admin.request.post(`${suite.url}/admin/api/staff/invitations`, {
      data: { name: 'Ana Lyst', email: 'ana@example.test', roles: ['analyst'], locale: 'fr' },
      headers: { 'x-csrf-token': adminCsrf, accept: 'application/json' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const token = new URL(`${suite.url}${(await invited.json()).invitationPath}`).searchParams.get('token');
    await admin.close();
    const context = await suite.browser.newContext();
    const { token: csrf } = await (await context.request.get(`${suite.url}/api/csrf`)).json();
    const accepted = await context.request.post(`${suite.url}/admin/api/staff/invitation`, {
      data: { token, password: PASSWORD },
      headers: { 'x-csrf-token': csrf, accept: 'application/json' },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    analyst = await context.storageState();
    await context.close();
  }, 300_000);

  afterAll(() => suite?.close());

  async function analystPage(width = 1280): Promise<Page> {
    const context = await suite.browser.newContext({
      viewport: { width, height: 900 },
      storageState: analyst,
      acceptDownloads: true,
    });
    const page = await context.newPage();
    watchErrors(page, errors);
    return page;
  }
  const rows = (page: Page) => page.locator('.admin-table tbody tr');

  it('shows the projections’ status, explores the events by type, opens a stream, downloads NDJSON', async () => {
    const page = await analystPage();
    await page.goto(`${suite.url}/admin/fr/analytics`);
    await page.getByRole('heading', { name: 'Analyses : état des projections' }).waitFor();
    // The analyst's sections: the dashboard, customers (without personal data) and analytics.
    expect(await page.locator('.admin-nav a', { hasText: 'Analyses' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await page.locator('.admin-nav a', { hasText: 'Achats' }).count()).toBe(0);
    const stats = rows(page).filter({ hasText: 'event_type_stats' });
    await stats.waitFor();
    expect(await stats.textContent()).toContain('En service');
    await suite.axe(page);

    // A rebuild, watched to its end.
    await stats.getByRole('button', { name: 'Reconstruire la projection event_type_stats' }).click();
    await page.getByText('La reconstruction de event_type_stats a commencé.').waitFor();
    await stats.getByText(/^Terminée : [\d\s ]+ événements, en service$/).waitFor({ timeout: 30_000 });
    // The same button posted natively (as without JavaScript): 303 back to the page, another rebuild.
    await Promise.all([
      page.waitForNavigation(),
      stats.locator('form').evaluate((form) => HTMLFormElement.prototype.submit.call(form)),
    ]);
    expect(new URL(page.url()).pathname).toBe('/admin/fr/analytics');
    await rows(page)
      .filter({ hasText: 'event_type_stats' })
      .getByText(/^Terminée : [\d\s ]+ événements, en service$/)
      .waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Explorateur d’événements' }).click();
    await page.getByRole('heading', { name: 'Analyses : explorateur d’événements' }).waitFor();
    await rows(page).first().waitFor();
    await suite.axe(page);
    await page.getByLabel('Type d’événement').fill('CarListed');
    await page.getByRole('button', { name: 'Afficher' }).click();
    await page.waitForURL(/\/admin\/fr\/analytics\/events\?type=CarListed$/);
    await rows(page).first().waitFor();
    const types = await rows(page).locator('td:nth-child(2)').allTextContents();
    expect(types.length).toBeGreaterThan(10);
    expect(new Set(types)).toEqual(new Set(['CarListed']));
    // The next page continues after the last one shown.
    await page.getByRole('link', { name: 'Événements suivants' }).click();
    await page.waitForURL(/after=\d+%2F\d+|after=\d+\/\d+/);
    await rows(page).first().waitFor();
    await page.getByRole('link', { name: 'Retour au début' }).click();
    await page.waitForURL(/\?type=CarListed$/);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Télécharger ces événements (NDJSON)' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file!, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThanOrEqual(60);
    expect(new Set(lines.map((event) => event.type))).toEqual(new Set(['CarListed']));

    const stream = await rows(page).first().locator('td:nth-child(3) a').textContent();
    await rows(page).first().locator('td:nth-child(3) a').click();
    await page.getByRole('heading', { name: `Flux ${stream}` }).waitFor();
    await page.getByRole('heading', { name: /^CarListed · Révision 0$/ }).waitFor();
    await page.getByText('Données').first().click();
    await page.locator('pre.admin-pre').first().waitFor();
    await suite.axe(page);

    // A bad filter: the API's message by its field; an unknown stream says so.
    await page.goto(`${suite.url}/admin/fr/analytics/events?from=2030-01-02&to=2030-01-01`);
    await page.locator('#analytics-to-error').waitFor();
    expect(await page.locator('#analytics-to').getAttribute('aria-invalid')).toBe('true');
    await page.goto(`${suite.url}/admin/fr/analytics/streams/car-999999`);
    await page.getByText('Ce flux n’existe pas (ou a été supprimé).').waitFor();
    await page.context().close();
  });

  it('looks right on a phone and a desktop, in French and Polish', async () => {
    for (const { locale, device, width } of screens(['fr', 'pl'] as const)) {
      const page = await analystPage(width);
      await page.goto(`${suite.url}/admin/${locale}/analytics`);
      await rows(page).first().waitFor();
      await shoot(page, `back-office-analytics-${locale}-${device}-status`);
      await suite.axe(page);
      await page.goto(`${suite.url}/admin/${locale}/analytics/events?type=CarListed`);
      await rows(page).first().waitFor();
      await shoot(page, `back-office-analytics-${locale}-${device}-events`);
      await suite.axe(page);
      await rows(page).first().locator('td:nth-child(3) a').click();
      await page.locator('.admin-timeline li').first().waitFor();
      await page
        .locator('details')
        .first()
        .evaluate((d) => d.setAttribute('open', ''));
      await shoot(page, `back-office-analytics-${locale}-${device}-stream`);
      await suite.axe(page);
      await page.context().close();
    }
    expect(errors.filter((e) => !/40[04]|Bad Request|Not Found/.test(e))).toEqual([]);
  });
});
