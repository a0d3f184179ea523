/**
 * The real argon2 hasher, recording the cost parameters of every hash a sign-in verifies against: an
 * unknown email must be checked against a hash made with the same cost as a real account's, so that
 * answer takes what a wrong password takes (no account enumeration by timing) — checked by structure,
 * not by a stopwatch that a busy machine makes unreliable.
 */
import { parseOptions } from '@node-rs/argon2';
import { argon2Hasher, type PasswordHasher } from '../passwordHasher.ts';

export interface VerifiedCost {
  readonly algorithm: number | undefined;
  readonly memoryCost: number | undefined;
  readonly timeCost: number | undefined;
  readonly parallelism: number | undefined;
}

export function recordingHasher(): PasswordHasher & { verified: VerifiedCost[] } {
  const verified: VerifiedCost[] = [];
  return {
    verified,
    hash: argon2Hasher.hash,
    async verify(passwordHash, password) {
      const { algorithm, memoryCost, timeCost, parallelism } = parseOptions(passwordHash);
      verified.push({ algorithm, memoryCost, timeCost, parallelism });
      return argon2Hasher.verify(passwordHash, password);
    },
  };
}
