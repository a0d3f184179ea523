/**
 * The blog as content items in a real browser on the real site (a fresh embedded database, its blog
 * seeded): the demo admin (content role) edits a Belgian article in the back office (its title, a picture
 * uploaded through the content items' picture field), previews the draft on its page, publishes, and the article page shows it; a visitor without JavaScript rates it (303 to
 * its thanks), another with JavaScript rates it in place, and the back office's list shows the average;
 * axe-core on the list, the article and the back office's pages; screenshots on a phone and a desktop in
 * French (Belgium) and German (e2e/screenshots/blog-*.png).
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogText } from '../domain/content/blogSeed.ts';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, hydrated, shoot } from './site.ts';

const ARTICLE = '/fr-BE/blog/entretien/tyres-all-seasons';
const TITLE = blogText('fr-BE', 'tyres-all-seasons').title;
const EDITED = 'Pneus été, hiver ou toutes saisons : le guide belge';

describe.skipIf(!hasChromium)('the blog as content items in a browser', () => {
  let suite: BackOfficeSuite;
  const html = (path: string) => fetch(`${suite.url}${path}`).then((r) => r.text());
  /** Nothing wider than the screen (no sideways scrolling on a phone). */
  const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    suite = await openBackOfficeSuite('blog', { env: { DEMO_CARS: '0' } });
  }, 300_000);
  afterAll(() => suite?.close());

  it('an editor changes a Belgian article: preview, publish, the article page shows it', async () => {
    const admin = await suite.newPage();
    await admin.goto(`${suite.url}/admin/fr/blog-article/list?locale=fr-BE`);
    await admin.getByRole('link', { name: TITLE }).waitFor();
    await suite.axe(admin);
    await admin.getByRole('link', { name: TITLE }).click();
    await admin.getByRole('heading', { name: 'Blog : articles (Belgique · Français)' }).waitFor();
    await admin.getByLabel('Titre', { exact: true }).fill(EDITED);
    // A picture for the article, uploaded through the content items' picture field (as a banner's).
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await admin
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'pneus.png', mimeType: 'image/png', buffer: png });
    await admin.getByText('Fichier reçu').waitFor({ timeout: 60_000 });
    await admin
      .getByLabel('Texte de l’image (vide : décorative)')
      .fill('Un pneu hiver sur une route enneigée');
    await admin.getByRole('button', { name: 'Enregistrer une nouvelle version' }).click();
    await admin.getByText('Version 2 enregistrée (brouillon).').waitFor();
    await suite.axe(admin);
    const previewHref = await admin
      .getByRole('link', { name: /Prévisualiser le brouillon/ })
      .getAttribute('href');
    const preview = await admin.context().newPage();
    await preview.goto(`${suite.url}${previewHref}`);
    expect(new URL(preview.url()).pathname).toBe(ARTICLE);
    await preview.getByRole('heading', { level: 1, name: EDITED }).waitFor();
    const picture = preview.getByRole('img', { name: 'Un pneu hiver sur une route enneigée' });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\/media\/content-images\/[a-f0-9]{16}-\d+\.avif$/);
    await preview.close();
    expect(await html(ARTICLE)).not.toContain(EDITED);
    await admin.getByRole('button', { name: 'Publier', exact: true }).click();
    await admin.getByText('Version 2 publiée.').waitFor();
    await expect.poll(async () => (await html(ARTICLE)).includes(EDITED), { timeout: 10_000 }).toBe(true);
    expect(await html('/fr-BE/blog/categorie/entretien')).toContain(EDITED);
    await admin.context().close();
  });

  it('a visitor rates it without JavaScript, another with it; the back office shows the average', async () => {
    const plain = await suite.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 900 },
    });
    const page = await plain.newPage();
    await page.goto(`${suite.url}${ARTICLE}`);
    await page.getByLabel('4 sur 5').check();
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.getByRole('button', { name: 'Envoyer ma note' }).click(),
    ]);
    expect(new URL(page.url()).search).toBe('?rating=thanks');
    await page.getByText('Merci pour votre note').waitFor();
    await expect
      .poll(async () => (await html(ARTICLE)).includes('4 sur 5 (1 avis)'), { timeout: 10_000 })
      .toBe(true);
    await plain.close();

    const scripted = await suite.newPage(1280, { signedIn: false });
    await scripted.goto(`${suite.url}${ARTICLE}`);
    await hydrated(scripted);
    await scripted.getByLabel('2 sur 5').check();
    await scripted.getByRole('button', { name: 'Envoyer ma note' }).click();
    await scripted.getByText('Merci pour votre note').waitFor();
    await scripted.getByText('3 sur 5 (2 avis)').waitFor();
    expect(new URL(scripted.url()).pathname).toBe(ARTICLE);
    await suite.axe(scripted);
    await scripted.context().close();

    const admin = await suite.newPage();
    await admin.goto(`${suite.url}/admin/fr/blog-article/list?locale=fr-BE`);
    await admin.getByRole('cell', { name: '3 / 5 (2 avis)' }).waitFor();
    await admin.context().close();
  });

  it('passes axe and looks right on a phone and a desktop, in French (Belgium) and German', async () => {
    const pages = {
      'fr-BE': { list: '/fr-BE/blog', article: ARTICLE },
      de: { list: '/de/blog', article: '/de/blog/elektro-hybrid/ev-home-charging' },
    } as const;
    for (const { locale, device, width } of screens(['fr-BE', 'de'] as const)) {
      const page = await suite.newPage(width, { signedIn: false });
      for (const [name, path] of Object.entries(pages[locale])) {
        const response = await page.goto(`${suite.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await hydrated(page);
        await shoot(page, `blog-${name}-${locale}-${device}`);
        expect(await fits(page), path).toBe(true);
        await suite.axe(page);
      }
      await page.context().close();
      const admin = await suite.newPage(width);
      const adminLocale = locale === 'de' ? 'de' : 'fr';
      await admin.goto(`${suite.url}/admin/${adminLocale}/blog-article/list?locale=${locale}`);
      await admin.locator('tbody tr').first().waitFor();
      await shoot(admin, `blog-admin-list-${locale}-${device}`);
      expect(await fits(admin)).toBe(true);
      await suite.axe(admin);
      await admin.context().close();
    }
    expect(suite.errors.filter((e) => !/40[0149]|Unauthorized|Bad Request/.test(e))).toEqual([]);
  });
});
