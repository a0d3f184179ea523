/**
 * Carries the sandbox's held webhooks to the receiver in the same process, as a provider's servers
 * would POST them: at once when asked (`flush`: the checkout page, before it sends the buyer back to
 * the shop) and every `intervalMs` in the background (refunds, cancellations, anything a crash or a
 * refusal left undelivered). It is built last, from the sandbox and the receiver, so nothing in the
 * composition is bound late: the sandbox only stores webhooks (README beside this file).
 */
import { createPollLoop, type PollLoop } from '../../timers/createPollLoop.ts';
import type { PaymentWebhookReceiver } from './createPaymentWebhookReceiver.ts';
import type { SandboxPayments, WebhookTarget } from './createSandboxPayments.ts';

export interface WebhookCourier extends PollLoop {
  /** Delivers every webhook held now; answers how many went. */
  flush(): Promise<number>;
}

export function createWebhookCourier(options: {
  readonly sandbox: Pick<SandboxPayments, 'deliverPending'>;
  readonly receiver: Pick<PaymentWebhookReceiver, 'receive'>;
  /** Pause between background rounds (default 1000 ms). */
  readonly intervalMs?: number;
  readonly onError?: (error: unknown) => void;
}): WebhookCourier {
  const to: WebhookTarget = async ({ rawBody, signature }) => {
    await options.receiver.receive(rawBody, signature);
  };
  const flush = async () => {
    let total = 0;
    for (;;) {
      const { delivered, failed } = await options.sandbox.deliverPending(to);
      total += delivered;
      // A full page delivered: more may wait. Failures stay for the next round.
      if (delivered + failed < 100 || delivered === 0) return total;
    }
  };
  const loop = createPollLoop({
    intervalMs: options.intervalMs ?? 1000,
    round: async () => {
      await flush();
      return false;
    },
    onError: options.onError ?? (() => {}),
  });
  return { flush, start: () => loop.start(), stop: () => loop.stop() };
}
