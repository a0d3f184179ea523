/**
 * Landing pages and content pictures in a real browser on the real site (as e2e/backOfficeMail.e2e.spec.ts):
 * an editor creates a landing page in French with a brochure, a picture and a dealer, publishes it; the
 * page shows with its lead form; a lead sent from it raises its count in the back office; a home-page
 * banner gets a picture and the home page shows it (from `/media/content-images/…`). axe-core on each
 * page; screenshots on a phone and a desktop in French and German (e2e/screenshots/landing-*.png).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../domain/routes/index.ts';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, hydrated, shoot } from './site.ts';

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe.skipIf(!hasChromium)('landing pages and content pictures', () => {
  let suite: BackOfficeSuite;
  let dealer: { dealerId: string; name: string; brands: string[] };
  let brochure: string;
  let picture: string;
  const slugs = { fr: 'printemps-electrique', de: 'elektro-fruehling' } as const;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('landing');
    const dealers = (await (await fetch(`${suite.url}/api/catalogue/dealers?country=FR`)).json()) as {
      dealerId: string;
      name: string;
      brands: string[];
    }[];
    dealer = dealers[0]!;
    brochure = join(suite.dir, 'brochure.pdf');
    await writeFile(brochure, PDF);
    picture = join(suite.dir, 'spring.jpg');
    const noise = await sharp({
      create: {
        width: 1600,
        height: 900,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .blur(6)
      .tint({ r: 40, g: 140, b: 90 })
      .jpeg({ quality: 85 })
      .toBuffer();
    await writeFile(picture, noise);
  }, 300_000);

  afterAll(() => suite?.close());

  /** Creates and publishes a landing page through the list's form, in `locale`. */
  async function createLanding(admin: Page, locale: 'fr' | 'de', title: string) {
    await admin.goto(`${suite.url}/admin/fr/landing-page/list?locale=${locale}`);
    await admin
      .getByRole('heading', { name: /Pages d’atterrissage/ })
      .first()
      .waitFor();
    const form = admin.locator('form', { has: admin.getByRole('button', { name: 'Créer le brouillon' }) });
    await form.getByLabel('Adresse de la page (slug)').fill(slugs[locale]);
    await form.getByLabel('Titre').fill(title);
    await form.getByLabel('Chapeau').fill('Nos électriques en stock, livrées chez vous en deux semaines.');
    await form
      .getByLabel('Texte')
      .fill(
        'Essayez-les en concession.\n\nReprise de votre voiture au meilleur prix, financement sur mesure.',
      );
    await form.getByLabel(/^Concession/).fill(dealer.dealerId);
    await form.getByLabel(/^Marque/).fill(dealer.brands[0] ?? '');
    await form.getByLabel('Brochure (PDF)').setInputFiles(brochure);
    await form.getByText('Fichier reçu').first().waitFor({ timeout: 30_000 });
    await form.getByLabel('Image d’en-tête').setInputFiles(picture);
    await expect.poll(() => form.getByText('Fichier reçu').count(), { timeout: 60_000 }).toBe(2);
    await suite.axe(admin);
    await form.getByRole('button', { name: 'Créer le brouillon' }).click();
    await admin.getByRole('heading', { name: /^Pages d’atterrissage \(/ }).waitFor();
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 1 publiée.').waitFor();
    await suite.axe(admin);
  }

  it('an editor creates a landing page in French and publishes it; a lead sent from it is counted', async () => {
    const admin = await suite.newPage();
    await createLanding(admin, 'fr', 'Le printemps électrique');
    await admin.getByText('Demandes reçues depuis cette page : 0').waitFor();
    const itemUrl = admin.url();

    const buyer = await suite.newPage(1280, { signedIn: false });
    const landing = `${suite.url}${generateUrl('landing_page.fr', { slug: slugs.fr })}`;
    await expect.poll(async () => (await buyer.goto(landing))?.status(), { timeout: 15_000 }).toBe(200);
    await hydrated(buyer);
    await buyer.getByRole('heading', { name: 'Le printemps électrique', level: 1 }).waitFor();
    expect(await buyer.locator('#landing-lead').getAttribute('action')).toBe(
      generateUrl('lead_dealer.fr', { id: dealer.dealerId }),
    );
    await expect
      .poll(() => buyer.locator('.content-hero').evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/media\/content-images\/[a-f0-9]{16}-\d+\.avif$/);
    expect(await buyer.getByRole('link', { name: /Télécharger la brochure/ }).getAttribute('href')).toMatch(
      /^\/media\/content-files\/[a-f0-9]{16}\.pdf$/,
    );
    await suite.axe(buyer);
    for (const [name, value] of Object.entries({
      firstName: 'Anna',
      lastName: 'Martin',
      email: 'anna.martin@example.test',
      message: 'Bonjour, je voudrais essayer une électrique.',
    }))
      await buyer.locator(`#landing-lead [name="${name}"]`).fill(value);
    await buyer.locator('#landing-lead [name="consent"]').check();
    await buyer.locator('#landing-lead button[type="submit"]').click();
    await buyer.locator('#landing-lead-thanks').waitFor({ timeout: 15_000 });
    await buyer.context().close();

    await expect
      .poll(
        async () => {
          await admin.goto(itemUrl);
          await admin.getByText(/Demandes reçues depuis cette page/).waitFor();
          return admin.getByText('Demandes reçues depuis cette page : 1').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    // The brochure removed from the back office: a new version without it.
    await admin.getByRole('button', { name: 'Retirer la brochure (nouvelle version)' }).click();
    await admin.getByText('Brochure retirée : version 2.').waitFor();
    await admin.context().close();
  });

  it('a banner gets a picture, and the home page shows it', async () => {
    const admin = await suite.newPage();
    await admin.goto(`${suite.url}/admin/fr/homepage-banner/list?locale=fr`);
    await admin.locator('table tbody tr').first().locator('a').click();
    await admin.getByLabel('Image', { exact: true }).setInputFiles(picture);
    await admin.getByText('Fichier reçu').waitFor({ timeout: 60_000 });
    await admin.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
    await admin.getByText('Version 2 enregistrée (brouillon).').waitFor();
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 2 publiée.').waitFor();
    await suite.axe(admin);
    await admin.context().close();

    const buyer = await suite.newPage(390, { signedIn: false });
    const image = buyer.locator('.banner__image').first();
    await expect
      .poll(
        async () => {
          await buyer.goto(`${suite.url}${generateUrl('front_pages_index.fr')}`);
          return image.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/media\/content-images\/[a-f0-9]{16}-\d+\.avif$/);
    await shoot(buyer, 'landing-home-banner-fr-phone');
    await suite.axe(buyer);
    await buyer.context().close();
  });

  it('looks right on a phone and a desktop, in French and German', async () => {
    const admin = await suite.newPage();
    await createLanding(admin, 'de', 'Elektro-Frühling');
    const itemPath = new URL(admin.url()).pathname;
    await admin.context().close();
    for (const { locale, device, width } of screens(['fr', 'de'])) {
      const page = await suite.newPage(width, { signedIn: false });
      await page.goto(`${suite.url}${generateUrl(`landing_page.${locale}`, { slug: slugs[locale] })}`);
      await hydrated(page);
      await page.locator('#landing-lead').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // The widest elements past the screen's edge, to say what overflows.
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
      expect(overflow, wide.join(' ')).toBeLessThanOrEqual(0);
      await shoot(page, `landing-page-${locale}-${device}`);
      await suite.axe(page);
      await page.goto(`${suite.url}${generateUrl(`language_switch_page.${locale}`, { id: '1' })}`);
      await shoot(page, `landing-language-switch-${locale}-${device}`);
      await page.context().close();
      const staff = await suite.newPage(width);
      await staff.goto(`${suite.url}${itemPath.replace('/admin/fr/', `/admin/${locale}/`)}`);
      await staff.locator('.admin-compare').waitFor();
      await shoot(staff, `landing-back-office-${locale}-${device}`);
      await suite.axe(staff);
      await staff.context().close();
    }
    expect(suite.errors.filter((e) => !/401|Unauthorized|400|Bad Request/.test(e))).toEqual([]);
  });
});
