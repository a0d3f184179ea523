/**
 * Webhook signatures, Stripe's scheme: header `Sandbox-Signature: t=<unix seconds>,v1=<hex>` where
 * hex = HMAC-SHA256(secret, `${t}.${rawBody}`). The receiver recomputes it over the raw body as received
 * (never a re-serialised parse), compares in constant time, and refuses timestamps outside a tolerance
 * window so a captured webhook cannot be replayed later. Several `v1` values are accepted (secret
 * rotation: sign with both while receivers move over).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'sandbox-signature';
/** Five minutes, as Stripe's libraries default to. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');

/** The header value signing `rawBody` at `timestamp` (unix seconds) with each secret. */
export function signWebhook(secrets: string | readonly string[], rawBody: string, timestamp: number): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestamp}`, ...list.map((secret) => `v1=${hmac(secret, timestamp, rawBody)}`)].join(',');
}

export type SignatureCheck =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: 'missing' | 'malformed' | 'outside_tolerance' | 'mismatch' };

export interface VerifyOptions {
  /** The receiver's secret(s): any of them may have signed. */
  readonly secrets: string | readonly string[];
  readonly header: string | undefined;
  readonly rawBody: string;
  readonly nowSeconds: number;
  readonly toleranceSeconds?: number;
}

/** Checks a signature header; never throws. */
export function verifyWebhookSignature(options: VerifyOptions): SignatureCheck {
  if (!options.header) return { ok: false, reason: 'missing' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of options.header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(options.nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'outside_tolerance' };
  const secrets = typeof options.secrets === 'string' ? [options.secrets] : options.secrets;
  for (const secret of secrets) {
    const expected = Buffer.from(hmac(secret, timestamp, options.rawBody), 'hex');
    // Every candidate is compared (no early exit on a match position), each in constant time.
    if (signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected)))
      return { ok: true, timestamp };
  }
  return { ok: false, reason: 'mismatch' };
}
