import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedCar } from '../../domain/catalogue/feed/parseFeedRow.ts';
import { SAMPLE_CAR } from '../../domain/catalogue/feed/testing/feedSamples.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createPostgresAppendBatch } from '../../engine/catalogue/createPostgresAppendBatch.ts';
import { createImportStock } from '../../engine/catalogue/importStock.ts';
import { seedCatalogue } from '../../engine/catalogue/seedCatalogue.ts';
import { csvText, feedTable, xlsxBytes } from '../../engine/catalogue/testing/feedFiles.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createPostgresEventStore } from '../../engine/postgres/createPostgresEventStore.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { catalogueProjection } from '../../projections/catalogue/catalogueProjection.ts';
import { createCurrentStockReader } from '../../projections/catalogue/currentStockReader.ts';
import { stockImportQueries } from '../../projections/catalogue/stockImportQueries.ts';
import { stockImportsProjection } from '../../projections/catalogue/stockImportsProjection.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { adminImportApi } from './adminImportApi.ts';

const B: FeedCar = { ...SAMPLE_CAR, reference: 'LYO-0002', model: 'captur', price: 2_150_000 };
const feed = feedTable([SAMPLE_CAR, B], { 1: { price: 'abc' } });

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: { name: string; filename?: string; content: string | Uint8Array }[]) {
  const boundary = '----feed-boundary-7d93';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('staff API for stock imports', () => {
  let db: TestDatabase;
  let store: EventStore;
  let runner: ProjectionRunner;
  let app: FastifyInstance;
  let ids = 0;
  const staff = { 'x-test-staff': 'yes' };
  const settle = async () => {
    await allEventsVisible(db.knex, db.schema);
    await runner.caughtUp();
  };
  const upload = (
    file: { filename?: string; content: string | Uint8Array } | undefined,
    options: { url?: string; headers?: Record<string, string>; fields?: Record<string, string> } = {},
  ) => {
    const body = multipart([
      ...Object.entries(options.fields ?? {}).map(([name, content]) => ({ name, content })),
      ...(file ? [{ name: 'file', ...file }] : []),
    ]);
    return app.inject({
      method: 'POST',
      url: options.url ?? '/admin/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...staff, ...options.headers },
    });
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    store = await createPostgresEventStore({ knex: db.knex, schema: db.schema, pollIntervalMs: 20 });
    runner = createProjectionRunner({
      knex: db.knex,
      store,
      schema: db.schema,
      projections: [catalogueProjection, stockImportsProjection],
    });
    await runner.start();
    await seedCatalogue(store, { dealers: FIXTURE_DEALERS, cars: [] });
    await settle();
    const queries = stockImportQueries({ knex: db.knex, schema: db.schema });
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(adminImportApi, {
      importStock: createImportStock({
        store,
        currentStock: createCurrentStockReader({ knex: db.knex, schema: db.schema }),
        appendBatch: createPostgresAppendBatch({ knex: db.knex, schema: db.schema }),
      }),
      listImports: queries.listImports,
      getImport: queries.getImport,
      clock: () => new Date('2026-11-21T09:30:00Z'),
      newId: () => `http-${++ids}`,
      guard: async (request, reply) => {
        if (request.headers['x-test-staff'] !== 'yes') {
          await reply.status(403).send({ error: 'forbidden', message: 'staff only' });
        }
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await runner?.stop();
    await store?.close();
    await db?.close();
  });

  it('given a CSV upload with a bad line, then 201 with the report: the good car listed, the bad line by number', async () => {
    const response = await upload({ filename: 'lyon.csv', content: csvText(feed) });
    expect(response.statusCode).toBe(201);
    expect(response.headers.location).toBe('/admin/api/imports/http-1');
    expect(response.json()).toMatchObject({
      importId: 'http-1',
      at: '2026-11-21T09:30:00.000Z',
      fileName: 'lyon.csv',
      format: 'csv',
      dealers: ['11'],
      counts: { rows: 2, listed: 1, rejected: 1 },
      rejections: [
        { line: 3, field: 'price', message: 'must be a number', dealerId: '11', reference: 'LYO-0002' },
      ],
    });
  });

  it('given the same stock as XLSX under a name without extension and format=xlsx, then nothing changes', async () => {
    const response = await upload(
      { filename: 'export', content: await xlsxBytes(feed) },
      { url: '/admin/api/imports?format=xlsx' },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      format: 'xlsx',
      counts: { listed: 0, unchanged: 1, rejected: 1 },
    });
  });

  it('given an Idempotency-Key sent twice, then the second upload answers the first import', async () => {
    const first = await upload(
      { filename: 'lyon.csv', content: csvText(feed) },
      { headers: { 'idempotency-key': 'retry-1' } },
    );
    const second = await upload(
      { filename: 'other.csv', content: csvText(feed) },
      { headers: { 'idempotency-key': 'retry-1' } },
    );
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
  });

  it.each([
    ['no file part', undefined, /file: is missing/],
    ['an empty file', { filename: 'lyon.csv', content: '' }, /file: is empty/],
    ['an unsupported file', { filename: 'lyon.pdf', content: '%PDF-1.4' }, /name it .csv or .xlsx/],
    ['a file without a valid header', { filename: 'lyon.csv', content: 'a,b\n1,2\n' }, /missing column/],
    ['a CSV named .xlsx', { filename: 'lyon.xlsx', content: csvText(feed) }, /not an XLSX workbook/],
  ])('given %s, then 400 with a clear message', async (_label, file, message) => {
    const response = await upload(file);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(message);
  });

  it('given a request that is not multipart, then 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/api/imports',
      payload: { file: 'x' },
      headers: staff,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.file[0]).toMatch(/multipart\/form-data/);
  });

  it('given a month, then its imports newest first; a bad month is 400; the default is the current month', async () => {
    await settle();
    const list = await app.inject({
      method: 'GET',
      url: '/admin/api/imports?yearMonth=2026-11',
      headers: staff,
    });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((i: { importId: string }) => i.importId)
        .sort(),
    ).toEqual(['http-1', 'http-2', 'retry-1']);
    expect(list.json()[0]).not.toHaveProperty('rejections');
    const byDefault = await app.inject({ method: 'GET', url: '/admin/api/imports', headers: staff });
    expect(byDefault.json()).toEqual(list.json());
    expect(
      (
        await app.inject({ method: 'GET', url: '/admin/api/imports?yearMonth=2026-10', headers: staff })
      ).json(),
    ).toEqual([]);
    for (const bad of ['2026-13', '26-11', 'november']) {
      const response = await app.inject({
        method: 'GET',
        url: `/admin/api/imports?yearMonth=${bad}`,
        headers: staff,
      });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('given an import id, then the import with its rejected lines; unknown → 404', async () => {
    const found = await app.inject({ method: 'GET', url: '/admin/api/imports/http-1', headers: staff });
    expect(found.statusCode).toBe(200);
    expect(found.json().rejections).toEqual([
      { line: 3, field: 'price', message: 'must be a number', dealerId: '11', reference: 'LYO-0002' },
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/admin/api/imports/nope', headers: staff })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/admin/api/imports/a%20b', headers: staff })).statusCode,
    ).toBe(404);
  });

  it('given no staff member, then the guard answers 403 on every route and nothing is imported', async () => {
    await settle();
    const before = await app.inject({
      method: 'GET',
      url: '/admin/api/imports?yearMonth=2026-11',
      headers: staff,
    });
    const anonymous = { 'x-test-staff': 'no' };
    const responses = [
      await upload({ filename: 'lyon.csv', content: csvText(feed) }, { headers: anonymous }),
      await app.inject({ method: 'GET', url: '/admin/api/imports?yearMonth=2026-11', headers: anonymous }),
      await app.inject({ method: 'GET', url: '/admin/api/imports/http-1', headers: anonymous }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    await settle();
    const after = await app.inject({
      method: 'GET',
      url: '/admin/api/imports?yearMonth=2026-11',
      headers: staff,
    });
    expect(after.json()).toEqual(before.json());
  });
});
