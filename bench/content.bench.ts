/**
 * Content figures on the real site (`bin/start.ts` in development on a fresh embedded database, as the
 * browser suites start it: e2e/site.ts):
 *   img.detail.bytes  the bytes of pictures a car page loads on a phone (kB): Chromium (/usr/bin/chromium,
 *                     playwright-core) 390 × 844 CSS px at device pixel ratio 3 (an iPhone 12–15's screen),
 *                     mobile, opening the page of a car with --photos photos (uploaded through the back
 *                     office's API as the demo admin, so resized by the real pipeline) and waiting until
 *                     the network is idle; every response of resource type `image` counted by its body's
 *                     length (what the browser decoded; the photos are not compressed further on the wire).
 *   content.publish-to-visible  seconds from a content publish (the FAQ answer of a French booking FAQ
 *                     item: a new version saved, then `POST …/publish` sent) to the storefront's page (the
 *                     booking FAQ, kept in the page cache) answering HTML with the new answer, polled every
 *                     10 ms over HTTP; --rounds rounds, the median printed (the slowest on the line before)
 * The photos: synthetic 2400 × 1600 JPEGs with the detail of a camera photo (blurred noise over a
 * gradient, tuned so the 960 px JPEG weighs what a real car photo's does, ~100 kB); seeded per photo.
 * Options: --photos <n> (8), --rounds <n> (10).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateUrl } from '../domain/routes/index.ts';
import { launchChromium, startSite, stopSite } from '../e2e/site.ts';

const figure = (name: string, value: number, unit: string) =>
  console.log(`bench ${name} ${value.toFixed(1)} ${unit}`);

/** A photo-like picture: a gradient with blurred noise on top (as much detail as a camera's). */
async function syntheticPhoto(seed: number): Promise<Buffer> {
  const width = 2400;
  const height = 1600;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},45%,62%)"/><stop offset="1" stop-color="hsl(${(seed * 47 + 140) % 360},35%,28%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 42 + seed },
    },
  })
    .blur(1.1)
    .png()
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--photos');
  const count = at >= 0 ? Number(args[at + 1]) : 8;
  const roundsAt = args.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 10;
  const dir = await mkdtemp(join(tmpdir(), 'bench-content-'));
  const site = await startSite(join(dir, 'var'), {
    env: { LOG_LEVEL: 'info', NODE_ENV: 'development', DEMO_CARS: '200' },
  });
  const browser = await launchChromium();
  try {
    for (const deadline = Date.now() + 90_000; (await fetch(`${site.url}/readyz`)).status !== 200; ) {
      if (Date.now() > deadline) throw new Error(`/readyz never answered 200:\n${site.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const password = /admin@example\.test \/ ([\w-]+)/.exec(site.output())?.[1];
    if (!password) throw new Error('no demo admin password in the site’s output');
    const staff = await browser.newContext();
    const { token } = (await (await staff.request.get(`${site.url}/api/csrf`)).json()) as { token: string };
    const signIn = await staff.request.post(`${site.url}/admin/api/session`, {
      data: { email: 'admin@example.test', password },
      headers: { 'x-csrf-token': token },
    });
    if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()}`);
    // A sign-in starts a new session: its own token.
    const csrf = ((await (await staff.request.get(`${site.url}/api/csrf`)).json()) as { token: string })
      .token;
    const found = await fetch(`${site.url}/api/catalogue/search?country=FR&condition=used&pageSize=1`);
    const [car] = ((await found.json()) as { cars: { carId: string; slug: string }[] }).cars;
    if (!car) throw new Error('no car');
    let original = 0;
    for (let i = 0; i < count; i++) {
      const bytes = await syntheticPhoto(i);
      original += bytes.length;
      const answer = await staff.request.post(`${site.url}/admin/api/cars/${car.carId}/photos`, {
        multipart: { file: { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: bytes } },
        headers: { 'x-csrf-token': csrf },
      });
      if (answer.status() !== 201) throw new Error(`upload: ${answer.status()} ${await answer.text()}`);
      if (i === 0) {
        const photo = (
          (await answer.json()) as {
            photos: { variants: { width: number; format: string; bytes: number }[] }[];
          }
        ).photos[0]!;
        const sizes = photo.variants.map((v) => `${v.width} ${v.format} ${(v.bytes / 1024).toFixed(0)} kB`);
        console.log(`photo 1 stored as: ${sizes.join(', ')}`);
      }
    }
    console.log(`${count} photos uploaded (${(original / 1024).toFixed(0)} kB of originals)`);
    await publishToVisible(staff, csrf, rounds);
    await staff.close();

    async function publishToVisible(
      staffContext: Awaited<ReturnType<typeof browser.newContext>>,
      token: string,
      n: number,
    ): Promise<void> {
      const headers = { 'x-csrf-token': token };
      const list = (await (
        await staffContext.request.get(`${site.url}/admin/api/content/faq?locale=fr`)
      ).json()) as { items: { id: string }[] };
      const id = list.items[0]?.id;
      if (!id) throw new Error('no FAQ item to publish');
      const faqPage = `${site.url}${generateUrl('car_booking_faq.fr')}`;
      await fetch(faqPage); // kept in the page cache from here
      const seconds: number[] = [];
      for (let round = 0; round < n; round++) {
        const item = (await (
          await staffContext.request.get(`${site.url}/admin/api/content/items/${id}`)
        ).json()) as {
          latestVersion: number;
          versions: { fields: Record<string, unknown> }[];
        };
        const answer = `Réponse publiée au tour ${round + 1} (${Date.now()}).`;
        const saved = await staffContext.request.post(`${site.url}/admin/api/content/items/${id}/save`, {
          data: { fields: { ...item.versions[0]!.fields, answer }, expectedVersion: item.latestVersion },
          headers,
        });
        if (!saved.ok()) throw new Error(`save: ${saved.status()} ${await saved.text()}`);
        const version = ((await saved.json()) as { latestVersion: number }).latestVersion;
        const start = performance.now();
        const published = await staffContext.request.post(
          `${site.url}/admin/api/content/items/${id}/publish`,
          {
            data: { version },
            headers,
          },
        );
        if (!published.ok()) throw new Error(`publish: ${published.status()}`);
        for (;;) {
          if ((await (await fetch(faqPage)).text()).includes(answer)) break;
          if (performance.now() - start > 30_000) throw new Error('the published answer never showed');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        seconds.push((performance.now() - start) / 1000);
      }
      const sorted = [...seconds].sort((a, b) => a - b);
      console.log(
        `publish to visible: ${n} rounds, median ${sorted[Math.floor(n / 2)]!.toFixed(3)} s, slowest ${sorted.at(-1)!.toFixed(3)} s`,
      );
      console.log(`bench content content.publish-to-visible ${sorted[Math.floor(n / 2)]!.toFixed(3)} s`);
    }

    const page = `${site.url}${generateUrl('car_detail.fr', { id: car.carId, slug: car.slug })}`;
    // The read model catches up: the page shows the photos.
    for (const deadline = Date.now() + 30_000; ; ) {
      if ((await (await fetch(page)).text()).includes('/media/car-photos/')) break;
      if (Date.now() > deadline) throw new Error('the car page never showed the photos');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const tab = await phone.newPage();
    const images: { url: string; bytes: number }[] = [];
    const reading: Promise<void>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return;
      reading.push(
        response
          .body()
          .then((body) => {
            images.push({ url: response.url().replace(site.url, ''), bytes: body.length });
          })
          .catch(() => undefined),
      );
    });
    await tab.goto(page, { waitUntil: 'networkidle' });
    await Promise.all(reading);
    for (const image of images.sort((a, b) => b.bytes - a.bytes))
      console.log(`  ${(image.bytes / 1024).toFixed(1)} kB ${image.url}`);
    figure('content img.detail.bytes', images.reduce((sum, i) => sum + i.bytes, 0) / 1024, 'kB');
    await phone.close();
  } finally {
    await browser.close();
    await stopSite(site);
    await rm(dir, { recursive: true, force: true });
  }
}
