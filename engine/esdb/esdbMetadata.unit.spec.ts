import {
  prepareStreamMetadata,
  readStreamMetadata,
} from '@eventstore/db-client/dist/streams/utils/streamMetadata.js';
import { describe, expect, it } from 'vitest';
import type { StreamMetadata } from '../eventStore.ts';
import { InvalidEventStoreArgumentError } from '../eventStoreErrors.ts';
import { fromEsdbMetadata, toEsdbMetadata } from './esdbMetadata.ts';

/** What the server stores (the client's own key renaming, then JSON) and what the client reads back. */
const throughTheServer = (metadata: StreamMetadata) =>
  fromEsdbMetadata(
    readStreamMetadata(JSON.parse(JSON.stringify(prepareStreamMetadata(toEsdbMetadata(metadata))))),
  );

describe('stream metadata', () => {
  it('given every field, when written and read back, then it round-trips', () => {
    const metadata: StreamMetadata = {
      maxAge: 3600,
      maxCount: 3,
      truncateBefore: 4n,
      custom: { owner: 'catalogue', tags: ['a', 'b'], nested: { on: true } },
    };
    expect(throughTheServer(metadata)).toEqual(metadata);
  });

  it('given every field, when written, then the server sees its own keys beside the custom ones', () => {
    const stored = prepareStreamMetadata(
      toEsdbMetadata({ maxAge: 60, maxCount: 2, truncateBefore: 1n, custom: { owner: 'x' } }),
    );
    expect(stored).toEqual({ $maxAge: 60, $maxCount: 2, $tb: 1, owner: 'x' });
  });

  it('given nothing set, when read, then it is {}', () => {
    expect(fromEsdbMetadata(undefined)).toEqual({});
    expect(throughTheServer({})).toEqual({});
  });

  it('given a soft-deleted stream, when read, then the deletion marker is not a truncateBefore', () => {
    // The server writes {"$tb": 9223372036854775807}; JSON.parse makes it an unsafe number.
    expect(fromEsdbMetadata(readStreamMetadata(JSON.parse('{"$tb":9223372036854775807}')))).toEqual({});
  });

  it('given a soft-deleted stream recreated at revision 2, when read, then truncateBefore is 2', () => {
    expect(fromEsdbMetadata(readStreamMetadata({ $tb: 2 }))).toEqual({ truncateBefore: 2n });
  });

  it('given ACLs, cache control and unknown system keys, when read, then they are left out', () => {
    const raw = { $acl: { $r: ['$all'] }, $cacheControl: 10, $future: 1, owner: 'x' };
    expect(fromEsdbMetadata(readStreamMetadata(raw))).toEqual({ custom: { owner: 'x' } });
  });

  it.each([['maxAge'], ['truncateBefore'], ['acl'], ['$tb']])(
    'given a custom key %s the client would take for its own, when written, then it is refused',
    (key) => {
      expect(() => toEsdbMetadata({ custom: { [key]: 1 } })).toThrow(InvalidEventStoreArgumentError);
    },
  );

  it('given a truncateBefore beyond a safe integer, when written, then it is refused', () => {
    expect(() => toEsdbMetadata({ truncateBefore: 2n ** 60n })).toThrow(InvalidEventStoreArgumentError);
  });
});
