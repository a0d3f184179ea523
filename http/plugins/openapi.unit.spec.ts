/**
 * The OpenAPI document is generated from the routes' zod schemas: a route with a schema is listed with
 * its body's fields, a route without one (a page) is not, and the explorer is served.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DOCS_PREFIX, openApi } from './openapi.ts';
import { zodTypeProvider } from './zodTypeProvider.ts';

describe('OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(openApi);
    app.withTypeProvider<ZodTypeProvider>().post(
      '/fr/acheter/ajax/check-email',
      {
        schema: {
          body: z.object({ email: z.email() }),
          response: { 200: z.object({ known: z.boolean() }) },
        },
      },
      async () => ({ known: false }),
    );
    app.get('/fr/*', async () => 'a page');
    await app.ready();
  });
  afterAll(() => app.close());

  it('given a route with a zod schema, when the document is read, then it lists the route with its body fields', async () => {
    const response = await app.inject(`${DOCS_PREFIX}/json`);
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const operation = document.paths['/fr/acheter/ajax/check-email']?.post;
    expect(operation).toBeDefined();
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['email']);
    expect(Object.keys(operation.responses)).toEqual(['200']);
  });

  it('given a route without a schema (a page), then it is not in the document', async () => {
    const document = (await app.inject(`${DOCS_PREFIX}/json`)).json();
    expect(Object.keys(document.paths)).not.toContain('/fr/*');
    expect(Object.keys(document.paths).some((path) => path.startsWith(DOCS_PREFIX))).toBe(false);
  });

  it('when the explorer is opened, then an HTML page answers', async () => {
    const response = await app.inject(`${DOCS_PREFIX}/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});
