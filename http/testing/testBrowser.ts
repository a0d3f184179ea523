/**
 * Test helper: a browser over `fastify.inject` that keeps the session cookie between calls, from one
 * client address (loopback addresses only; inject opens no socket anyway).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../plugins/session.ts';

export interface TestBrowser {
  call(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Fetches a CSRF token (GET /api/csrf), which starts the session. */
  csrf(): Promise<string>;
  readonly sid: string | undefined;
  forget(): void;
}

export function testBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1'): TestBrowser {
  let sid: string | undefined;
  const browser: TestBrowser = {
    async call(options) {
      const response = await app.inject({
        remoteAddress,
        ...options,
        cookies: { ...(sid ? { [SESSION_COOKIE]: sid } : {}), ...options.cookies },
      });
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      if (cookie) sid = cookie.value || undefined;
      return response;
    },
    async csrf() {
      const response = await browser.call({ method: 'GET', url: '/api/csrf' });
      return (response.json() as { token: string }).token;
    },
    get sid() {
      return sid;
    },
    forget() {
      sid = undefined;
    },
  };
  return browser;
}

/** A browser with a staff member signed in through the sign-in API; throws when the sign-in is refused. */
export async function signedInStaff(
  app: FastifyInstance,
  credentials: { readonly email: string; readonly password: string },
  remoteAddress: string,
): Promise<TestBrowser> {
  const browser = testBrowser(app, remoteAddress);
  const signIn = await browser.call({
    method: 'POST',
    url: '/admin/api/session',
    payload: credentials,
    headers: { 'x-csrf-token': await browser.csrf() },
  });
  if (signIn.statusCode !== 200) throw new Error(`staff sign-in: ${signIn.statusCode} ${signIn.body}`);
  return browser;
}

/** A browser with a new buyer signed up (so signed in) through the funnels' sign-up call; throws when refused. */
export async function signedUpBuyer(
  app: FastifyInstance,
  email: string,
  remoteAddress: string,
): Promise<TestBrowser> {
  const browser = testBrowser(app, remoteAddress);
  const signUp = await browser.call({
    method: 'POST',
    url: '/fr/acheter/ajax/login/sign-up',
    payload: {
      email,
      password: 'a long enough passphrase',
      firstName: 'Camille',
      lastName: 'Martin',
      consents: { terms: true },
    },
    headers: { 'x-csrf-token': await browser.csrf() },
  });
  if (signUp.statusCode !== 201) throw new Error(`buyer sign-up: ${signUp.statusCode} ${signUp.body}`);
  return browser;
}
