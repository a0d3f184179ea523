/**
 * Staff's content items (domain/content/README.md "Content items"): one command per create, save,
 * publish, unpublish, revert or delete, on the item's stream, the staff member in the metadata. A
 * conflict on the stream is retried by the command handler; a stale save is the decider's 409; a retried
 * request decides nothing the second time (same fields, same publication) or, for a create, finds the
 * item its key created. A kind with a unique key (a slug: domain/content/README.md "The CMS core") claims
 * it on its reservation stream before the item's events are appended and releases the old one after.
 */
import {
  type ContentCommand,
  type ContentEvent,
  type ContentItemState,
  checkContentFields,
  contentItemStream,
  decideContentItem,
  evolveContentItem,
  initialContentItem,
} from '../../domain/content/items/contentItem.ts';
import { type ContentKind, TITLE_FIELD, uniqueKeyOf } from '../../domain/content/items/contentKinds.ts';
import {
  type ContentKeyEvent,
  type ContentKeyState,
  contentKeyStream,
  decideContentKey,
  evolveContentKey,
  initialContentKey,
} from '../../domain/content/items/contentSlugs.ts';
import { ConflictError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { type Evolver, handleCommand, readAggregate } from '../handleCommand.ts';

const evolver: Evolver<ContentItemState, ContentEvent> = {
  initialState: initialContentItem,
  evolve: evolveContentItem,
};
const keyEvolver: Evolver<ContentKeyState, ContentKeyEvent> = {
  initialState: initialContentKey,
  evolve: evolveContentKey,
};

/** The item holding a unique key: its id and title. */
export interface KeyHolder {
  readonly id: string;
  readonly title: string;
}

/** The unique key of an item's latest version (none: deleted, no versions, or a kind without one). */
function keyOf(state: ContentItemState): string | null {
  if (state.kind === null || state.deleted || state.versions.length === 0) return null;
  return uniqueKeyOf(state.kind, state.versions.at(-1)!)?.key ?? null;
}

export interface ContentItems {
  /** Runs a command on item `id`: the events it appended and the item after it. */
  run(
    id: string,
    command: ContentCommand,
    actor: Actor,
  ): Promise<{ events: readonly ContentEvent[]; state: ContentItemState }>;
  /** The item as its stream says now (initial state: no such item). */
  read(id: string): Promise<ContentItemState>;
  /** The item (other than `except`) whose latest version holds the key `key` of `kind` in `locale`. */
  keyHolder(kind: ContentKind, locale: string, key: string, except?: string): Promise<KeyHolder | null>;
}

/**
 * How long a claim protects an item not (yet) using its key: the item's own append follows its claim
 * within milliseconds; past this, the holder crashed in between (or its release was lost) and the key
 * may be taken over.
 */
export const CLAIM_GRACE_MS = 60_000;

export function createContentItems(options: {
  readonly store: EventStore;
  readonly newId: () => string;
  /** The time a stale claim is judged by (default: the system clock). */
  readonly clock?: () => Date;
}): ContentItems {
  const read = async (id: string) =>
    (await readAggregate(options.store, contentItemStream(id), evolver)).state;
  const metadataOf = (actor: Actor) => ({ actor: actor as unknown as JsonObject });

  /** The holder of a key, when it still uses it (a holder whose item moved on or went holds nothing). */
  const clock = options.clock ?? (() => new Date());
  /**
   * The holder of a key: the item that claimed it last. One whose item does not use the key holds it
   * still while its claim is recent (its own append may be on its way: a create, a save); past the grace
   * it is stale (it crashed between its claim and its append, or its release was lost) and is taken over.
   */
  async function holderOf(kind: ContentKind, locale: string, key: string) {
    const stream = await readAggregate(options.store, contentKeyStream(kind, locale, key), keyEvolver);
    const holder = stream.state.holder;
    if (holder === null) return { holder: null, stale: null };
    const state = await read(holder);
    const title = String(state.versions.at(-1)?.[TITLE_FIELD[kind]] ?? '');
    if (keyOf(state) !== key) {
      const [claimed] = await options.store.readStream(contentKeyStream(kind, locale, key), {
        direction: 'backwards',
        maxCount: 1,
      });
      const recent = claimed !== undefined && clock().getTime() - claimed.created.getTime() < CLAIM_GRACE_MS;
      if (!recent) return { holder: null, stale: holder };
    }
    return { holder: { id: holder, title }, stale: null };
  }

  async function claim(
    kind: ContentKind,
    locale: string,
    key: string,
    field: string,
    id: string,
    actor: Actor,
  ) {
    const found = await holderOf(kind, locale, key);
    const taken = (holder: KeyHolder) => {
      const named = holder.title ? `“${holder.title}” (${holder.id})` : holder.id;
      return new ConflictError(`${named} has this ${field} already`, {
        id: holder.id,
        title: holder.title,
        fields: { [`fields.${field}`]: [`taken by ${named}`] },
      });
    };
    if (found.holder && found.holder.id !== id) throw taken(found.holder);
    try {
      await handleCommand(
        options.store,
        contentKeyStream(kind, locale, key),
        keyEvolver,
        (state) =>
          decideContentKey(state, { type: 'claim', kind, locale, key, id, staleHolder: found.stale }),
        { newId: options.newId, metadata: metadataOf(actor) },
      );
    } catch (error) {
      // Someone claimed it between our read and our append: say who.
      const now = error instanceof ConflictError ? await holderOf(kind, locale, key) : null;
      if (now?.holder && now.holder.id !== id) throw taken(now.holder);
      throw error;
    }
  }

  async function release(kind: ContentKind, locale: string, key: string, id: string, actor: Actor) {
    await handleCommand(
      options.store,
      contentKeyStream(kind, locale, key),
      keyEvolver,
      (state) => decideContentKey(state, { type: 'release', id }),
      { newId: options.newId, metadata: metadataOf(actor) },
    );
  }

  const runItem = async (id: string, command: ContentCommand, actor: Actor) => {
    const result = await handleCommand(
      options.store,
      contentItemStream(id),
      evolver,
      (state) => decideContentItem(state, command),
      { newId: options.newId, metadata: metadataOf(actor) },
    );
    return { events: result.events, state: result.stream.state };
  };

  return {
    async run(id, command, actor) {
      if (command.type === 'publish' || command.type === 'unpublish') return runItem(id, command, actor);
      const before = await read(id);
      const kind = command.type === 'create' ? command.kind : before.kind;
      const locale = command.type === 'create' ? command.locale : before.locale;
      // No key to claim, or the decider refuses anyway (a retried create, a deleted item, a stale save).
      const stale =
        (command.type === 'save' || command.type === 'revert') &&
        command.expectedVersion !== before.versions.length;
      if (
        kind === null ||
        locale === null ||
        before.deleted ||
        stale ||
        (command.type === 'create' && before.id !== null)
      )
        return runItem(id, command, actor);
      // The key the item will hold: checked fields first (a refusal claims nothing).
      const next =
        command.type === 'create' || command.type === 'save'
          ? checkContentFields(kind, command.fields, locale)
          : command.type === 'revert'
            ? before.versions[command.toVersion - 1]
            : undefined;
      const wanted = next ? uniqueKeyOf(kind, next) : null;
      const old = keyOf(before);
      const claimed = wanted !== null && wanted.key !== old;
      if (claimed) await claim(kind, locale, wanted.key, wanted.field, id, actor);
      let result: Awaited<ReturnType<typeof runItem>>;
      try {
        result = await runItem(id, command, actor);
      } catch (error) {
        if (claimed) await release(kind, locale, wanted.key, id, actor);
        throw error;
      }
      if (old !== null && keyOf(result.state) !== old) await release(kind, locale, old, id, actor);
      return result;
    },
    read,
    async keyHolder(kind, locale, key, except) {
      const { holder } = await holderOf(kind, locale, key);
      return holder && holder.id !== except ? holder : null;
    },
  };
}
