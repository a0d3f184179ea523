import Fastify, { type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { WrongExpectedVersionError } from '../../engine/eventStoreErrors.ts';
import { SearchUnavailableError } from '../../engine/search/catalogueSearch.ts';
import { errorHandler } from './errorHandler.ts';
import { zodTypeProvider } from './zodTypeProvider.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cars',
    { schema: { body: z.object({ brand: z.string().min(2), price: z.number().int().positive() }) } },
    async (request) => ({ ok: request.body.brand }),
  );
  app.get('/throw/:kind', { schema: { params: z.object({ kind: z.string() }) } }, async (request) => {
    switch (request.params.kind) {
      case 'validation':
        throw new ValidationError('the booking is not valid', { email: ['is not an email'] });
      case 'not-found':
        throw new NotFoundError('car 12 not found', { id: '12' });
      case 'conflict':
        throw new ConflictError('car 12 is held', { allowed: ['cancel'] });
      case 'illegal':
        throw new IllegalStateError('purchase is confirmed', { allowed: [] });
      case 'search-down':
        throw new SearchUnavailableError('meilisearch is unavailable', {
          cause: new Error('ECONNREFUSED 10.0.0.7'),
        });
      case 'revision':
        throw new WrongExpectedVersionError('car-12', 3n, 4n);
      default:
        throw new Error('database password is hunter2');
    }
  });
};

describe('the error handler', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(zodTypeProvider);
    await app.register(errorHandler);
    await app.register(routes);
    await app.ready();
  });
  afterAll(() => app.close());

  it('given a body that breaks the schema, then 400 with a message per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/cars', payload: { brand: 'B', price: -3 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('validation');
    expect(Object.keys(body.fields).sort()).toEqual(['body.brand', 'body.price']);
  });

  it('given malformed JSON, then 400 without internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/cars',
      headers: { 'content-type': 'application/json' },
      payload: '{"brand":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it.each([
    ['validation', 400, { error: 'validation', fields: { email: ['is not an email'] } }],
    ['not-found', 404, { error: 'not_found', id: '12' }],
    ['conflict', 409, { error: 'conflict', allowed: ['cancel'] }],
    ['illegal', 409, { error: 'illegal_state', allowed: [] }],
    ['revision', 409, { error: 'conflict', stream: 'car-12', expected: '3', actual: '4' }],
  ])('given a %s domain error, then %i with its details', async (kind, status, body) => {
    const response = await app.inject({ method: 'GET', url: `/throw/${kind}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(body);
  });

  it('given a bug, then 500 with a request id and nothing of the internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/throw/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.json()).toMatchObject({ error: 'internal', requestId: expect.any(String) });
  });

  it('given an unknown route, then a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'no route for GET /nowhere' });
  });

  it('given the search engine down, then 503 with Retry-After and nothing about the host', async () => {
    const response = await app.inject({ method: 'GET', url: '/throw/search-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error).toBe('unavailable');
    expect(response.body).not.toContain('10.0.0.7');
  });
});
