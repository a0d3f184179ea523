/**
 * The inputs of `Payments.refund` and `Payments.cancel` (payments.ts), checked the same way by every
 * adapter before it asks its provider: bad input → ValidationError per field.
 */
import { z } from 'zod';
import { moneySchema } from '../../../domain/catalogue/car.ts';
import { cancellationReasonSchema, REFUND_REASONS } from '../../../domain/payment/payment.ts';

export const refundInputSchema = z.object({
  paymentId: z.string().min(1).max(64),
  amount: moneySchema,
  reason: z.enum(REFUND_REASONS),
  refundId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
});

export const cancelInputSchema = z.object({
  paymentId: z.string().min(1).max(64),
  reason: cancellationReasonSchema.optional(),
});
