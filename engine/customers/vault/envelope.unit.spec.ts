/**
 * The vault's envelope: round trips, and every kind of tampering refused (a flipped byte anywhere, a
 * sealed value moved to another customer, a wrapped key relabelled with another key id, a wrong key).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createKeyRing,
  emailLookup,
  newDataKey,
  openData,
  parseMasterKeys,
  sealData,
  UnknownMasterKeyError,
  unwrapDataKey,
  VaultIntegrityError,
  wrapDataKey,
} from './envelope.ts';

const key = (byte: number) => Buffer.alloc(32, byte);
const ring = createKeyRing([
  { id: 'k2', key: key(2) },
  { id: 'k1', key: key(1) },
]);
const DATA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Berg' };

describe('vault envelope', () => {
  it('given a data key wrapped and data sealed, then both open again, and the sealed bytes hide the data', () => {
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(ring, 'cus_1', dataKey);
    expect(wrapped.keyId).toBe('k2');
    const sealed = sealData(dataKey, 'cus_1', DATA);
    expect(sealed.toString('latin1')).not.toContain('anna');
    const opened = unwrapDataKey(ring, 'cus_1', wrapped);
    expect(opened.equals(dataKey)).toBe(true);
    expect(openData(opened, 'cus_1', sealed)).toEqual(DATA);
  });

  it('given the same data sealed twice, then the two ciphertexts differ (fresh IV)', () => {
    const dataKey = newDataKey();
    expect(sealData(dataKey, 'cus_1', DATA).equals(sealData(dataKey, 'cus_1', DATA))).toBe(false);
  });

  it('given any single byte flipped in sealed data or a wrapped key, then opening is refused', () => {
    const dataKey = newDataKey();
    const sealed = sealData(dataKey, 'cus_1', DATA);
    const wrapped = wrapDataKey(ring, 'cus_1', dataKey);
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), fc.boolean(), (at, mask, inKey) => {
        const target = Buffer.from(inKey ? wrapped.wrapped : sealed);
        const index = at % target.length;
        target[index] = target[index]! ^ mask;
        const attempt = () =>
          inKey
            ? unwrapDataKey(ring, 'cus_1', { keyId: 'k2', wrapped: target })
            : openData(dataKey, 'cus_1', target);
        expect(attempt).toThrow(VaultIntegrityError);
      }),
      { numRuns: 300 },
    );
  });

  it('given sealed data or a wrapped key moved to another customer, then opening is refused', () => {
    const dataKey = newDataKey();
    expect(() => openData(dataKey, 'cus_2', sealData(dataKey, 'cus_1', DATA))).toThrow(VaultIntegrityError);
    expect(() => unwrapDataKey(ring, 'cus_2', wrapDataKey(ring, 'cus_1', dataKey))).toThrow(
      VaultIntegrityError,
    );
  });

  it('given a wrapped key relabelled with another key id, a truncated value or the wrong data key, then refused', () => {
    const dataKey = newDataKey();
    const wrapped = wrapDataKey(ring, 'cus_1', dataKey);
    expect(() => unwrapDataKey(ring, 'cus_1', { ...wrapped, keyId: 'k1' })).toThrow(VaultIntegrityError);
    expect(() => unwrapDataKey(ring, 'cus_1', { ...wrapped, keyId: 'k9' })).toThrow(UnknownMasterKeyError);
    const sealed = sealData(dataKey, 'cus_1', DATA);
    expect(() => openData(dataKey, 'cus_1', sealed.subarray(0, 20))).toThrow(VaultIntegrityError);
    expect(() => openData(newDataKey(), 'cus_1', sealed)).toThrow(VaultIntegrityError);
  });

  it('given a rotated ring, then keys wrapped by the old current key still open, and new wraps use the new key', () => {
    const old = createKeyRing([{ id: 'k1', key: key(1) }]);
    const dataKey = newDataKey();
    const wrappedBefore = wrapDataKey(old, 'cus_1', dataKey);
    expect(unwrapDataKey(ring, 'cus_1', wrappedBefore).equals(dataKey)).toBe(true);
    expect(wrapDataKey(ring, 'cus_1', dataKey).keyId).toBe('k2');
  });

  it('given emails differing only in case and spaces, then one lookup value; another key gives another', () => {
    const lookupKey = key(7);
    expect(
      emailLookup(lookupKey, ' Anna@Example.TEST').equals(emailLookup(lookupKey, 'anna@example.test')),
    ).toBe(true);
    expect(emailLookup(lookupKey, 'anna@example.test').equals(emailLookup(key(8), 'anna@example.test'))).toBe(
      false,
    );
    expect(emailLookup(lookupKey, 'anna@example.test')).toHaveLength(32);
  });

  it('parses VAULT_MASTER_KEY: a bare key is k1, a list keeps its order; short keys and duplicate ids are refused', () => {
    const a = key(1).toString('base64');
    const b = key(2).toString('base64');
    expect(parseMasterKeys(a)).toEqual([{ id: 'k1', key: key(1) }]);
    expect(parseMasterKeys(`2031:${b}, 2030:${a}`).map((k) => k.id)).toEqual(['2031', '2030']);
    expect(() => parseMasterKeys(`k1:${Buffer.alloc(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => createKeyRing(parseMasterKeys(`k1:${a},k1:${b}`))).toThrow(/twice/);
    expect(() => createKeyRing([])).toThrow(/at least one/);
  });
});
