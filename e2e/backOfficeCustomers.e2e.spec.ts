/**
 * The back office's customers in a real browser on the real site (`bin/start.ts` in development on a
 * fresh embedded database, as e2e/backOffice.e2e.spec.ts): two buyers sign up over HTTP (each through a
 * purchase), the demo admin signs in; the list, the exact-email search, the detail with the purchase,
 * the erasure (refused without a reason: the message by the field), the detail showing the customer
 * erased and the email search finding nobody any more; a visitor without an account erased by the email of
 * their lead (a customer's email refused by the field); axe-core on the list and the detail; screenshots
 * on a phone and a desktop in French and Polish (e2e/screenshots/back-office-customers-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

const ERASED = 'erase-me@example.test';
const KEPT = 'keep-me@example.test';
const VISITOR = 'visitor-only@example.test';

describe.skipIf(!hasChromium)('the back office’s customers in a browser', () => {
  let suite: BackOfficeSuite;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('customers');
    const cars = await suite.cars('FR');
    // Each buyer starts a purchase and signs up in it: a customer with one purchase.
    for (const [i, email] of [ERASED, KEPT].entries()) {
      const car = cars[i]!;
      const b = httpBuyer(suite.url);
      const form = (step?: string) => `/fr/acheter/achat-${car.carId}/${car.slug}${step ? `/${step}` : ''}`;
      await b.ok(b.post(form()), 201);
      await b.ok(b.post(form('my-account'), { termsAccepted: true, marketingOptIn: false }));
      await b.ok(b.post(form('sign-in-sign-up'), { email }));
      await b.signUp(email);
      await b.ok(b.post(form('sign-up'), {}));
    }
    // A visitor who never signs up asks about a car.
    const visitor = httpBuyer(suite.url);
    await visitor.ok(
      visitor.post(`/fr/acheter/contact/${cars[2]!.carId}/0`, {
        firstName: 'Vera',
        lastName: 'Visitor',
        email: VISITOR,
        message: 'Est-elle encore disponible ?',
        consent: 'yes',
      }),
    );
  }, 300_000);

  afterAll(() => suite?.close());

  /** Searches the list for `email` (the read model catches up in the background). */
  const search = async (page: Page, email: string, locale = 'fr') => {
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.url}/admin/${locale}/customer/list?email=${encodeURIComponent(email)}`);
          await page.locator('.admin-list').waitFor();
          return page.locator('.admin-table tbody tr').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    return (await page.locator('.admin-table tbody a').first().getAttribute('href'))!;
  };

  it('lists the customers, finds one by exact email and opens them with their purchase', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/customer/list`);
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.admin-list').waitFor();
          return page.locator('.admin-table tbody tr').count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2);
    expect(await page.locator('.admin-list__total').textContent()).toMatch(/Résultats : \d+/);
    expect(await page.locator('.admin-list__exports a').first().getAttribute('href')).toBe(
      '/admin/api/customers/export?format=xlsx',
    );
    await suite.axe(page);

    // The search form: exactly one customer, the export of exactly that list.
    await page.fill('#customer-email', ERASED);
    await page.click('.admin-search button[type="submit"]');
    await page.waitForURL(/email=/);
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(1);
    expect(await page.locator('.admin-list__exports a').nth(1).getAttribute('href')).toBe(
      `/admin/api/customers/export?format=csv&email=${encodeURIComponent(ERASED)}`,
    );
    expect(await page.locator('.admin-table tbody').textContent()).toContain('Camille Martin');
    await page.locator('.admin-table tbody a').first().click();
    await page.getByRole('heading', { name: /^Client n° \d+$/ }).waitFor();
    await expect.poll(() => page.locator('.admin-facts').first().textContent()).toContain(ERASED);
    await page.getByRole('link', { name: /^Achat n° / }).waitFor();
    await suite.axe(page);
    await page.getByRole('link', { name: 'Retour à la liste des clients' }).click();
    await page.waitForURL(/customer\/list\?email=/);
    await page.context().close();
  });

  it('erases a customer with a reason (refused without one), then shows them erased and finds nobody', async () => {
    const page = await suite.newPage();
    const detail = await search(page, ERASED);
    await page.goto(`${suite.url}${detail}`);
    const panel = page.locator('.admin-danger');
    await panel.getByRole('heading', { name: 'Effacer ce client' }).waitFor();
    // No reason: the message by the field, nothing erased.
    await page.check('#erase-confirm');
    await panel.locator('button[type="submit"]').click();
    await page.locator('#erase-reason-error').waitFor();
    expect(await page.locator('#erase-reason').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#erase-reason-error').textContent()).toBe(
      'Indiquez le motif de l’effacement.',
    );
    await suite.axe(page);
    await page.fill('#erase-reason', 'Demande RGPD reçue par le support');
    await panel.locator('button[type="submit"]').click();
    await page.locator('.admin-erasure-reason').waitFor();
    expect(await page.locator('.admin-erasure-reason').textContent()).toBe(
      'Demande RGPD reçue par le support',
    );
    await page.getByText('Ce client a été effacé.').waitFor();
    expect(await panel.count()).toBe(0);
    expect(await page.locator('.admin-facts').first().textContent()).not.toContain(ERASED);
    await suite.axe(page);
    // Reloaded, the detail still shows the erasure; the search by their email finds nobody.
    await page.reload();
    await page.locator('.admin-erasure-reason').waitFor();
    await page.goto(`${suite.url}/admin/fr/customer/list?email=${encodeURIComponent(ERASED)}`);
    await page.getByText('Aucun résultat pour ces filtres.').waitFor();
    expect(await page.locator('.admin-list__total').textContent()).toBe('Résultats : 0');
    await page.context().close();
  });

  it('erases a visitor without an account by email, refusing a customer’s email by the field', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/customer/list`);
    const panel = page.locator('section[aria-labelledby="visitor-erase"]');
    await panel.getByRole('heading', { name: 'Effacer un visiteur sans compte' }).waitFor();
    const erase = async (email: string) => {
      await page.fill('#visitor-erase-email', email);
      await page.fill('#visitor-erase-reason', 'Demande reçue par téléphone');
      await page.check('#visitor-erase-confirm');
      await panel.locator('button[type="submit"]').click();
    };
    await erase(KEPT);
    await page.locator('#visitor-erase-email-error').waitFor();
    expect(await page.locator('#visitor-erase-email-error').textContent()).toContain('celui d’un client');
    await suite.axe(page);
    await erase(VISITOR);
    await panel.getByText('Effacé : 1 demande(s) de contact et 0 rendez-vous.').waitFor();
    expect(await page.locator('#visitor-erase-email').inputValue()).toBe('');
    await suite.axe(page);
    // The same form posted natively (as without JavaScript): 303 back, the refusal or the counts shown.
    const postNatively = async (email: string) => {
      await page.fill('#visitor-erase-email', email);
      await page.fill('#visitor-erase-reason', 'Demande reçue par courrier');
      await page.check('#visitor-erase-confirm');
      await Promise.all([
        page.waitForNavigation(),
        panel.locator('form').evaluate((form) => HTMLFormElement.prototype.submit.call(form)),
      ]);
    };
    await postNatively(KEPT);
    await page.locator('#visitor-erase-email-error').waitFor();
    expect(await page.locator('#visitor-erase-email').inputValue()).toBe(KEPT);
    await postNatively('nobody-here@example.test');
    await panel.getByText('Effacé : 0 demande(s) de contact et 0 rendez-vous.').waitFor();
    await suite.axe(page);
    await page.context().close();
  });

  it('looks right on a phone and a desktop, in French and Polish', async () => {
    const finder = await suite.newPage();
    const kept = (await search(finder, KEPT)).split('?')[0]!.split('/').at(-1)!;
    await finder.context().close();
    for (const { locale, device, width } of screens(['fr', 'pl'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/customer/list`);
      await page.locator('.admin-table').waitFor();
      await shoot(page, `back-office-customers-${locale}-${device}-list`);
      await suite.axe(page);
      await page.goto(`${suite.url}/admin/${locale}/customer/${kept}`);
      await page.locator('.admin-danger').waitFor();
      await shoot(page, `back-office-customers-${locale}-${device}-detail`);
      await suite.axe(page);
      await page.context().close();
    }
    expect(suite.errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });
});
