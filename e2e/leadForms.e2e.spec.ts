/**
 * The lead forms in a real browser (Chromium through playwright-core) against the real site on a fresh
 * embedded database: sent without JavaScript (303 to the thanks; a refusal shows the form again with
 * the message by its field) and with it (the thanks or the message in place), in French and Polish;
 * axe-core finds no serious or critical violation on the pages with lead forms and the new pages.
 * Screenshots go to e2e/screenshots/ (not committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  type BrowserSite,
  CHROMIUM,
  hasChromium,
  hydrated,
  shoot,
  startBrowserSite,
  watchErrors,
} from './site.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the lead form browser tests are skipped`);

const PERSON = {
  firstName: 'Anna',
  lastName: 'Kowalska',
  email: 'anna.kowalska@example.test',
  message: 'Dzień dobry, proszę o kontakt w sprawie oferty.',
};

describe.skipIf(!hasChromium)('the lead forms in a browser', () => {
  let site: BrowserSite;

  beforeAll(async () => {
    site = await startBrowserSite({ prefix: 'leads-e2e-', env: { DEMO_CARS: '300' }, width: 1280 });
  });
  afterAll(() => site?.stop());

  /** A page in a context with or without JavaScript. */
  const openPage = async (path: string, javaScriptEnabled: boolean, width = 1280) => {
    const context = await site.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
    if (javaScriptEnabled) await hydrated(page);
    return { page, errors, status: response?.status(), close: () => context.close() };
  };

  const fill = async (
    page: Awaited<ReturnType<typeof openPage>>['page'],
    form: string,
    extra: Record<string, string> = {},
  ) => {
    for (const [name, value] of Object.entries({ ...PERSON, ...extra }))
      await page.locator(`${form} [name="${name}"]`).fill(value);
    await page.locator(`${form} [name="consent"]`).check();
  };

  it('given a car page without JavaScript (fr), when the buyer writes to the dealer, then the thanks page', async () => {
    const car = await site.freshCar('fr');
    const { page, status, close } = await openPage(car, false);
    expect(status).toBe(200);
    await fill(page, '#car-lead');
    await Promise.all([
      page.waitForURL(/\/fr\/contact\/merci\?kind=car$/),
      page.locator('#car-lead button[type="submit"]').click(),
    ]);
    expect(await page.locator('h1').textContent()).toBe('Merci, votre message est envoyé');
    await shoot(page, 'lead-thanks-fr');
    await close();
  });

  it('given the finance page without JavaScript (fr), when the postcode is wrong, then the form again with its message, then sent', async () => {
    const { page, close } = await openPage('/fr/financement', false);
    await fill(page, '#finance-lead', { postcode: '1' });
    await Promise.all([
      page.waitForURL(/\/fr\/contact\/merci\?to=/),
      page.locator('#finance-lead button[type="submit"]').click(),
    ]);
    const postcode = page.locator('#lead-retry [name="postcode"]');
    expect(await postcode.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#lead-retry-postcode-error').textContent()).toContain('code postal');
    expect(await page.locator('#lead-retry [name="email"]').inputValue()).toBe(PERSON.email);
    await shoot(page, 'lead-retry-fr');
    await postcode.fill('75015');
    await page.locator('#lead-retry [name="consent"]').check();
    await Promise.all([
      page.waitForURL(/kind=finance$/),
      page.locator('#lead-retry button[type="submit"]').click(),
    ]);
    await close();
  });

  it('given the finance page with JavaScript (pl), then a refusal and the thanks are shown in place', async () => {
    const { page, errors, close } = await openPage('/pl/finansowanie', true);
    await fill(page, '#finance-lead', { postcode: '1' });
    await page.locator('#finance-lead button[type="submit"]').click();
    await page.locator('#finance-lead-postcode-error').waitFor();
    expect(await page.locator('#finance-lead-postcode-error').textContent()).toContain('00-950');
    expect(page.url()).toBe(`${site.url}/pl/finansowanie`);
    await page.locator('#finance-lead [name="postcode"]').fill('00-950');
    await page.locator('#finance-lead button[type="submit"]').click();
    await page.locator('#finance-lead-thanks').waitFor();
    expect(await page.locator('#finance-lead-thanks').textContent()).toBe(
      'Dziękujemy, wiadomość została wysłana',
    );
    expect(page.url()).toBe(`${site.url}/pl/finansowanie`);
    await shoot(page, 'lead-sent-in-place-pl');
    expect(errors).toEqual([]);
    await close();
  });

  it('given the contact page with JavaScript (fr), then the message is sent in place', async () => {
    const { page, errors, close } = await openPage('/fr/contact', true);
    await fill(page, '#contact-form', { postcode: '69003' });
    await page.locator('#contact-form [name="topic"]').selectOption('purchase');
    await page.locator('#contact-form button[type="submit"]').click();
    await page.locator('#contact-form-thanks').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('given the pages with lead forms and the new pages, then axe finds nothing serious, on a phone and a desktop', async () => {
    const car = await site.freshCar('pl');
    const locator = await openPage('/fr/nos-concessionnaires', false);
    const links = await locator.page
      .locator('a[href^="/fr/nos-concessionnaires/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await locator.close();
    const dealer = links.find((href) => /-\d+$/.test(href))!;
    const hub = links.find((href) => !/-\d+$/.test(href) && href.split('/').length === 4)!;
    const pages: [string, string][] = [
      [dealer, 'dealer-fr'],
      [hub, 'hub-fr'],
      ['/fr/financement', 'finance-fr'],
      ['/pl/finansowanie', 'finance-pl'],
      ['/fr/garantie', 'warranty-fr'],
      ['/pl/gwarancja', 'warranty-pl'],
      ['/fr/voiture-electrique', 'electric-fr'],
      ['/pl/samochod-elektryczny', 'electric-pl'],
      ['/fr/contact/merci', 'thanks-fr'],
      ['/pl/kontakt/dziekujemy', 'thanks-pl'],
      ['/fr/contact', 'contact-fr'],
      ['/pl/dla-firm/kontakt', 'b2b-pl'],
      ['/fr/reservez-votre-voiture-en-ligne-gratuitement', 'faq-fr'],
      ['/fr/marques/renault', 'brand-fr'],
      [car, 'car-pl'],
    ];
    const violations: string[] = [];
    for (const [path, name] of pages) {
      for (const width of [390, 1280]) {
        const { page, status, errors, close } = await openPage(path, true, width);
        expect(status, path).toBe(200);
        violations.push(...(await seriousViolations(page)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
        await shoot(page, `lead-${name}-${width}`);
        expect(errors, path).toEqual([]);
        await close();
      }
    }
    // The refused form shown again (the page a plain post of a cached page comes back to).
    const refused = await openPage('/fr/garantie', true, 390);
    await fill(refused.page, '#warranty-lead', { postcode: '1' });
    await Promise.all([
      refused.page.waitForURL(/\/fr\/contact\/merci\?to=/),
      refused.page.locator('#warranty-lead').evaluate((form: HTMLFormElement) => form.submit()),
    ]);
    await hydrated(refused.page);
    await refused.page.locator('#lead-retry-postcode-error').waitFor();
    violations.push(...(await seriousViolations(refused.page)));
    await shoot(refused.page, 'lead-retry-fr-390');
    await refused.close();
    expect(violations).toEqual([]);
  });
});
