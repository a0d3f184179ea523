/**
 * A buyer's browser over real HTTP for the e2e suites: plain `fetch` with a tiny cookie jar (name=value
 * pairs from `set-cookie`; the site sets only host-wide `Path=/` cookies, so no domain or path matching),
 * the session's CSRF token (`GET /api/csrf`, sent as `x-csrf-token`, taken again from a sign-in/up
 * answer), and an `x-forwarded-for` address of its own: the site runs with TRUST_PROXY=loopback so each
 * buyer has its own rate-limit counters (sign-up: 10 per 10 minutes per client IP), as behind a proxy.
 */
import { expect } from 'vitest';

// biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read by the assertions that check it.
export type Json = any;

export interface HttpAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON body (undefined when the body is not JSON). */
  readonly body: Json;
  readonly text: string;
}

export interface HttpBuyer {
  get(path: string): Promise<HttpAnswer>;
  /** A JSON POST with the CSRF token; `body` undefined sends no body at all. */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpAnswer>;
  /** `get` or `post` that must answer `status`: the JSON body. */
  ok(answer: Promise<HttpAnswer>, status?: number): Promise<Json>;
  /** Signs up at `/{locale}/{buy}/{ajax}/login/sign-up` and keeps the new CSRF token; the customer id. */
  signUp(email: string, options?: { locale?: string; booking?: boolean }): Promise<string>;
  /**
   * Opens the sandbox checkout of `checkoutUrl`, presses "Pay" or "Fail" (a form POST with the page's
   * CSRF field, as the browser does) and follows the 303: the page's path and its JSON.
   */
  checkout(checkoutUrl: string, outcome?: 'pay' | 'fail'): Promise<{ location: string; page: Json }>;
  readonly cookies: ReadonlyMap<string, string>;
}

const BUY: Record<string, string> = { fr: 'acheter', de: 'kaufen', pl: 'kup' };
export const PASSWORD = 'a long enough passphrase';

let buyers = 0;

/** A fresh browser (no cookies) on the site at `baseUrl`. */
export function httpBuyer(baseUrl: string): HttpBuyer {
  const jar = new Map<string, string>();
  const ip = `10.77.${Math.floor(++buyers / 250)}.${(buyers % 250) + 1}`;
  let token: string | undefined;

  async function send(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> },
  ) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, baseUrl), {
      method,
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}), ...init.headers },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    let body: Json;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, text };
  }

  const csrf = async () => {
    if (!token) {
      const answer = await send('GET', '/api/csrf', {});
      if (answer.status !== 200) throw new Error(`GET /api/csrf: ${answer.status} ${answer.text}`);
      token = answer.body.token as string;
    }
    return token;
  };

  const self: HttpBuyer = {
    cookies: jar,
    // A JSON client: the screens' paths answer JSON to it (a browser gets the page).
    get: (path) => send('GET', path, { headers: { accept: 'application/json' } }),
    async post(path, body, headers = {}) {
      const json: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      return send('POST', path, {
        headers: { 'x-csrf-token': await csrf(), ...json, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
    async ok(pending, status = 200) {
      const answer = await pending;
      expect(answer.status, answer.text).toBe(status);
      return answer.body;
    },
    async signUp(email, { locale = 'fr', booking = false } = {}) {
      const path = `/${locale}/${BUY[locale]}/${booking ? 'ajax-booking' : 'ajax'}/login/sign-up`;
      const body = {
        email,
        password: PASSWORD,
        firstName: 'Camille',
        lastName: 'Martin',
        consents: { terms: true },
      };
      const answer = await self.post(path, body);
      if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.text}`);
      // A new session id and CSRF secret: the answer carries the new token.
      token = answer.body.csrfToken;
      return answer.body.customer.customerId as string;
    },
    async checkout(checkoutUrl, outcome = 'pay') {
      const path = new URL(checkoutUrl).pathname;
      const page = await send('GET', path, {});
      if (page.status !== 200) throw new Error(`checkout page ${path}: ${page.status}`);
      const field = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1];
      if (!field) throw new Error(`checkout page ${path} has no _csrf field:\n${page.text}`);
      const pressed = await send('POST', `${path}/${outcome}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: field }).toString(),
      });
      if (pressed.status !== 303) throw new Error(`checkout ${outcome}: ${pressed.status} ${pressed.text}`);
      const location = new URL(pressed.headers.get('location') ?? '', baseUrl).pathname;
      return { location, page: await self.ok(self.get(location)) };
    },
  };
  return self;
}
