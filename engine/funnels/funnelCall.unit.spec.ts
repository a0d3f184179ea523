/**
 * The rules the funnel services share: who may read and drive a funnel, the keys they accept, the ids
 * derived from a command's key, and the outcome pages a checkout returns to.
 */
import { describe, expect, it } from 'vitest';
import { carFacts } from '../../domain/carHold/testing/carEvents.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { derivedId, mayAccess, refundIdOf, resolveCall, subCall } from './funnelCall.ts';
import { outcomePageUrls } from './funnelPorts.ts';

const visitorActor = (visitorId: string): Actor => ({ kind: 'buyer', visitorId });
const customer = (customerId: string, visitorId?: string): Actor => ({
  kind: 'buyer',
  customerId,
  ...(visitorId ? { visitorId } : {}),
});

describe('who may read and drive a funnel', () => {
  it('given a funnel started by a visitor, then only that browser, until a customer is known; then only that customer', () => {
    const starter = visitorActor('v1');
    expect(mayAccess(visitorActor('v1'), null, starter)).toBe(true);
    expect(mayAccess(visitorActor('v2'), null, starter)).toBe(false);
    expect(mayAccess(customer('cus_1', 'v1'), null, starter)).toBe(true);
    expect(mayAccess(customer('cus_1', 'v1'), 'cus_1', starter)).toBe(true);
    expect(mayAccess(visitorActor('v1'), 'cus_1', starter)).toBe(false);
    expect(mayAccess(customer('cus_2', 'v1'), 'cus_1', starter)).toBe(false);
  });

  it('given a funnel started by a signed-in customer, then that customer alone; staff and the system always', () => {
    const starter = customer('cus_1');
    expect(mayAccess(customer('cus_1'), null, starter)).toBe(true);
    expect(mayAccess(customer('cus_2'), null, starter)).toBe(false);
    expect(mayAccess(visitorActor('v1'), null, starter)).toBe(false);
    expect(mayAccess({ kind: 'staff', staffId: 's', role: 'sales' }, 'cus_1', starter)).toBe(true);
    expect(mayAccess({ kind: 'system', name: 'hold-expiry' }, 'cus_1', starter)).toBe(true);
  });

  it('given a buyer with no id at all, then nothing', () => {
    expect(mayAccess({ kind: 'buyer' }, null, { kind: 'buyer' })).toBe(false);
  });
});

describe('keys and derived ids', () => {
  it('given an empty, too long or non-ASCII key, then 400 on idempotencyKey', () => {
    for (const key of ['', 'x'.repeat(201), 'clé', 'a b']) {
      expect(() => resolveCall({ actor: visitorActor('v'), idempotencyKey: key }, 0n)).toThrow(
        ValidationError,
      );
    }
    expect(resolveCall({ actor: visitorActor('v'), idempotencyKey: 'req-42' }, 3n).idempotencyKey).toBe(
      'req-42',
    );
  });

  it('given a key derived from the request, then it takes the revision the command read', () => {
    const call = { actor: visitorActor('v'), idempotencyKey: { derivedFrom: 'd:abc' } };
    expect(resolveCall(call, 4n).idempotencyKey).toBe('d:abc@4');
    expect(resolveCall(call, 4n).idempotencyKey).not.toBe(resolveCall(call, 5n).idempotencyKey);
    expect(resolveCall(call, undefined).idempotencyKey).toBe('d:abc@-');
  });

  it('given the same parts, then the same id, fit for every provider (≤ 64, letters, digits, _ and -)', () => {
    const id = derivedId('pay', '1000', 'req-1');
    expect(id).toBe(derivedId('pay', '1000', 'req-1'));
    expect(id).not.toBe(derivedId('pay', '1000', 'req-2'));
    expect(id).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(refundIdOf(id)).toMatch(/^rf_[0-9a-f]{32}$/);
    expect(
      subCall({ actor: visitorActor('v'), idempotencyKey: 'k'.repeat(200) }, 'hold').idempotencyKey,
    ).toHaveLength(185);
  });
});

describe('checkout return pages', () => {
  it('given a purchase or a booking, then the SPEC outcome pages of its market', () => {
    const urls = outcomePageUrls('https://shop.test/');
    const car = carFacts('42');
    const purchase = urls({ funnel: 'purchase', id: '1000', locale: 'fr', car });
    expect(purchase.successUrl).toMatch(/^https:\/\/shop\.test\/fr\/.+1000\/renault-clio/);
    expect(purchase.failureUrl).not.toBe(purchase.successUrl);
    const booking = urls({ funnel: 'booking', id: '1001', locale: 'de', car });
    expect(booking.successUrl).toMatch(/^https:\/\/shop\.test\/de\/.+42\/renault-clio.*\/1001$/);
  });
});
