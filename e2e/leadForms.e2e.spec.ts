/**
 * The lead forms in a real browser (Chromium through playwright-core) against the real site on a fresh
 * embedded database: sent without JavaScript (303 to the thanks; a refusal shows the form again with
 * the message by its field) and with it (the thanks or the message in place), in French and Polish;
 * every one of the ten kinds sent from its page (French without JavaScript, Polish with it), read back
 * through the back office's API: stored for the dealer it was routed to, the dealer's mail waiting in
 * the dealer's language; a bot filling the honeypot is thanked and nothing is stored; axe-core finds no serious or critical violation on the pages with lead forms and the new pages.
 * Screenshots go to e2e/screenshots/ (not committed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl, type RouteName } from '../domain/routes/index.ts';
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
import { staffStorageState } from './staffSignIn.ts';

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
    site = await startBrowserSite({
      prefix: 'leads-e2e-',
      // LOG_LEVEL info: the demo staff account's password is printed (the journey reads the leads back).
      env: { DEMO_CARS: '300', LOG_LEVEL: 'info' },
      width: 1280,
    });
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

  it('sends every lead kind, fr without JavaScript and pl with it: stored, routed, the dealer mailed; a bot stores nothing', async () => {
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!password) throw new Error('no demo admin password in the site’s output');
    const signedIn = await staffStorageState(site.browser, site.url, 'admin@example.test', password);
    const staff = await site.browser.newContext({ storageState: signedIn });
    const dealerLinks = async (segment: string) => {
      const { page, close } = await openPage(segment, false);
      const links = await page
        .locator(`a[href^="${segment}/"]`)
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      await close();
      return {
        dealer: links.find((href) => /-\d+$/.test(href))!,
        hub: links.find((href) => !/-\d+$/.test(href) && href.split('/').length === 4)!,
      };
    };
    const POSTCODE = { fr: '69003', pl: '00-950' } as const;
    const pagesOf = async (locale: 'fr' | 'pl') => {
      const { dealer, hub } = await dealerLinks(generateUrl(`dealers_locator_index.${locale}`));
      const at = (route: string, params: Record<string, string> = {}) =>
        generateUrl(`${route}.${locale}` as RouteName, params);
      const postcode = { postcode: POSTCODE[locale] };
      return [
        { kind: 'car', path: await site.freshCar(locale), form: '#car-lead', extra: {} },
        {
          kind: 'brand',
          path: at('brand_item', { brandName: 'renault' }),
          form: '#brand-lead',
          extra: postcode,
        },
        { kind: 'dealer', path: dealer, form: '#dealer-lead', extra: {} },
        { kind: 'hub', path: hub, form: '#hub-lead', extra: {}, pick: 'dealerId' },
        { kind: 'contact', path: at('contact_form'), form: '#contact-form', extra: postcode, pick: 'topic' },
        { kind: 'faq', path: at('car_booking_faq'), form: '#faq-lead', extra: postcode },
        { kind: 'finance', path: at('finance_page'), form: '#finance-lead', extra: postcode },
        { kind: 'warranty', path: at('warranty_page'), form: '#warranty-lead', extra: postcode },
        { kind: 'electric', path: at('electric_page'), form: '#electric-lead', extra: postcode },
        { kind: 'cee', path: at('electric_page'), form: '#cee-lead', extra: postcode },
      ];
    };
    const leadsOf = async (email: string) => {
      const answer = await staff.request.get(`${site.url}/admin/api/leads`);
      expect(answer.status()).toBe(200);
      const { items } = (await answer.json()) as {
        items: { leadId: string; kind: string; dealerId: string; market: string }[];
      };
      const mine = [];
      for (const item of items) {
        const detail = (await (
          await staff.request.get(`${site.url}/admin/api/leads/${item.leadId}`)
        ).json()) as {
          contact?: { email?: string };
        };
        if (detail.contact?.email === email) mine.push(item);
      }
      return mine;
    };
    for (const [locale, javaScript] of [
      ['fr', false],
      ['pl', true],
    ] as const) {
      const email = `every-kind-${locale}@example.test`;
      for (const c of await pagesOf(locale)) {
        const { page, errors, close } = await openPage(c.path, javaScript);
        await fill(page, c.form, { ...c.extra, email });
        if (c.pick) await page.locator(`${c.form} [name="${c.pick}"]`).selectOption({ index: 1 });
        const button = page.locator(`${c.form} button[type="submit"]`);
        if (javaScript) {
          await button.click();
          await page.locator(`${c.form}-thanks`).waitFor();
        } else {
          await Promise.all([page.waitForURL(/[?&]kind=/), button.click()]);
        }
        expect(errors, `${c.kind} ${locale}`).toEqual([]);
        await close();
      }
      const stored = await leadsOf(email);
      expect(stored.map((l) => l.kind).sort(), locale).toEqual([
        'brand',
        'car',
        'cee',
        'contact',
        'dealer',
        'electric',
        'faq',
        'finance',
        'hub',
        'warranty',
      ]);
      expect(
        stored.every((l) => l.dealerId !== '' && l.market === locale),
        locale,
      ).toBe(true);
    }
    // Each lead's dealer has its notification waiting, in its market's language (Poland's: Polish).
    const mails: { template: string; locale: string }[] = [];
    for (let page = 1; ; page++) {
      const answer = (await (await staff.request.get(`${site.url}/admin/api/mail?page=${page}`)).json()) as {
        mails: { template: string; locale: string }[];
        total: number;
        pageSize: number;
      };
      mails.push(...answer.mails);
      if (page * answer.pageSize >= answer.total) break;
    }
    const notifications = mails.filter((m) => m.template === 'lead_notification');
    expect(notifications.length).toBeGreaterThanOrEqual(20);
    expect(notifications.filter((m) => m.locale === 'pl').length).toBeGreaterThanOrEqual(10);

    // A bot fills the hidden honeypot: thanked like anyone, nothing stored.
    const bot = await openPage(generateUrl('finance_page.fr'), false);
    await fill(bot.page, '#finance-lead', { postcode: '69003', email: 'bot@example.test' });
    await bot.page.locator('#finance-lead').evaluate((form: HTMLFormElement) => {
      const trap = form.querySelector<HTMLInputElement>('[name="website"]');
      if (trap) trap.value = 'https://spam.example';
    });
    await Promise.all([
      bot.page.waitForURL(/[?&]kind=finance/),
      bot.page.locator('#finance-lead button[type="submit"]').click(),
    ]);
    await bot.close();
    expect(await leadsOf('bot@example.test')).toEqual([]);
    await staff.close();
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
