/**
 * The purchase and booking funnels over HTTP: SPEC §7's purchase calls
 * (purchaseCalls.ts), the purchase screens (purchasePages.ts), the booking screens and call
 * (bookingCalls.ts), and, where the payment provider is the sandbox, its checkout pages and the signed
 * webhook that completes a purchase's advance or a booking's deposit.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentWebhookReceiver } from '../../engine/providers/payment/createPaymentWebhookReceiver.ts';
import type { SandboxPayments } from '../../engine/providers/payment/createSandboxPayments.ts';
import type { WebhookCourier } from '../../engine/providers/payment/createWebhookCourier.ts';
import { bookingCalls } from './bookingCalls.ts';
import type { FunnelRoutesOptions } from './funnelHttp.ts';
import { paymentSandboxRoutes } from './paymentSandbox.ts';
import { paymentWebhookRoute } from './paymentWebhook.ts';
import { purchaseCalls } from './purchaseCalls.ts';
import { purchasePages } from './purchasePages.ts';

export interface FunnelHttpOptions extends FunnelRoutesOptions {
  /** The payment webhook's receiver (`POST /api/payments/webhook`); its hook is the funnels' `onPaymentEvent`. */
  readonly receiver?: PaymentWebhookReceiver;
  /** The sandbox checkout pages (`/sandbox/checkout/…`) and its webhooks' courier: only where the sandbox is the payment provider. */
  readonly sandbox?: { readonly payments: SandboxPayments; readonly courier: Pick<WebhookCourier, 'flush'> };
}

export async function funnelRoutes(fastify: FastifyInstance, options: FunnelHttpOptions): Promise<void> {
  await fastify.register(purchaseCalls, options);
  await fastify.register(purchasePages, options);
  await fastify.register(bookingCalls, options);
  if (options.receiver) await fastify.register(paymentWebhookRoute, { receiver: options.receiver });
  if (options.sandbox)
    await fastify.register(paymentSandboxRoutes, {
      sandbox: options.sandbox.payments,
      courier: options.sandbox.courier,
    });
}
