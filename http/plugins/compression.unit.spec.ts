import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedBodies, negotiateEncoding } from './compression.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
  ] as const)('given Accept-Encoding %j, then %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('encodedBodies', () => {
  const page = `<!DOCTYPE html><html><body>${'<p>Une voiture d’occasion</p>'.repeat(200)}</body></html>`;

  it('given a page, then each encoding compresses it once and decodes back to it', async () => {
    const bodies = encodedBodies(page);
    const [br, again, gzip, identity] = await Promise.all([
      bodies.get('br'),
      bodies.get('br'),
      bodies.get('gzip'),
      bodies.get('identity'),
    ]);
    expect(br.encoding).toBe('br');
    expect(again.body).toBe(br.body);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect(identity).toEqual({ body: Buffer.from(page), encoding: 'identity' });
  });

  it('given a body under 1 kB, then it goes as it is whatever the request accepts', async () => {
    const small = await encodedBodies('<p>Bonjour</p>').get('br');
    expect(small).toEqual({ body: Buffer.from('<p>Bonjour</p>'), encoding: 'identity' });
  });
});
