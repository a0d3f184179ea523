/**
 * Compressed answers (a phone on a slow network downloads a fifth of the bytes): every answer of a
 * compressible type (HTML, JSON, XML, text; not images, spreadsheets or anything already encoded) of at
 * least 1 kB goes out in brotli or gzip, as the request's `Accept-Encoding` prefers, with
 * `Vary: accept-encoding` (@fastify/compress, registered before any route so its hook reaches them all).
 * An answer that already has a `Content-Encoding` is left as it is: the browser bundle's files, compressed
 * at build time (vite.config.ts) and served as they are by @fastify/static, and the pages of the page
 * cache, compressed once per kept page and encoding (`encodedBodies` and `sendEncoded`, used by the SSR
 * plugin; the copies live as long as the page and weigh about a tenth of it each).
 *
 * Brotli at quality 5: 1–2 ms for a 100 kB page, within a few percent of quality 9 (ten times slower);
 * quality 11 is for files compressed once, at build time. Request bodies are not decompressed, as before.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The encodings answers may have, the server's preference first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS = { level: 6 };
/** Below this, compression saves less than a packet. */
const THRESHOLD = 1024;

export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: [...ENCODINGS],
      threshold: THRESHOLD,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
  },
  { name: 'compression' },
);

/**
 * The encoding to answer `accept-encoding` with: the first of ENCODINGS the client accepts (q > 0;
 * `*` accepts any not named), or `identity`.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let best: Encoding | undefined;
  for (const encoding of ENCODINGS) {
    if (weight(encoding) > 0 && (!best || weight(encoding) > weight(best))) best = encoding;
  }
  return best ?? 'identity';
}

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      ...BROTLI_OPTIONS,
      params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, GZIP_OPTIONS),
};

/** A page's body in each encoding asked for so far, made once (off the event loop) and kept with it. */
export interface EncodedBodies {
  /**
   * The body in `encoding` (the first call for an encoding compresses; later ones share its result), or
   * as it is (`identity`) when it is too small to gain anything.
   */
  get(encoding: Encoding | 'identity'): Promise<{ body: Buffer; encoding: Encoding | 'identity' }>;
}

export function encodedBodies(text: string): EncodedBodies {
  const identity = { body: Buffer.from(text), encoding: 'identity' as const };
  const made = new Map<Encoding, Promise<{ body: Buffer; encoding: Encoding }>>();
  return {
    get(encoding) {
      if (encoding === 'identity' || identity.body.length < THRESHOLD) return Promise.resolve(identity);
      let encoded = made.get(encoding);
      if (!encoded) {
        encoded = compressors[encoding](identity.body).then((body) => ({ body, encoding }));
        // A failure is not kept: the next request tries again.
        encoded.catch(() => made.delete(encoding));
        made.set(encoding, encoded);
      }
      return encoded;
    },
  };
}

/**
 * Sends `bodies` in the encoding the request accepts, with its `Content-Encoding` (so the compression
 * hook leaves it alone) and `Vary: accept-encoding` (the answer depends on it, whatever the encoding).
 */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  bodies: EncodedBodies,
): Promise<FastifyReply> {
  const { body, encoding } = await bodies.get(negotiateEncoding(request.headers['accept-encoding']));
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, accept-encoding`);
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
