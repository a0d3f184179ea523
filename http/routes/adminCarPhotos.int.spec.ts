/**
 * Car photos over the whole app on a real database: content staff upload a photo through the JSON API
 * and through the page's form without JavaScript, order and remove photos; each change is an event of
 * the car's photo stream with the staff actor; the car page then shows a `<picture>` whose every size
 * is served with immutable cache headers; bad files are 400s by the field; sales staff and visitors
 * are kept out (the API, `image_index_bo`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carPhotosStream } from '../../domain/catalogue/carPhotos.ts';
import { generateDemoCatalogue } from '../../domain/catalogue/demo/generateDemoCatalogue.ts';
import type { SearchResult } from '../../domain/catalogue/search.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createCarPhotos } from '../../engine/media/createCarPhotos.ts';
import { createMediaStorage } from '../../engine/media/createMediaStorage.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { catalogueQueries } from '../../projections/catalogue/catalogueQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { carPhotoQueries, carPhotosProjection } from '../../projections/media/carPhotosProjection.ts';
import { createPostgresCatalogueSearch } from '../../projections/search/postgres/createPostgresCatalogueSearch.ts';
import { app } from '../app.ts';
import { multipart } from '../testing/multipartBody.ts';
import { signedInStaff, type TestBrowser, testBrowser } from '../testing/testBrowser.ts';

const PASSWORD = 'correct horse battery';

const photo = (width: number, height: number, hue: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('car photos in the back office and on the storefront', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let fastify: FastifyInstance;
  let mediaDir: string;
  let content: TestBrowser;
  let sales: TestBrowser;
  let admin: TestBrowser;
  let car: { carId: string; slug: string };

  const caughtUp = async () => {
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 50 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection, carPhotosProjection],
    });
    await runner.start();
    await seedCatalogue(store, generateDemoCatalogue({ seed: 11, cars: 40, dealersPerCountry: 1 }));
    await caughtUp();
    mediaDir = await mkdtemp(join(tmpdir(), 'car-photos-'));
    const media = createMediaStorage({ kind: 'local', dir: mediaDir });
    const staffAccounts = createStaffAccounts({ knex: db.knex, schema: db.schema });
    const queries = catalogueQueries({ knex: db.knex, store, schema: db.schema });
    fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
    await fastify.register(app, {
      readiness: async () => ({ ready: true, database: 'ok', projections: [] }),
      catalogue: {
        search: createPostgresCatalogueSearch({ knex: db.knex, schema: db.schema }),
        queries,
        photos: carPhotoQueries({ knex: db.knex, schema: db.schema }),
      },
      media: {
        media,
        carPhotos: createCarPhotos({
          store,
          media,
          clock: () => new Date(),
          carListed: async (carId) => (await queries.car(carId)) !== undefined,
          limits: { maxBytes: 2_000_000, maxPixels: 6_000_000, minWidth: 200 },
        }),
      },
      security: {
        sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
        sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
        staffAccounts,
      },
    });
    await fastify.ready();
    let ip = 10;
    const signIn = async (role: 'content' | 'sales' | 'admin') => {
      await staffAccounts.create({
        email: `${role}@example.test`,
        name: role,
        password: PASSWORD,
        roles: [role],
      });
      return signedInStaff(fastify, { email: `${role}@example.test`, password: PASSWORD }, `10.0.0.${ip++}`);
    };
    content = await signIn('content');
    sales = await signIn('sales');
    admin = await signIn('admin');
    const found = await fastify.inject({ url: '/api/catalogue/search?country=FR&condition=used&pageSize=1' });
    car = (found.json() as SearchResult).cars[0]!;
  }, 240_000);

  afterAll(async () => {
    await fastify?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  const upload = async (browser: TestBrowser, bytes: Buffer, carId = car.carId, name = 'car.jpg') => {
    const body = multipart({}, { name, bytes, type: 'image/jpeg' });
    return browser.call({
      method: 'POST',
      url: `/admin/api/cars/${carId}/photos`,
      payload: body.payload,
      headers: { ...body.headers, 'x-csrf-token': await browser.csrf() },
    });
  };

  describe('given content staff', () => {
    it('when they upload a photo, then CarPhotoAdded by them, and the car page shows every size, each served immutable', async () => {
      const answer = await upload(content, await photo(1600, 1000, 10));
      expect(answer.statusCode, answer.body).toBe(201);
      const [added] = (answer.json() as { photos: { photoId: string; variants: unknown[] }[] }).photos;
      expect(added!.variants).toHaveLength(15);
      const events = await store.readStream(carPhotosStream(car.carId));
      expect(events.map((e) => e.type)).toEqual(['CarPhotoAdded']);
      expect((events[0]!.metadata as { actor: { kind: string; role: string } }).actor).toMatchObject({
        kind: 'staff',
        role: 'content',
      });

      await caughtUp();
      const page = await fastify.inject({
        url: generateUrl('car_detail.fr', { id: car.carId, slug: car.slug }),
      });
      expect(page.statusCode).toBe(200);
      const srcsets = [...page.body.matchAll(/srcSet="([^"]+)"/g)].map((m) => m[1]!);
      expect(srcsets.some((s) => s.includes('.avif 320w') && s.includes('.avif 1440w'))).toBe(true);
      expect(page.body).toMatch(/<img[^>]+srcSet="[^"]+\.jpg 320w/);
      expect(page.body).not.toContain(`/api/catalogue/cars/${car.carId}/picture.svg`);
      const urls = new Set(srcsets.flatMap((s) => s.split(', ').map((entry) => entry.split(' ')[0]!)));
      expect(urls.size).toBe(15);
      for (const url of urls) {
        const file = await fastify.inject({ url });
        expect(file.statusCode, url).toBe(200);
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.headers['content-type']).toMatch(/^image\/(avif|webp|jpeg)$/);
      }

      // The list card of the car shows its photo too.
      const list = await fastify.inject({
        url: `/api/catalogue/search?country=FR&condition=used&pageSize=1`,
      });
      expect((list.json() as SearchResult).cars[0]!.photo?.photoId).toBe(added!.photoId);
      // And image_index.
      const images = await fastify.inject({
        url: generateUrl('image_index.fr', { id: car.carId, slug: car.slug }),
      });
      expect(images.body).toContain(`/media/car-photos/${added!.photoId}-1440.jpg`);
    });

    it('when they send a text file named .jpg, a file over the limit or too many pixels, then 400 by the file field', async () => {
      const notImage = await upload(content, Buffer.from('definitely not a picture'));
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().fields).toEqual({ file: ['not_an_image'] });
      const huge = await upload(content, Buffer.concat([await photo(400, 300, 1), Buffer.alloc(2_100_000)]));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().fields).toEqual({ file: ['too_large'] });
      const pixels = await upload(content, await photo(3000, 2500, 2));
      expect(pixels.statusCode).toBe(400);
      expect(pixels.json().fields).toEqual({ file: ['too_many_pixels'] });
      expect((await upload(content, await photo(800, 500, 3), '999999999')).statusCode).toBe(404);
    });

    it('when they add a second photo, put it first and remove the other through the form without JavaScript, then each is an event and the page follows', async () => {
      const page = generateUrl('admin_image_upload.fr', { id: car.carId });
      const token = await content.csrf();
      const post = (fields: Record<string, string>, file?: Buffer) => {
        const body = multipart(
          { _csrf: token, ...fields },
          file ? { name: 'second.jpg', bytes: file } : undefined,
        );
        return content.call({ method: 'POST', url: page, payload: body.payload, headers: body.headers });
      };
      const uploaded = await post({ intent: 'upload' }, await photo(1200, 800, 200));
      expect(uploaded.statusCode, uploaded.body).toBe(303);
      expect(uploaded.headers.location).toBe(page);
      const list = async () =>
        (
          (await content.call({ url: `/admin/api/cars/${car.carId}/photos` })).json() as {
            photos: { photoId: string }[];
          }
        ).photos.map((p) => p.photoId);
      const [first, second] = await list();
      expect((await post({ intent: 'up', photoId: second! })).statusCode).toBe(303);
      expect(await list()).toEqual([second, first]);
      expect((await post({ intent: 'remove', photoId: first! })).statusCode).toBe(303);
      expect(await list()).toEqual([second]);
      const refused = await post({ intent: 'upload' }, Buffer.from('<html>nope</html>'));
      expect(refused.statusCode).toBe(303);
      const events = await store.readStream(carPhotosStream(car.carId));
      expect(events.map((e) => e.type)).toEqual([
        'CarPhotoAdded',
        'CarPhotoAdded',
        'CarPhotosReordered',
        'CarPhotoRemoved',
      ]);
      // The same form post without its token is refused.
      const forged = multipart({ intent: 'remove', photoId: second! });
      const noToken = await content.call({
        method: 'POST',
        url: page,
        payload: forged.payload,
        headers: forged.headers,
      });
      expect(noToken.statusCode).toBe(403);
    });

    it('when they reorder through the API with a photo missing, then 400', async () => {
      const answer = await content.call({
        method: 'PUT',
        url: `/admin/api/cars/${car.carId}/photos/order`,
        payload: { photoIds: [] },
        headers: { 'x-csrf-token': await content.csrf() },
      });
      expect(answer.statusCode).toBe(400);
    });

    it('then they and admins open image_index_bo', async () => {
      const url = generateUrl('image_index_bo.fr', { id: car.carId });
      expect((await content.call({ url })).statusCode).toBe(200);
      expect((await admin.call({ url })).statusCode).toBe(200);
    });
  });

  describe('given sales staff or a visitor', () => {
    it('then the photo API is refused (403, 401) and image_index_bo is not theirs (403, sign-in)', async () => {
      expect((await upload(sales, await photo(800, 500, 5))).statusCode).toBe(403);
      const visitor = testBrowser(fastify, '10.0.1.1');
      expect((await upload(visitor, await photo(800, 500, 5))).statusCode).toBe(401);
      const url = generateUrl('image_index_bo.fr', { id: car.carId });
      expect((await sales.call({ url })).statusCode).toBe(403);
      const away = await visitor.call({ url });
      expect(away.statusCode).toBe(302);
      expect(away.headers.location).toBe(`/admin/fr/sign-in?next=${encodeURIComponent(url)}`);
    });
  });
});
