/**
 * A stock feed with a `photos` column on a real database, its URLs served by a local HTTP server inside
 * the test: the good URLs become photos of their cars (events with the import as source), a missing
 * file, a text file, a slow answer and a non-URL are warnings of their lines while the cars are
 * imported; the same feed again adds nothing.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carStream } from '../../domain/catalogue/car.ts';
import { carPhotosStream } from '../../domain/catalogue/carPhotos.ts';
import { feedCarId } from '../../domain/catalogue/feed/feedCarId.ts';
import type { FeedCar } from '../../domain/catalogue/feed/parseFeedRow.ts';
import { SAMPLE_CAR } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createImportStock } from '../../engine/catalogue/importStock.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import { csvText, feedTable } from '../../engine/catalogue/testing/feedFiles.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createCarPhotos } from '../../engine/media/createCarPhotos.ts';
import { createMediaStorage } from '../../engine/media/createMediaStorage.ts';
import { createFetchPhoto } from '../../engine/media/fetchPhoto.ts';
import { createImportFeedPhotos } from '../../engine/media/importFeedPhotos.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../catalogue/catalogueProjection.ts';
import { createCurrentStockReader } from '../catalogue/currentStockReader.ts';
import { createProjectionRunner, type ProjectionRunner } from '../createProjectionRunner.ts';
import { FIXTURE_DEALERS } from '../search/contract/searchFixture.ts';

const A: FeedCar = SAMPLE_CAR;
const B: FeedCar = { ...SAMPLE_CAR, reference: 'LYO-0002', model: 'captur', body: 'suv', price: 2_150_000 };

describe('stock feed photos fetched from their URLs', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let server: Server;
  let base: string;
  let mediaDir: string;
  let fetched: string[];

  beforeAll(async () => {
    const red = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#c03' } })
      .jpeg()
      .toBuffer();
    const blue = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#03c' } })
      .png()
      .toBuffer();
    fetched = [];
    server = createServer((request, response) => {
      fetched.push(request.url ?? '');
      if (request.url === '/red.jpg') return response.end(red);
      if (request.url === '/blue.png') return response.end(blue);
      if (request.url === '/notes.jpg') return response.end('these are not the photos');
      if (request.url === '/slow.jpg') {
        setTimeout(() => response.end(red), 3000);
        return;
      }
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection],
    });
    await runner.start();
    await seedCatalogue(store, { dealers: FIXTURE_DEALERS, cars: [] });
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
    mediaDir = await mkdtemp(join(tmpdir(), 'feed-photos-'));
  }, 120_000);

  afterAll(async () => {
    server?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('given lines with good and bad photo URLs, then the good ones are the cars’ photos and the bad ones warnings', async () => {
    const media = createMediaStorage({ kind: 'local', dir: mediaDir });
    const carPhotos = createCarPhotos({
      store,
      media,
      clock: () => new Date('2026-11-21T10:00:00Z'),
      carListed: async (carId) => (await store.readStream(carStream(carId)).catch(() => [])).length > 0,
    });
    const importStock = createImportStock({
      store,
      currentStock: createCurrentStockReader({ knex: db.knex, schema: db.schema }),
      photos: createImportFeedPhotos({
        carPhotos,
        fetchPhoto: createFetchPhoto({ timeoutMs: 1000, maxBytes: 1_000_000 }),
      }),
    });
    const feed = csvText(
      feedTable([A, B], {
        0: { photos: `${base}/red.jpg|${base}/blue.png` },
        1: {
          photos: `${base}/missing.jpg | ${base}/notes.jpg|${base}/slow.jpg|ftp://x.test/a.jpg|${base}/red.jpg`,
        },
      }),
    );
    const run = (importId: string) =>
      importStock({
        importId,
        at: new Date('2026-11-21T10:00:00Z'),
        fileName: 'stock.csv',
        content: new TextEncoder().encode(feed),
      });
    const report = await run('feed-photos-1');
    expect(report.counts.listed).toBe(2);
    expect(report.counts.rejected).toBe(0);
    expect(report.photosAdded).toBe(3);
    expect(report.warnings?.map((w) => [w.line, w.field, w.reference])).toEqual([
      [3, 'photos', 'LYO-0002'],
      [3, 'photos', 'LYO-0002'],
      [3, 'photos', 'LYO-0002'],
      [3, 'photos', 'LYO-0002'],
    ]);
    const messages = report.warnings!.map((w) => w.message).join('\n');
    expect(messages).toContain('missing.jpg answered 404');
    expect(messages).toContain('notes.jpg: not_an_image');
    expect(messages).toContain('slow.jpg took over 1000 ms');
    expect(messages).toContain('not an http(s) URL: ftp://x.test/a.jpg');

    const photosOf = async (car: FeedCar) =>
      (await store.readStream(carPhotosStream(feedCarId(car.dealerId, car.reference)))).map((e) => ({
        type: e.type,
        source: (e.data as { source: unknown }).source,
        url: (e.data as { photo: { sourceUrl: string } }).photo.sourceUrl,
      }));
    expect(await photosOf(A)).toEqual([
      {
        type: 'CarPhotoAdded',
        source: { kind: 'import', importId: 'feed-photos-1' },
        url: `${base}/red.jpg`,
      },
      {
        type: 'CarPhotoAdded',
        source: { kind: 'import', importId: 'feed-photos-1' },
        url: `${base}/blue.png`,
      },
    ]);
    expect((await photosOf(B)).map((p) => p.url)).toEqual([`${base}/red.jpg`]);

    // Another import of the same feed fetches only what failed, and adds nothing new.
    fetched.length = 0;
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
    const again = await run('feed-photos-2');
    expect(again.photosAdded).toBe(0);
    expect(fetched.filter((url) => url === '/red.jpg' || url === '/blue.png')).toEqual([]);
    expect((await photosOf(A)).length).toBe(2);
  }, 60_000);
});
