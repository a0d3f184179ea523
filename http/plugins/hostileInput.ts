/**
 * Bytes no field of ours may hold, refused at the edge before any route runs, so they never reach a
 * store (PostgreSQL refuses a NUL in text; UTF-8 cannot carry a lone surrogate): in the path and the
 * query string, invalid percent-encoding or UTF-8 and control characters; in a parsed body's texts and
 * keys, a NUL, a lone surrogate, the replacement character an invalid UTF-8 byte decodes to, and control
 * characters other than tab and line breaks. The answer is 400 with the field (a form posted without
 * JavaScript goes back to its page with the message by the field: formPosts.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ValidationError } from '../../domain/errors.ts';

/** C0 controls, DEL and C1 controls: never in an address. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** In a text field: controls but tab, line feed and carriage return; lone surrogates; U+FFFD. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDFFF]|\uFFFD/u;

const NOT_IN_ADDRESS = 'must not contain control characters or bytes that are not UTF-8';
const NOT_IN_TEXT = 'must not contain control characters or characters that are not valid text';

/** The decoded text of one part of an address, or undefined when it is not valid percent-encoded UTF-8. */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** The field of the address that holds bad bytes (`url` for the path, the parameter's name), if any. */
export function hostileInAddress(url: string): string | undefined {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? '' : url.slice(at + 1);
  for (const segment of path.split('/')) {
    const text = decoded(segment);
    if (text === undefined || CONTROL.test(text)) return 'url';
  }
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [rawName = '', ...rest] = pair.split('=');
    const name = decoded(rawName);
    if (name === undefined || CONTROL.test(name)) return 'querystring';
    const value = decoded(rest.join('='));
    if (value === undefined || CONTROL.test(value)) return `querystring.${name}`;
  }
  return undefined;
}

/**
 * The path (`a.0.b`, as a form's field is named; `body` for the body itself) of the first text or key in
 * `value` holding what no text field may hold.
 */
export function hostileInBody(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return NOT_TEXT.test(value) ? path || 'body' : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (NOT_TEXT.test(key)) return path || 'body';
    const found = hostileInBody(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const hostileInput = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const field = hostileInAddress(request.url);
      if (field) throw ValidationError.field(field, NOT_IN_ADDRESS);
    });
    app.addHook('preValidation', async (request) => {
      const field = hostileInBody(request.body);
      if (field) throw ValidationError.field(field, NOT_IN_TEXT);
    });
  },
  { name: 'hostile-input' },
);
