/**
 * The customer vault's keys from the configuration (`VAULT_MASTER_KEY`, `VAULT_LOOKUP_KEY`: see
 * engine/customers/README.md). Production refuses to start without them (http/config.ts). Elsewhere an
 * unset key falls back to a fixed development key, derived from a public string, so the embedded
 * database's customers stay readable across restarts; the warning says loudly that it is not secret.
 */
import { createHash } from 'node:crypto';
import {
  createKeyRing,
  decodeKey,
  type KeyRing,
  parseMasterKeys,
} from '../engine/customers/vault/envelope.ts';
import type { Config } from './config.ts';

export interface VaultKeys {
  readonly keyRing: KeyRing;
  readonly lookupKey: Buffer;
}

const developmentKey = (purpose: string) =>
  createHash('sha256').update(`car-retail development ${purpose}: not a secret`).digest();

export function vaultKeysFrom(
  config: Pick<Config, 'env' | 'vault'>,
  warn: (message: string) => void,
): VaultKeys {
  const { masterKeys, lookupKey } = config.vault;
  if ((!masterKeys || !lookupKey) && config.env === 'production')
    throw new Error('VAULT_MASTER_KEY and VAULT_LOOKUP_KEY are required in production');
  const unset = [masterKeys ? '' : 'VAULT_MASTER_KEY', lookupKey ? '' : 'VAULT_LOOKUP_KEY'].filter(Boolean);
  if (unset.length > 0) {
    warn(
      `!!! ${unset.join(' and ')} unset: customers' personal data is encrypted with a PUBLIC development ` +
        'key. Fine for development and tests, never for real customers (engine/customers/README.md) !!!',
    );
  }
  return {
    keyRing: createKeyRing(
      masterKeys ? parseMasterKeys(masterKeys) : [{ id: 'dev', key: developmentKey('vault master key') }],
    ),
    lookupKey: lookupKey ? decodeKey(lookupKey, 'VAULT_LOOKUP_KEY', true) : developmentKey('lookup key'),
  };
}
