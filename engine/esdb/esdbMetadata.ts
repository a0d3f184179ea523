/**
 * Stream metadata between the port and the client. EventStoreDB keeps custom keys beside its own
 * (`$maxAge`, `$maxCount`, `$tb`, …) at the top level of one JSON object; the client renames its own
 * keys to `maxAge`, `maxCount`, `truncateBefore`, `cacheControl` and `acl`, so a custom key with one of
 * those names (or starting with `$`) could not round-trip and is refused before anything is written.
 */
import type { StreamMetadata as EsdbStreamMetadata } from '@eventstore/db-client';
import type { JsonObject, JsonValue, StreamMetadata } from '../eventStore.ts';
import { InvalidEventStoreArgumentError } from '../eventStoreErrors.ts';

const CLIENT_KEYS = new Set(['maxAge', 'maxCount', 'truncateBefore', 'cacheControl', 'acl']);

/** Expects metadata already checked by `validateMetadata`. */
export function toEsdbMetadata(metadata: StreamMetadata): EsdbStreamMetadata {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(metadata.custom ?? {})) {
    if (CLIENT_KEYS.has(key) || key.startsWith('$')) {
      throw new InvalidEventStoreArgumentError(`metadata.custom.${key}`, 'is a key reserved by EventStoreDB');
    }
    result[key] = value;
  }
  if (metadata.maxAge !== undefined) result.maxAge = metadata.maxAge;
  if (metadata.maxCount !== undefined) result.maxCount = metadata.maxCount;
  if (metadata.truncateBefore !== undefined) {
    if (metadata.truncateBefore > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw new InvalidEventStoreArgumentError(
        'metadata.truncateBefore',
        'is beyond what EventStoreDB metadata holds',
      );
    }
    result.truncateBefore = Number(metadata.truncateBefore);
  }
  return result;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The port's view of what `getStreamMetadata` returned (`{}` when the stream has none). ACLs and cache
 * control are not part of the port and are left out; so is the `truncateBefore` a soft delete writes
 * (`long.MaxValue`, not a safe integer: the stream reads as not found anyway).
 */
export function fromEsdbMetadata(metadata: Record<string, unknown> | undefined): StreamMetadata {
  if (!metadata) return {};
  const { maxAge, maxCount, truncateBefore } = metadata;
  const custom: JsonObject = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (CLIENT_KEYS.has(key) || key.startsWith('$') || value === undefined) continue;
    custom[key] = value as JsonValue;
  }
  return {
    ...(isPositiveInteger(maxAge) ? { maxAge } : {}),
    ...(isPositiveInteger(maxCount) ? { maxCount } : {}),
    ...(typeof truncateBefore === 'number' && Number.isSafeInteger(truncateBefore) && truncateBefore >= 0
      ? { truncateBefore: BigInt(truncateBefore) }
      : {}),
    ...(Object.keys(custom).length > 0 ? { custom } : {}),
  };
}
