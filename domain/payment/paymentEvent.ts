/**
 * The events a payment provider reports by webhook, in a provider-neutral shape: the sandbox sends them,
 * a real adapter maps its provider's events to them, and the funnel integration receives them through
 * `onPaymentEvent`. Every event has a unique id: a replayed webhook carries the same id.
 */
import { z } from 'zod';
import { moneySchema } from '../catalogue/car.ts';
import { PAYMENT_STATUSES, REFUND_REASONS } from './payment.ts';

/** `payment.cancelled`: the app cancelled the checkout (`Payments.cancel`); it can no longer be paid. */
export const PAYMENT_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'payment.cancelled',
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

export const paymentEventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PAYMENT_EVENT_TYPES),
  /** When the provider created the event (ISO 8601). */
  created: z.iso.datetime({ offset: true }),
  data: z.object({
    paymentId: z.string().min(1).max(64),
    amount: moneySchema,
    status: z.enum(PAYMENT_STATUSES),
    metadata: z.record(z.string(), z.string()),
    /** For `payment.refunded`: this refund. */
    refund: z
      .object({ refundId: z.string().min(1).max(64), amount: moneySchema, reason: z.enum(REFUND_REASONS) })
      .optional(),
    /** For `payment.cancelled`: why the app cancelled it, when it said. */
    cancellationReason: z.string().max(200).optional(),
  }),
});
export type PaymentEvent = z.output<typeof paymentEventSchema>;
