/**
 * Dealer appointments in a real browser (Chromium through playwright-core) against the real site on a
 * fresh embedded database, with axe-core on every screen (no serious or critical violation): a French
 * visitor with JavaScript goes from a dealer's page to its appointment form, moves to the next week in
 * place (widget hourly), books and lands on the confirmation; a German visitor on a phone without
 * JavaScript chooses a dealer, is refused a bad e-mail by its field (400), books and lands on the
 * confirmation. Screenshots go to e2e/screenshots/ (not committed).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../domain/routes/index.ts';
import { fr as frSite } from '../ui/i18n/messages/fr.ts';
import { deAppointment as de } from '../ui/pages/appointment/messages/de.ts';
import { frAppointment as fr } from '../ui/pages/appointment/messages/fr.ts';
import { press, seriousViolations, seriousViolationsWithoutScript } from './axe.ts';
import {
  CHROMIUM,
  hasChromium,
  hydrated,
  launchChromium,
  type Site,
  shoot,
  startSite,
  stopSite,
  watchErrors,
} from './site.ts';
import { staffStorageState } from './staffSignIn.ts';

if (!hasChromium) console.warn(`[e2e] ${CHROMIUM} is missing: the appointment browser tests are skipped`);

const PHONE = 390;
const WIDE = 1280;
const JOURNEY = 120_000;

interface DealerChoice {
  readonly dealerId: string;
  readonly name: string;
  readonly url: string;
}

describe.skipIf(!hasChromium)('dealer appointments in a browser', () => {
  let dir: string;
  let server: Site;
  let site: { url: string; browser: Browser };
  const dealersOf = async (locale: 'fr' | 'de') => {
    const response = await fetch(`${site.url}${generateUrl(`dealer_appointment.${locale}`)}`, {
      headers: { accept: 'application/json' },
    });
    return ((await response.json()) as { dealers: DealerChoice[] }).dealers;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'appointments-e2e-'));
    await mkdir(join(import.meta.dirname, 'screenshots'), { recursive: true });
    server = await startSite(join(dir, 'var'), {
      env: { LOG_LEVEL: 'info', NODE_ENV: 'development', DEMO_CARS: '300' },
    });
    site = { url: server.url, browser: await launchChromium() };
  }, 300_000);
  afterAll(async () => {
    await site?.browser.close();
    if (server) await stopSite(server);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    'given a French visitor with JavaScript, when they book from the dealer’s page, then the confirmation shows the appointment',
    async () => {
      const [dealer] = await dealersOf('fr');
      const context = await site.browser.newContext({ viewport: { width: WIDE, height: 900 } });
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      const page = await context.newPage();
      const errors = watchErrors(page);
      const found: string[] = [];
      // The dealer's page: its appointment button leads to the form.
      const slug = dealer!.url.slice(generateUrl('dealer_appointment.fr').length + 1).replace(/-\d+$/, '');
      await page.goto(`${site.url}${generateUrl('dealer_detail.fr', { slug, idApi: dealer!.dealerId })}`);
      await hydrated(page);
      await Promise.all([
        page.waitForURL(`${site.url}${dealer!.url}`),
        page.locator('a', { hasText: frSite.dealers.appointment }).first().click(),
      ]);
      await hydrated(page);
      expect(await page.locator('h1').textContent()).toContain(dealer!.name);
      found.push(...(await seriousViolations(page)));
      await shoot(page, 'appointment-fr-form');
      // The next week in place: no page load, the slots come from widget hourly.
      const before = await page.locator('.slot-picker__day legend').first().textContent();
      const widget = page.waitForResponse((r) => r.url().includes('/ajax/widget-hourly/'));
      await page.locator('.slot-picker__weeks a', { hasText: fr.later }).click();
      await widget;
      await expect
        .poll(() => page.locator('.slot-picker__day legend').first().textContent())
        .not.toBe(before);
      expect(page.url()).toBe(`${site.url}${dealer!.url}`);
      await page.locator('.slot-picker__slot').first().click();
      await page.fill('#field-firstName', 'Camille');
      await page.fill('#field-lastName', 'Martin');
      await page.fill('#field-email', 'camille.e2e@example.test');
      await page.fill('#field-phone', '06 12 34 56 78');
      await press(page, fr.submit);
      expect(page.url()).toMatch(/\/confirmation\?id=ap-/);
      expect(await page.locator('h1').textContent()).toBe(fr.confirmation.title);
      found.push(...(await seriousViolations(page)));
      await shoot(page, 'appointment-fr-confirmation');
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given a German visitor on a phone without JavaScript, when they choose a dealer and book (a bad e-mail refused first), then the confirmation shows it',
    async () => {
      const context = await site.browser.newContext({
        viewport: { width: PHONE, height: 844 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      const found: string[] = [];
      const list = `${site.url}${generateUrl('dealer_appointment.de')}?purpose=after-sales`;
      await page.goto(list);
      expect(await page.locator('h1').textContent()).toBe(de.chooseDealer);
      found.push(...(await seriousViolationsWithoutScript(context, list)));
      await shoot(page, 'appointment-de-dealers');
      await Promise.all([page.waitForNavigation(), page.locator('.appointment-dealers a').first().click()]);
      expect(page.url()).toContain('purpose=after-sales');
      found.push(...(await seriousViolationsWithoutScript(context, page.url())));
      await shoot(page, 'appointment-de-form');
      await page.locator('.slot-picker__slot').first().click();
      await page.fill('#field-firstName', 'Jonas');
      await page.fill('#field-lastName', 'Becker');
      await page.fill('#field-email', 'jonas@example');
      await page.fill('#field-phone', '0170 1234567');
      // The browser would refuse `jonas@example`? It takes it; the shop does not.
      const refused = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.locator('button[type="submit"]', { hasText: de.submit }).click();
      expect((await refused).status()).toBe(400);
      await page.waitForLoadState('load');
      expect(await page.locator('.notice').first().textContent()).toContain(de.errors.refused);
      expect(await page.locator('#field-email').getAttribute('aria-invalid')).toBe('true');
      await shoot(page, 'appointment-de-refused');
      await page.locator('.slot-picker__slot').first().click();
      await page.fill('#field-email', 'jonas@example.test');
      await press(page, de.submit);
      expect(page.url()).toMatch(/\/bestaetigung\?id=ap-|\/confirmation\?id=ap-|\?id=ap-/);
      expect(await page.locator('h1').textContent()).toBe(de.confirmation.title);
      found.push(...(await seriousViolationsWithoutScript(context, page.url())));
      await shoot(page, 'appointment-de-confirmation');
      expect(found).toEqual([]);
      await context.close();
    },
    JOURNEY,
  );

  it(
    'given staff, the day’s appointments of a dealer are listed with their contact, and the page has no serious violation',
    async () => {
      const password = /admin@example\.test \/ ([\w-]+)/.exec(server.output())?.[1];
      if (!password) throw new Error(`no demo password:\n${server.output().slice(-2000)}`);
      const state = await staffStorageState(site.browser, site.url, 'admin@example.test', password);
      const [dealer] = await dealersOf('fr');
      const slots = (await (
        await fetch(`${site.url}/fr/ajax/widget-hourly/${dealer!.dealerId}?purpose=after-sales&days=14`, {
          headers: { accept: 'application/json' },
        })
      ).json()) as { days: { day: string; slots: { time: string }[] }[] };
      const day = slots.days.find((d) => d.slots.length > 0)!;
      // A visitor books one that day (JSON, as the page's script could).
      const visitor = await site.browser.newContext();
      const { token } = (await (await visitor.request.get(`${site.url}/api/csrf`)).json()) as {
        token: string;
      };
      const booked = await visitor.request.post(`${site.url}${dealer!.url}`, {
        data: {
          purpose: 'after-sales',
          slot: `${day.day}T${day.slots[0]!.time}`,
          firstName: 'Léa',
          lastName: 'Dubois',
          email: 'lea@example.test',
          phone: '06 98 76 54 32',
        },
        headers: { 'x-csrf-token': token, accept: 'application/json' },
      });
      expect(booked.status()).toBe(201);
      await visitor.close();
      for (const width of [WIDE, PHONE]) {
        const context = await site.browser.newContext({
          viewport: { width, height: 900 },
          storageState: state,
        });
        const page = await context.newPage();
        await page.goto(`${site.url}/admin/fr/appointments?day=${day.day}&dealer=${dealer!.dealerId}`);
        await page.locator('h1').waitFor();
        await page.locator('.admin-list table').waitFor();
        expect(await page.locator('.admin-list').textContent()).toContain('Léa Dubois');
        expect(await seriousViolations(page)).toEqual([]);
        await shoot(page, `appointment-admin-${width}`);
        await context.close();
      }
    },
    JOURNEY,
  );
});
