import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhookSignature.ts';

const SECRET = 'whsec_test_0123456789';
const body = '{"id":"evt_1","type":"payment.succeeded"}';
const NOW = 1_900_000_000;

describe('webhook signature', () => {
  it('given a body signed now, then it verifies with the timestamp', () => {
    const header = signWebhook(SECRET, body, NOW);
    expect(header).toMatch(/^t=1900000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: body, nowSeconds: NOW + 10 })).toEqual({
      ok: true,
      timestamp: NOW,
    });
  });

  it('given a test vector computed with openssl, then the HMAC is SHA-256 over "t.body"', () => {
    // echo -n '1900000000.{}' | openssl dgst -sha256 -hmac whsec_test_0123456789
    expect(signWebhook(SECRET, '{}', NOW)).toBe(
      't=1900000000,v1=54d112d5238f26388b01a81193e0524b7a71fe1c7336e0910c0f1bf5f6a0ee20',
    );
  });

  it('given a body changed by one character, the wrong secret, or no header, then it is refused with the reason', () => {
    const header = signWebhook(SECRET, body, NOW);
    expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: `${body} `, nowSeconds: NOW })).toEqual(
      { ok: false, reason: 'mismatch' },
    );
    expect(verifyWebhookSignature({ secrets: 'other', header, rawBody: body, nowSeconds: NOW })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(
      verifyWebhookSignature({ secrets: SECRET, header: undefined, rawBody: body, nowSeconds: NOW }),
    ).toEqual({ ok: false, reason: 'missing' });
    expect(
      verifyWebhookSignature({ secrets: SECRET, header: 'v1=abc', rawBody: body, nowSeconds: NOW }),
    ).toEqual({ ok: false, reason: 'malformed' });
  });

  it('given a signature older or newer than the tolerance, then it is refused as a possible replay', () => {
    const header = signWebhook(SECRET, body, NOW);
    expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: body, nowSeconds: NOW + 301 })).toEqual(
      { ok: false, reason: 'outside_tolerance' },
    );
    expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: body, nowSeconds: NOW - 301 })).toEqual(
      { ok: false, reason: 'outside_tolerance' },
    );
    expect(
      verifyWebhookSignature({
        secrets: SECRET,
        header,
        rawBody: body,
        nowSeconds: NOW + 600,
        toleranceSeconds: 600,
      }).ok,
    ).toBe(true);
  });

  it('given a rotation, then a header signed with the old and new secrets verifies with either', () => {
    const header = signWebhook(['old-secret', 'new-secret'], body, NOW);
    expect(verifyWebhookSignature({ secrets: 'new-secret', header, rawBody: body, nowSeconds: NOW }).ok).toBe(
      true,
    );
    expect(
      verifyWebhookSignature({ secrets: ['x', 'old-secret'], header, rawBody: body, nowSeconds: NOW }).ok,
    ).toBe(true);
  });

  it('any body verifies against its own signature and no other body does', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const header = signWebhook(SECRET, a, NOW);
        expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: a, nowSeconds: NOW }).ok).toBe(
          true,
        );
        if (a !== b)
          expect(verifyWebhookSignature({ secrets: SECRET, header, rawBody: b, nowSeconds: NOW }).ok).toBe(
            false,
          );
      }),
    );
  });
});
