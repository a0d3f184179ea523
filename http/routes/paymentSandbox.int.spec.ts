/**
 * The sandbox checkout over HTTP with sessions and CSRF, its webhook sent over HTTP to the webhook route
 * (the sandbox's `fetch` is Fastify's inject), on a real database (DATABASE_URL or the embedded PGlite).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../domain/payment/paymentEvent.ts';
import { createPaymentWebhookReceiver } from '../../engine/providers/payment/createPaymentWebhookReceiver.ts';
import {
  createSandboxPayments,
  type SandboxPayments,
} from '../../engine/providers/payment/createSandboxPayments.ts';
import { signWebhook } from '../../engine/providers/payment/webhookSignature.ts';
import { openTestDatabase, type TestDatabase } from '../../engine/testing/testDatabase.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { security } from '../plugins/security.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import { paymentSandboxRoutes } from './paymentSandbox.ts';
import { PAYMENT_WEBHOOK_PATH, paymentWebhookRoute } from './paymentWebhook.ts';

const SECRET = 'whsec_http_test_secret';
const eur = (amount: number) => ({ amount, currency: 'EUR' as const });

describe('payment sandbox over HTTP', () => {
  let db: TestDatabase;
  let fastify: FastifyInstance;
  let sandbox: SandboxPayments;
  const handled: PaymentEvent[] = [];
  const refusals: unknown[] = [];
  let seq = 0;

  beforeAll(async () => {
    db = await openTestDatabase();
    fastify = Fastify({ logger: false });
    const receiver = createPaymentWebhookReceiver({
      knex: db.knex,
      schema: db.schema,
      secrets: SECRET,
      onPaymentEvent: async (event) => void handled.push(event),
      log: { warn: (details) => void refusals.push(details) },
    });
    sandbox = createSandboxPayments({
      knex: db.knex,
      schema: db.schema,
      publicUrl: 'https://shop.test',
      webhook: { secret: SECRET, url: `https://shop.test${PAYMENT_WEBHOOK_PATH}` },
      newId: () => `n${++seq}`,
      // The webhook goes through the app's own HTTP stack.
      fetch: (async (url: string, init: RequestInit) => {
        const answer = await fastify.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers: init.headers as Record<string, string>,
          payload: init.body as string,
        });
        return new Response(answer.body, { status: answer.statusCode });
      }) as typeof fetch,
    });
    await fastify.register(zodTypeProvider);
    await fastify.register(errorHandler);
    await fastify.register(security, {
      sessionSecret: 'a-test-secret-that-is-long-enough-for-the-cookie-signer',
    });
    // Webhooks go to the URL at once: the courier has nothing held to carry.
    await fastify.register(paymentSandboxRoutes, { sandbox, courier: { flush: async () => 0 } });
    await fastify.register(paymentWebhookRoute, { receiver });
  });
  afterAll(async () => {
    await fastify?.close();
    await db?.close();
  });

  const create = (paymentId: string, locale: string, amount = 50_000, description = 'Acompte, achat 42') =>
    sandbox.createPayment({
      paymentId,
      amount: locale === 'pl' ? { amount, currency: 'PLN' } : eur(amount),
      description,
      successUrl: `https://shop.test/${locale}/ok`,
      failureUrl: `https://shop.test/${locale}/ko`,
      metadata: { purchaseId: '42', locale },
    });
  const open = async (paymentId: string) => {
    const page = await fastify.inject({ method: 'GET', url: `/sandbox/checkout/${paymentId}` });
    const set = page.headers['set-cookie'];
    const cookie = String(Array.isArray(set) ? set[0] : (set ?? '')).split(';')[0]!;
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return { page, cookie, token };
  };

  it('given a German buyer, when the checkout opens, then the amount, the description and both buttons show in German', async () => {
    const { checkoutUrl } = await create('pay-de', 'de', 123_456, 'Anzahlung <Kauf 42>');
    expect(checkoutUrl).toBe('https://shop.test/sandbox/checkout/pay-de');
    const { page, cookie, token } = await open('pay-de');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="de-DE">');
    expect(page.body).toContain('1.234,56\u00a0€');
    expect(page.body).toContain('Anzahlung &lt;Kauf 42&gt;');
    expect(page.body).toContain('>Bezahlen</button>');
    expect(page.body).toContain('action="/sandbox/checkout/pay-de/fail"');
    expect(cookie).toMatch(/^sid=/);
    expect(token.length).toBeGreaterThan(10);
  });

  it('given a POST without the CSRF token, then it is refused and the payment stays pending', async () => {
    await create('pay-forged', 'fr');
    const forged = await fastify.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay-forged/pay',
      payload: {},
    });
    expect(forged.statusCode).toBe(403);
    expect((await sandbox.get('pay-forged'))?.status).toBe('pending');
  });

  it('given the buyer presses Pay, then the webhook is received over HTTP once and the buyer is redirected to the success URL', async () => {
    await create('pay-ok', 'fr');
    const { cookie, token } = await open('pay-ok');
    const paid = await fastify.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay-ok/pay',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(token)}&outcome=pay`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('https://shop.test/fr/ok');
    expect(handled.filter((e) => e.data.paymentId === 'pay-ok').map((e) => e.type)).toEqual([
      'payment.succeeded',
    ]);
    expect((await sandbox.get('pay-ok'))?.status).toBe('succeeded');

    const after = await open('pay-ok');
    expect(after.page.body).toContain('Ce paiement est terminé.');
    expect(after.page.body).not.toContain('<button');
  });

  it('given a Polish buyer presses Fail, then the page was in Polish złoty and the buyer goes to the failure URL', async () => {
    await create('pay-pl', 'pl', 99_900);
    const { page, cookie, token } = await open('pay-pl');
    expect(page.body).toContain('999,00\u00a0zł');
    expect(page.body).toContain('>Zapłać</button>');
    const failed = await fastify.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay-pl/fail',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(token)}`,
    });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe('https://shop.test/pl/ko');
    expect(handled.filter((e) => e.data.paymentId === 'pay-pl').map((e) => e.type)).toEqual([
      'payment.failed',
    ]);
  });

  it('given a checkout the app cancelled, then the page says it is no longer payable and Pay completes nothing', async () => {
    await create('pay-cancelled', 'it');
    const { cookie, token } = await open('pay-cancelled');
    await sandbox.cancel('pay-cancelled', 'buyer_went_back');
    const page = await open('pay-cancelled');
    expect(page.page.statusCode).toBe(200);
    expect(page.page.body).toContain('Questo pagamento è stato annullato: non può più essere pagato.');
    expect(page.page.body).not.toContain('<button');
    // The form of a page opened before the cancel.
    const paid = await fastify.inject({
      method: 'POST',
      url: '/sandbox/checkout/pay-cancelled/pay',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `_csrf=${encodeURIComponent(token)}`,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('https://shop.test/it/ko');
    expect((await sandbox.get('pay-cancelled'))?.status).toBe('cancelled');
    expect(handled.filter((e) => e.data.paymentId === 'pay-cancelled').map((e) => e.type)).toEqual([
      'payment.cancelled',
    ]);
  });

  it('given a replayed webhook, then 200 with duplicate; a forged one, 400 on the signature and logged', async () => {
    const [event] = handled.filter((e) => e.data.paymentId === 'pay-ok');
    const body = JSON.stringify(event);
    const replay = await fastify.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signWebhook(SECRET, body, Math.floor(Date.now() / 1000)),
      },
      payload: body,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, eventId: event!.id, duplicate: true });

    const forged = await fastify.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signWebhook('not-the-secret', body, Math.floor(Date.now() / 1000)),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      error: 'validation',
      fields: { signature: ['is not valid (mismatch)'] },
    });
    expect(refusals).toContainEqual(expect.objectContaining({ reason: 'mismatch' }));
    expect(handled.filter((e) => e.data.paymentId === 'pay-ok')).toHaveLength(1);
  });

  it('given an unknown payment or a malformed id, then 404 and 400', async () => {
    expect((await fastify.inject({ method: 'GET', url: '/sandbox/checkout/nope' })).statusCode).toBe(404);
    expect((await fastify.inject({ method: 'GET', url: '/sandbox/checkout/a%20b' })).statusCode).toBe(400);
  });
});
