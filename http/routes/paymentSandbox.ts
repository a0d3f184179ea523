/**
 * The sandbox checkout (engine/providers/payment/createSandboxPayments.ts) over HTTP:
 * `GET /sandbox/checkout/:paymentId` shows the amount with "Pay" and "Fail" buttons;
 * `POST /sandbox/checkout/:paymentId/pay|fail` (CSRF-checked: the forms carry `_csrf`) records the
 * outcome and its signed webhook, has the courier deliver it (so the shop's page the buyer lands on
 * knows), then redirects the buyer (303) to the payment's success or failure URL. Register it only where
 * the sandbox is the payment provider (never in production).
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import {
  SANDBOX_CHECKOUT_PATH,
  type SandboxPayments,
} from '../../engine/providers/payment/createSandboxPayments.ts';
import type { WebhookCourier } from '../../engine/providers/payment/createWebhookCourier.ts';
import { renderSandboxCheckoutPage } from './sandboxCheckoutPage.ts';

export interface PaymentSandboxOptions {
  readonly sandbox: SandboxPayments;
  /** Delivers the webhooks the sandbox holds (createWebhookCourier.ts). */
  readonly courier: Pick<WebhookCourier, 'flush'>;
}

const params = z.object({ paymentId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and -') });

export async function paymentSandboxRoutes(
  fastify: FastifyInstance,
  options: PaymentSandboxOptions,
): Promise<void> {
  // Encapsulated: the forms' urlencoded bodies are parsed for these routes only.
  if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded')) await fastify.register(formbody);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sandbox, courier } = options;

  app.get(`${SANDBOX_CHECKOUT_PATH}/:paymentId`, { schema: { params } }, async (request, reply) => {
    const payment = await sandbox.get(request.params.paymentId);
    if (!payment) throw new NotFoundError(`no payment ${request.params.paymentId}`);
    const action = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(payment.paymentId)}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderSandboxCheckoutPage(payment, action, reply.generateCsrf()));
  });

  for (const [segment, outcome] of [
    ['pay', 'succeeded'],
    ['fail', 'failed'],
  ] as const) {
    app.post(
      `${SANDBOX_CHECKOUT_PATH}/:paymentId/${segment}`,
      { schema: { params } },
      async (request, reply) => {
        const { redirectUrl } = await sandbox.complete(request.params.paymentId, outcome);
        await courier.flush();
        return reply.redirect(redirectUrl, 303);
      },
    );
  }
}
