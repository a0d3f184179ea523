/**
 * Password hashing for customer and staff accounts: argon2id through @node-rs/argon2. A port so that tests
 * can observe which hashes a sign-in checks (an unknown email must cost one verification, like a wrong
 * password), never to swap the algorithm.
 */
import { type Options as HashOptions, hash, verify } from '@node-rs/argon2';

export type { HashOptions };

export interface PasswordHasher {
  /** A PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`) for `password` with `options`. */
  hash(password: string, options: HashOptions): Promise<string>;
  /** Whether `password` matches the PHC string; a malformed string rejects. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2Hasher: PasswordHasher = {
  hash: (password, options) => hash(password, options),
  verify: (passwordHash, password) => verify(passwordHash, password),
};
