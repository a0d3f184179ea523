/**
 * The vault's envelope encryption (node:crypto, AES-256-GCM), kept apart from storage so it can be
 * tested alone:
 *
 * - each customer has a random 256-bit **data key**; their personal data is sealed with it;
 * - the data key is stored **wrapped** (sealed) by a **master key** from the key ring, with the master
 *   key's id beside it, so master keys can rotate: new wraps use the ring's current key, old wraps are
 *   opened by their key id until they are rewrapped;
 * - every seal binds its context (customer id, purpose, key id) as GCM additional data, so a sealed
 *   value copied onto another customer's row, or a wrapped key relabelled with another key id, does not
 *   open; any changed byte fails GCM's tag check: `VaultIntegrityError`, never wrong data;
 * - emails are looked up by an HMAC-SHA256 of the normalised email under a separate **lookup key**:
 *   the table can answer "is this email known" without holding the email in clear.
 *
 * Sealed layout: version byte (1) ‖ 12-byte IV ‖ 16-byte GCM tag ‖ ciphertext.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../../domain/customers/personalData.ts';

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const HEADER = 1 + IV_BYTES + TAG_BYTES;
const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;

/** A sealed value failed to open: tampered with, truncated, or sealed under another key or context. */
export class VaultIntegrityError extends Error {
  override name = 'VaultIntegrityError';
}

/** A wrapped data key names a master key the ring does not hold (a retired key removed too early). */
export class UnknownMasterKeyError extends Error {
  override name = 'UnknownMasterKeyError';
}

export interface MasterKey {
  /** Short, stable name stored beside every key it wraps (`k1`, `2031-01`). */
  readonly id: string;
  /** 32 bytes. */
  readonly key: Buffer;
}

/** The master keys: the first wraps new data keys; the others only open older wraps. */
export interface KeyRing {
  readonly current: MasterKey;
  byId(id: string): MasterKey | undefined;
  readonly ids: readonly string[];
}

export function createKeyRing(keys: readonly MasterKey[]): KeyRing {
  const [current] = keys;
  if (!current) throw new Error('the vault key ring needs at least one master key');
  const map = new Map<string, MasterKey>();
  for (const key of keys) {
    if (!KEY_ID.test(key.id)) throw new Error(`master key id "${key.id}" must match ${KEY_ID}`);
    if (key.key.length !== KEY_BYTES) throw new Error(`master key ${key.id} must be ${KEY_BYTES} bytes`);
    if (map.has(key.id)) throw new Error(`master key id ${key.id} appears twice`);
    map.set(key.id, key);
  }
  return { current, byId: (id) => map.get(id), ids: [...map.keys()] };
}

/**
 * Parses `VAULT_MASTER_KEY`: `id:base64,id:base64,…` (current first), or a bare base64 key (id `k1`).
 * Each key decodes to 32 bytes (`openssl rand -base64 32`).
 */
export function parseMasterKeys(spec: string): MasterKey[] {
  const entries = spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('no master key given');
  return entries.map((entry) => {
    const colon = entry.indexOf(':');
    const id = colon < 0 ? 'k1' : entry.slice(0, colon);
    const key = decodeKey(colon < 0 ? entry : entry.slice(colon + 1), `master key ${id}`);
    return { id, key };
  });
}

/**
 * A base64 secret: exactly 32 bytes (a master key), or with `atLeast`, 32 bytes or more (the lookup
 * key, `VAULT_LOOKUP_KEY`). The message never repeats the value.
 */
export function decodeKey(value: string, what: string, atLeast = false): Buffer {
  const key = Buffer.from(value.trim(), 'base64');
  const ok = atLeast ? key.length >= KEY_BYTES : key.length === KEY_BYTES;
  if (!ok) throw new Error(`${what} must decode (base64) to ${atLeast ? 'at least ' : ''}${KEY_BYTES} bytes`);
  return key;
}

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function seal(key: Buffer, plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer, context: string): Buffer {
  if (sealed.length < HEADER || sealed[0] !== FORMAT)
    throw new VaultIntegrityError(`sealed ${context.split('/')[1]} is malformed`);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]);
  } catch (error) {
    throw new VaultIntegrityError(`sealed ${context.split('/')[1]} does not open: tampered or wrong key`, {
      cause: error,
    });
  }
}

const keyContext = (customerId: string, keyId: string) => `vault/data-key/v1/${customerId}/${keyId}`;
const dataContext = (customerId: string) => `vault/personal-data/v1/${customerId}`;

export interface WrappedKey {
  readonly keyId: string;
  readonly wrapped: Buffer;
}

/** Wraps a customer's data key under the ring's current master key. */
export function wrapDataKey(ring: KeyRing, customerId: string, dataKey: Buffer): WrappedKey {
  const { id, key } = ring.current;
  return { keyId: id, wrapped: seal(key, dataKey, keyContext(customerId, id)) };
}

export function unwrapDataKey(ring: KeyRing, customerId: string, wrapped: WrappedKey): Buffer {
  const master = ring.byId(wrapped.keyId);
  if (!master)
    throw new UnknownMasterKeyError(
      `customer ${customerId}'s data key is wrapped by master key ${wrapped.keyId}, which the key ring does not hold`,
    );
  return open(master.key, wrapped.wrapped, keyContext(customerId, wrapped.keyId));
}

/** Seals a customer's personal data (any JSON value) with their data key. */
export function sealData(dataKey: Buffer, customerId: string, data: unknown): Buffer {
  return seal(dataKey, Buffer.from(JSON.stringify(data), 'utf8'), dataContext(customerId));
}

export function openData(dataKey: Buffer, customerId: string, sealed: Buffer): unknown {
  return JSON.parse(open(dataKey, sealed, dataContext(customerId)).toString('utf8'));
}

/** The lookup value of an email: HMAC-SHA256 of the normalised email under the lookup key. */
export function emailLookup(lookupKey: Buffer, email: string): Buffer {
  return createHmac('sha256', lookupKey).update(normalizeEmail(email), 'utf8').digest();
}
