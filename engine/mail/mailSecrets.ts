/**
 * One-time secrets a mail must carry (the staff invitation's token), sealed into the outbox row with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the vault's lookup key; the row's key is the
 * additional data, so a secret moved to another row does not open.
 */
import { hkdfSync } from 'node:crypto';
import { open, seal } from '../customers/vault/envelope.ts';

export interface MailSecrets {
  seal(rowKey: string, secret: string): Buffer;
  open(rowKey: string, sealed: Buffer): string;
}

export function createMailSecrets(lookupKey: Buffer): MailSecrets {
  const key = Buffer.from(
    hkdfSync('sha256', lookupKey, Buffer.alloc(0), 'car-retail mail outbox secrets', 32),
  );
  const context = (rowKey: string) => `mail/secret/v1/${rowKey}`;
  return {
    seal: (rowKey, secret) => seal(key, Buffer.from(secret, 'utf8'), context(rowKey)),
    open: (rowKey, sealed) => open(key, sealed, context(rowKey)).toString('utf8'),
  };
}
