/**
 * The back office's events explorer over the event store port (any adapter): `$all` filtered by event
 * type, stream prefix, actor and recorded time, paged by position; one stream's events; every matching
 * event for a download. Events are shown as stored: they carry ids, never personal data (that lives in
 * the vault, which is never read here). projections/analytics/README.md.
 */

import { NotFoundError } from '../../domain/errors.ts';
import {
  type EventStore,
  formatPosition,
  type JsonObject,
  type Position,
  type RecordedEvent,
  START,
} from '../../engine/eventStore.ts';
import { StreamNotFoundError } from '../../engine/eventStoreErrors.ts';

export interface EventFilter {
  /** One event type, exactly. */
  readonly type?: string;
  readonly streamPrefix?: string;
  /** An actor's id: a staff id, a customer id, a visitor id or a system actor's name. */
  readonly actor?: string;
  /** Recorded at or after. */
  readonly from?: Date;
  /** Recorded before. */
  readonly to?: Date;
}

export interface ExploredActor {
  readonly kind: string;
  readonly id: string | null;
  readonly role: string | null;
}

/** An event as the explorer shows it and the download writes it (one JSON object per line). */
export interface ExploredEvent {
  readonly position: string;
  readonly id: string;
  readonly type: string;
  readonly streamName: string;
  readonly revision: number;
  readonly recordedAt: string;
  readonly actor: ExploredActor | null;
  readonly data: JsonObject;
  readonly metadata: JsonObject;
}

export interface EventPage {
  readonly events: ExploredEvent[];
  /** Where the next page starts (exclusive), or null when `$all` was read to its end. */
  readonly next: string | null;
  /** Events read to fill this page (a narrow filter may read many, up to the scan limit). */
  readonly scanned: number;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function actorOf(metadata: JsonObject): ExploredActor | null {
  const actor = metadata.actor;
  if (!actor || typeof actor !== 'object' || Array.isArray(actor)) return null;
  const kind = str(actor.kind);
  if (!kind) return null;
  const id = str(actor.staffId) ?? str(actor.customerId) ?? str(actor.visitorId) ?? str(actor.name);
  return { kind, id, role: str(actor.role) };
}

export function exploredEvent(event: RecordedEvent): ExploredEvent {
  return {
    position: formatPosition(event.position),
    id: event.id,
    type: event.type,
    streamName: event.streamName,
    revision: Number(event.revision),
    recordedAt: event.created.toISOString(),
    actor: actorOf(event.metadata),
    data: event.data,
    metadata: event.metadata,
  };
}

function matches(event: RecordedEvent, filter: EventFilter): boolean {
  if (filter.type !== undefined && event.type !== filter.type) return false;
  if (filter.from && event.created < filter.from) return false;
  if (filter.to && event.created >= filter.to) return false;
  if (filter.actor !== undefined) {
    const actor = event.metadata.actor;
    if (!actor || typeof actor !== 'object' || Array.isArray(actor)) return false;
    const ids = [actor.staffId, actor.customerId, actor.visitorId, actor.name];
    if (!ids.includes(filter.actor)) return false;
  }
  return true;
}

export interface EventExplorerOptions {
  readonly store: EventStore;
  /** Events read per request of the store (default 1000). */
  readonly readSize?: number;
}

export function eventExplorer(options: EventExplorerOptions) {
  const { store } = options;
  const readSize = options.readSize ?? 1000;

  /** Reads `$all` after `from` with the filters the store applies (type and stream prefix). */
  const read = (filter: EventFilter, from: Position, maxCount: number) => {
    const storeFilter = {
      ...(filter.type !== undefined ? { eventTypePrefixes: [filter.type] } : {}),
      ...(filter.streamPrefix !== undefined ? { streamNamePrefixes: [filter.streamPrefix] } : {}),
    };
    return store.readAll({
      fromPosition: from,
      maxCount,
      ...(Object.keys(storeFilter).length > 0 ? { filter: storeFilter } : {}),
    });
  };

  return {
    /**
     * Up to `limit` matching events after `after`, reading at most `scanLimit` events: a page may hold
     * fewer than `limit` with a `next` cursor (the filter matched few of the events read).
     */
    async page(
      filter: EventFilter,
      page: { readonly after?: Position; readonly limit: number; readonly scanLimit: number },
    ): Promise<EventPage> {
      const found: ExploredEvent[] = [];
      let position = page.after ?? START;
      let scanned = 0;
      while (found.length < page.limit && scanned < page.scanLimit) {
        const batch = await read(filter, position, Math.min(readSize, page.scanLimit - scanned));
        if (batch.length === 0) return { events: found, next: null, scanned };
        for (const event of batch) {
          scanned += 1;
          position = event.position;
          if (matches(event, filter)) {
            found.push(exploredEvent(event));
            if (found.length === page.limit) break;
          }
        }
      }
      // Full or out of budget: more may follow (an empty read on the next page answers `next: null`).
      return { events: found, next: formatPosition(position), scanned };
    },

    /** Every matching event, in `$all` order (the download). */
    async *all(filter: EventFilter): AsyncGenerator<ExploredEvent> {
      let position = START;
      for (;;) {
        const batch = await read(filter, position, readSize);
        if (batch.length === 0) return;
        for (const event of batch) if (matches(event, filter)) yield exploredEvent(event);
        position = batch.at(-1)!.position;
      }
    },

    /** A stream's events, oldest first; a stream that does not exist (or was deleted) is a NotFoundError. */
    async stream(streamName: string): Promise<ExploredEvent[]> {
      try {
        const events: RecordedEvent[] = [];
        let from: bigint | 'start' = 'start';
        for (;;) {
          const batch = await store.readStream(streamName, { fromRevision: from, maxCount: readSize });
          events.push(...batch);
          if (batch.length < readSize) break;
          from = batch.at(-1)!.revision + 1n;
        }
        if (events.length === 0) throw new NotFoundError(`no stream ${streamName}`, { streamName });
        return events.map(exploredEvent);
      } catch (error) {
        if (error instanceof StreamNotFoundError)
          throw new NotFoundError(`no stream ${streamName}`, { streamName }, { cause: error });
        throw error;
      }
    },
  };
}

export type EventExplorer = ReturnType<typeof eventExplorer>;
