/**
 * Car photos in a real browser on the real site (`bin/start.ts` in development on a fresh embedded
 * database, as e2e/backOffice.e2e.spec.ts): the demo admin opens a car's photos page, uploads a photo
 * through it (XMLHttpRequest, progress), sees it listed, then the car page shows it as a `<picture>`
 * whose image came from `/media/car-photos/…`; without JavaScript the page is the server's, with its
 * forms; axe-core on the page; screenshots on a phone and a desktop in French and German
 * (e2e/screenshots/back-office-photos-*.png).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateUrl } from '../domain/routes/index.ts';
import { type BackOfficeSuite, type Car, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('car photos in the back office and on the car page', () => {
  let suite: BackOfficeSuite;
  let car: Car;
  let photo: string;

  beforeAll(async () => {
    suite = await openBackOfficeSuite('photos');
    [car] = (await suite.cars('FR', 1)) as [Car];
    photo = join(suite.dir, 'front.jpg');
    // A photo-like picture: blurred noise over a gradient (flat colours would compress to nothing).
    const noise = await sharp({
      create: {
        width: 1800,
        height: 1200,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .blur(4)
      .jpeg({ quality: 90 })
      .toBuffer();
    await writeFile(photo, noise);
  }, 300_000);

  afterAll(() => suite?.close());

  it('uploads a photo through the page, and the car page shows it', async () => {
    const page = await suite.newPage();
    const upload = generateUrl('admin_image_upload.fr', { id: car.carId });
    await page.goto(`${suite.url}${upload}`);
    await page.getByRole('heading', { name: `Photos du véhicule n° ${car.carId}` }).waitFor();
    await page.getByText('Aucune photo pour l’instant.').waitFor();
    await suite.axe(page);

    await page.setInputFiles('#photos-file', photo);
    await page.getByRole('button', { name: 'Ajouter la photo' }).click();
    await page.getByText('Photo ajoutée.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.admin-photo').count()).toBe(1);
    await suite.axe(page);

    // A text file named like a photo: refused by the field, in words.
    const notes = join(suite.dir, 'notes.jpg');
    await writeFile(notes, 'not a photo');
    await page.setInputFiles('#photos-file', notes);
    await page.getByRole('button', { name: 'Ajouter la photo' }).click();
    await page.locator('#photos-file-error').waitFor();
    expect(await page.locator('#photos-file-error').textContent()).toBe(
      'Ce fichier n’est pas une photo JPEG, PNG, WebP ou AVIF.',
    );
    await page.context().close();

    const buyer = await suite.newPage(390, { signedIn: false });
    const carPage = `${suite.url}${generateUrl('car_detail.fr', { id: car.carId, slug: car.slug })}`;
    const main = buyer.locator('.gallery__main picture img');
    await expect
      .poll(
        async () => {
          await buyer.goto(carPage);
          return main.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/media\/car-photos\/[a-f0-9]{16}-\d+\.avif$/,
    );
    await buyer.context().close();
  });

  it('works without JavaScript: the server renders the page with its forms', async () => {
    const context = await suite.browser.newContext({
      javaScriptEnabled: false,
      storageState: suite.signedIn,
    });
    const page = await context.newPage();
    await page.goto(`${suite.url}${generateUrl('admin_image_upload.fr', { id: car.carId })}`);
    expect(
      await page.locator('form[enctype="multipart/form-data"] input[name="_csrf"]').count(),
    ).toBeGreaterThan(1);
    expect(await page.locator('.admin-photo').count()).toBe(1);
    await context.close();
  });

  it('looks right on a phone and a desktop, in French and German', async () => {
    for (const { locale, device, width } of screens(['fr', 'de'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}${generateUrl(`admin_image_upload.${locale}`, { id: car.carId })}`);
      // The app's frame (header and sections) once it has taken over the server's page.
      await page.locator('.admin-header').waitFor();
      await page.locator('.admin-photo').first().waitFor();
      await shoot(page, `back-office-photos-${locale}-${device}`);
      await suite.axe(page);
      await page.context().close();
    }
    const buyer = await suite.newPage(390, { signedIn: false });
    await buyer.goto(`${suite.url}${generateUrl('car_detail.fr', { id: car.carId, slug: car.slug })}`);
    await shoot(buyer, 'car-page-photo-fr-phone');
    await buyer.context().close();
    expect(suite.errors.filter((e) => !/401|Unauthorized|400|Bad Request/.test(e))).toEqual([]);
  });
});
