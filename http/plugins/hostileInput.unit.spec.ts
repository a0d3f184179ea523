import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errorHandler.ts';
import { hostileInAddress, hostileInBody, hostileInput } from './hostileInput.ts';

describe('hostile input', () => {
  describe('given an address', () => {
    it.each([
      ['/fr/acheter/getcarpurchase/12', undefined],
      ['/fr/acheter?facet=%C3%A9lectrique&page=2', undefined],
      ['/pl/kup?q=za%C5%BC%C3%B3%C5%82%C4%87+g%C4%99%C5%9Bl%C4%85', undefined],
      ['/fr/acheter/getcarpurchase/%00', 'url'],
      ['/fr/acheter/getcarpurchase/1%0A2', 'url'],
      ['/fr/acheter/%C3%28', 'url'],
      ['/fr/acheter/%ED%A0%80', 'url'],
      ['/fr/acheter/%', 'url'],
      ['/fr/acheter?page=%00', 'querystring.page'],
      ['/fr/acheter?page=%E9', 'querystring.page'],
      ['/fr/acheter?%00=1', 'querystring'],
    ])('when it is %s, then the field refused is %s', (url, field) => {
      expect(hostileInAddress(url)).toBe(field);
    });
  });

  describe('given a parsed body', () => {
    it.each([
      [{ message: 'Bonjour,\r\n\tje voudrais 🚗 ?' }, undefined],
      [{ email: 'a\u0000@b.fr' }, 'email'],
      [{ person: { names: ['Zoë', 'x\u001bb'] } }, 'person.names.1'],
      [{ note: 'broken \uFFFD byte' }, 'note'],
      [{ note: 'lone \uD800' }, 'note'],
      [{ 'k\u0000': 'v' }, 'body'],
      ['raw\u0000', 'body'],
      [Buffer.from([0, 1, 2]), undefined],
    ])('when it is %j, then the field refused is %s', (body, field) => {
      expect(hostileInBody(body)).toBe(field);
    });
  });

  describe('given the app', () => {
    let app: FastifyInstance;
    let reached = 0;
    beforeAll(async () => {
      app = Fastify();
      await app.register(errorHandler);
      await app.register(hostileInput);
      app.get('/cars/:id', async () => {
        reached++;
        return { ok: true };
      });
      app.post('/leads', async () => {
        reached++;
        return { ok: true };
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it('when a path holds a NUL, then 400 by the field and the route never runs', async () => {
      const answer = await app.inject({ url: '/cars/12%00' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', fields: { url: [expect.any(String)] } });
      expect(reached).toBe(0);
    });

    it('when a JSON body holds a NUL or a lone surrogate, then 400 by the field, the route never runs', async () => {
      for (const payload of ['{"message":"a\\u0000b"}', '{"message":"\\ud800"}']) {
        const answer = await app.inject({
          method: 'POST',
          url: '/leads',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().fields).toEqual({ message: [expect.any(String)] });
      }
      expect(reached).toBe(0);
    });

    it('when a JSON body holds bytes that are not UTF-8, then 400', async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/leads',
        headers: { 'content-type': 'application/json' },
        payload: Buffer.concat([Buffer.from('{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
      });
      expect(answer.statusCode).toBe(400);
      expect(reached).toBe(0);
    });

    it('when everything is text, then the route answers', async () => {
      expect((await app.inject({ url: '/cars/12?page=2' })).statusCode).toBe(200);
      expect(reached).toBe(1);
    });
  });
});
