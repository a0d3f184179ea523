import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { vaultKeysFrom } from './vaultKeys.ts';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const LOOKUP = Buffer.alloc(48, 3).toString('base64');
const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) };

describe('vault keys', () => {
  it('given production without vault keys, then the configuration names both', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/VAULT_MASTER_KEY is required in production/);
    expect(() => loadConfig(PRODUCTION)).toThrow(/VAULT_LOOKUP_KEY is required in production/);
  });

  it('given a key ring and a lookup key, then the first key is current and no warning', () => {
    const warnings: string[] = [];
    const config = loadConfig({
      ...PRODUCTION,
      VAULT_MASTER_KEY: `k2:${KEY_B},k1:${KEY_A}`,
      VAULT_LOOKUP_KEY: LOOKUP,
    });
    const keys = vaultKeysFrom(config, (message) => warnings.push(message));
    expect(keys.keyRing.current.id).toBe('k2');
    expect(keys.keyRing.ids).toEqual(['k2', 'k1']);
    expect(keys.lookupKey).toHaveLength(48);
    expect(warnings).toEqual([]);
  });

  it('given malformed keys, then the configuration refuses them without echoing them', () => {
    const short = Buffer.alloc(16, 1).toString('base64');
    let message = '';
    try {
      loadConfig({ VAULT_MASTER_KEY: `k1:${short}`, VAULT_LOOKUP_KEY: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/VAULT_MASTER_KEY master key k1 must decode \(base64\) to 32 bytes/);
    expect(message).toMatch(/VAULT_LOOKUP_KEY the lookup key must decode \(base64\) to at least 32 bytes/);
    expect(message).not.toContain(short);
  });

  it('given development without keys, then fixed development keys (the same on every start) and a loud warning', () => {
    const warnings: string[] = [];
    const first = vaultKeysFrom(loadConfig({}), (message) => warnings.push(message));
    const second = vaultKeysFrom(loadConfig({}), () => {});
    expect(first.keyRing.current.id).toBe('dev');
    expect(first.keyRing.current.key.equals(second.keyRing.current.key)).toBe(true);
    expect(first.lookupKey.equals(first.keyRing.current.key)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/VAULT_MASTER_KEY and VAULT_LOOKUP_KEY unset.*PUBLIC development key/);
  });
});
