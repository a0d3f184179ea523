/**
 * Staff's content items (domain/content/README.md "Content items"): one command per create, save,
 * publish, unpublish, revert or delete, on the item's stream, the staff member in the metadata. A
 * conflict on the stream is retried by the command handler; a stale save is the decider's 409; a retried
 * request decides nothing the second time (same fields, same publication) or, for a create, finds the
 * item its key created.
 */
import {
  type ContentCommand,
  type ContentEvent,
  type ContentItemState,
  contentItemStream,
  decideContentItem,
  evolveContentItem,
  initialContentItem,
} from '../../domain/content/items/contentItem.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { type Evolver, handleCommand, readAggregate } from '../handleCommand.ts';

const evolver: Evolver<ContentItemState, ContentEvent> = {
  initialState: initialContentItem,
  evolve: evolveContentItem,
};

export interface ContentItems {
  /** Runs a command on item `id`: the events it appended and the item after it. */
  run(
    id: string,
    command: ContentCommand,
    actor: Actor,
  ): Promise<{ events: readonly ContentEvent[]; state: ContentItemState }>;
  /** The item as its stream says now (initial state: no such item). */
  read(id: string): Promise<ContentItemState>;
}

export function createContentItems(options: {
  readonly store: EventStore;
  readonly newId: () => string;
}): ContentItems {
  return {
    async run(id, command, actor) {
      const result = await handleCommand(
        options.store,
        contentItemStream(id),
        evolver,
        (state) => decideContentItem(state, command),
        { newId: options.newId, metadata: { actor: actor as unknown as JsonObject } },
      );
      return { events: result.events, state: result.stream.state };
    },
    async read(id) {
      return (await readAggregate(options.store, contentItemStream(id), evolver)).state;
    },
  };
}
