/**
 * A unique key's reservation (domain/content/README.md "The CMS core: slugs and validation"): one stream
 * per (kind, locale, key) saying which item holds it. A claim appends with the revision read, so of two
 * items claiming the same slug at once one wins and the other is told who holds it. Pure: the fact that
 * the holder no longer uses the key (a crash between claim and save, a deleted item) comes in with the
 * command.
 */
import { ConflictError } from '../../errors.ts';

/** The reservation's stream: the key hex-encoded, so any key (a path with slashes) makes a stream name. */
export const contentKeyStream = (kind: string, locale: string, key: string) =>
  `contentkey-${kind}-${locale}-${[...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

export type ContentKeyEvent =
  | {
      readonly type: 'ContentKeyClaimed';
      readonly data: { kind: string; locale: string; key: string; id: string };
    }
  | { readonly type: 'ContentKeyReleased'; readonly data: { id: string } };

export const CONTENT_KEY_EVENT_TYPES = ['ContentKeyClaimed', 'ContentKeyReleased'] as const;

export interface ContentKeyState {
  /** The item holding the key now (null: free). */
  readonly holder: string | null;
}
export const initialContentKey: ContentKeyState = { holder: null };

export function evolveContentKey(state: ContentKeyState, event: ContentKeyEvent): ContentKeyState {
  switch (event.type) {
    case 'ContentKeyClaimed':
      return { holder: event.data.id };
    case 'ContentKeyReleased':
      return state.holder === event.data.id ? { holder: null } : state;
    default: {
      const never: never = event;
      throw new Error(`unknown content key event ${JSON.stringify(never)}`);
    }
  }
}

export type ContentKeyCommand =
  /** Item `id` takes the key; `staleHolder` is the holder the caller found no longer using it. */
  | {
      readonly type: 'claim';
      readonly kind: string;
      readonly locale: string;
      readonly key: string;
      readonly id: string;
      readonly staleHolder: string | null;
    }
  | { readonly type: 'release'; readonly id: string };

/** A claim of a key someone else holds (and uses) is a 409 naming the holder; a repeated claim or release decides nothing. */
export function decideContentKey(state: ContentKeyState, command: ContentKeyCommand): ContentKeyEvent[] {
  switch (command.type) {
    case 'claim': {
      if (state.holder === command.id) return [];
      if (state.holder !== null && state.holder !== command.staleHolder)
        throw new ConflictError('another item has this key', { id: state.holder });
      const { kind, locale, key, id } = command;
      return [{ type: 'ContentKeyClaimed', data: { kind, locale, key, id } }];
    }
    case 'release':
      return state.holder === command.id ? [{ type: 'ContentKeyReleased', data: { id: command.id } }] : [];
    default: {
      const never: never = command;
      throw new Error(`unknown content key command ${JSON.stringify(never)}`);
    }
  }
}
