/**
 * Stripe's webhooks for the payment webhook receiver (../createPaymentWebhookReceiver.ts, which records
 * event ids and calls the funnels' hook): the `Stripe-Signature` header verified by the Stripe library
 * (`stripe.webhooks.constructEvent`: HMAC-SHA256 over the raw body, a five-minute tolerance) with
 * `STRIPE_WEBHOOK_SECRET`, then the event translated to ours (stripeMapping.ts). It reads our record of
 * the checkout (migration 011) to tell the app's cancellation from a lapsed session and to name a
 * refund's payment, and notes a completed session's payment intent there (Stripe's refunds name it).
 */
import type { Knex } from 'knex';
import Stripe from 'stripe';
import { ValidationError } from '../../../../domain/errors.ts';
import type { PaymentWebhookSource } from '../createPaymentWebhookReceiver.ts';
import { DEFAULT_TOLERANCE_SECONDS } from '../webhookSignature.ts';
import { type StripeCheckout, stripeCheckouts } from './stripeCheckouts.ts';
import { checkoutKeyOf, paymentEventFromStripe } from './stripeMapping.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

export interface StripeWebhookSourceOptions {
  readonly knex: Knex;
  /** The schema of `payment_stripe_checkouts` (default `public`). */
  readonly schema?: string;
  /** The endpoint's signing secret (`whsec_…`); several while Stripe rolls it (any may have signed). */
  readonly webhookSecrets: string | readonly string[];
  /** How old a signature may be, in seconds (default 300, as Stripe's library). */
  readonly toleranceSeconds?: number;
  readonly clock?: () => Date;
}

/** Why the library refused a signature, in the receiver's words (the log and the 400's field message). */
function refusalReason(error: Error): string {
  if (/tolerance/i.test(error.message)) return 'outside_tolerance';
  if (/extract timestamp|expected scheme/i.test(error.message)) return 'malformed';
  return 'mismatch';
}

export function createStripeWebhookSource(options: StripeWebhookSourceOptions): PaymentWebhookSource {
  const clock = options.clock ?? (() => new Date());
  const secrets =
    typeof options.webhookSecrets === 'string' ? [options.webhookSecrets] : options.webhookSecrets;
  const checkouts = stripeCheckouts(options);

  /** The verified event, or why not; a signed body that is not JSON → ValidationError. */
  function verify(rawBody: string, header: string): Stripe.Event | { refused: string } {
    let refused = 'mismatch';
    for (const secret of secrets) {
      try {
        return Stripe.webhooks.constructEvent(
          rawBody,
          header,
          secret,
          options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
          undefined,
          clock().getTime(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          refused = refusalReason(error);
          continue;
        }
        throw ValidationError.field(
          'body',
          error instanceof SyntaxError ? 'is not JSON' : 'is not a Stripe event',
        );
      }
    }
    return { refused };
  }

  async function checkoutOf(event: Stripe.Event): Promise<StripeCheckout | undefined> {
    const key = checkoutKeyOf(event);
    if (!key) return undefined;
    if ('sessionId' in key) return checkouts.bySessionId(key.sessionId);
    if ('paymentId' in key) return checkouts.byPaymentId(key.paymentId);
    return checkouts.byPaymentIntentId(key.paymentIntentId);
  }

  return {
    signatureHeader: STRIPE_SIGNATURE_HEADER,
    async read(rawBody, signatureHeader) {
      if (!signatureHeader) return { kind: 'refused', reason: 'missing' };
      const verified = verify(rawBody, signatureHeader);
      if ('refused' in verified) return { kind: 'refused', reason: verified.refused };
      const event = verified as Partial<Stripe.Event>;
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object)
        throw ValidationError.field('body', 'is not a Stripe event');
      const checkout = await checkoutOf(verified);
      const session = verified.type.startsWith('checkout.session.')
        ? (verified.data.object as Stripe.Checkout.Session)
        : undefined;
      if (checkout && session && typeof session.payment_intent === 'string' && !checkout.paymentIntentId)
        await checkouts.notePaymentIntent(session.id, session.payment_intent);
      return paymentEventFromStripe(verified, checkout);
    },
  };
}
