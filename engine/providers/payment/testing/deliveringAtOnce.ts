/**
 * The sandbox as a test's provider that answers at once: each action (`complete`, `refund`, `cancel`)
 * runs `deliver` (hand the held webhooks over) before it returns; the app's courier does so within a
 * second, and its checkout page at once (createWebhookCourier.ts).
 */
import type { SandboxPayments } from '../createSandboxPayments.ts';

export function deliveringAtOnce(sandbox: SandboxPayments, deliver: () => Promise<unknown>): SandboxPayments {
  const atOnce =
    <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await action(...args);
      await deliver();
      return result;
    };
  return {
    ...sandbox,
    complete: atOnce(sandbox.complete),
    refund: atOnce(sandbox.refund),
    cancel: atOnce(sandbox.cancel),
  };
}
