/**
 * The payment webhook endpoint: `POST /api/payments/webhook` takes the provider's JSON as a raw string
 * (the signature covers the exact bytes), hands it with the provider's signature header (the receiver
 * names it: `Sandbox-Signature`, `Stripe-Signature`) to the receiver (engine/providers/payment/
 * createPaymentWebhookReceiver.ts) and answers 200 `{ received, duplicate }`. A bad signature → 400
 * (logged by the receiver); a replay → 200 with `duplicate: true`, nothing done. No CSRF (the caller is
 * the provider, authenticated by the signature), no session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentWebhookReceiver } from '../../engine/providers/payment/createPaymentWebhookReceiver.ts';

export interface PaymentWebhookOptions {
  readonly receiver: PaymentWebhookReceiver;
  /** Default `/api/payments/webhook`. */
  readonly path?: string;
}

export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

export async function paymentWebhookRoute(
  fastify: FastifyInstance,
  options: PaymentWebhookOptions,
): Promise<void> {
  // Encapsulated: JSON stays a string for this route only.
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, body),
  );
  fastify.withTypeProvider<ZodTypeProvider>().post(
    options.path ?? PAYMENT_WEBHOOK_PATH,
    {
      config: { csrf: false },
      schema: {
        body: z.string(),
        response: {
          200: z.object({ received: z.literal(true), eventId: z.string(), duplicate: z.boolean() }),
        },
      },
    },
    async (request) => {
      const header = request.headers[options.receiver.signatureHeader];
      const result = await options.receiver.receive(
        request.body,
        typeof header === 'string' ? header : undefined,
      );
      return { received: true as const, ...result };
    },
  );
}
