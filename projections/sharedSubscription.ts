/**
 * One catch-up subscription to `$all` shared by the live projections of a runner: each read of the log
 * is made once and fanned out, instead of once per projection (each still buffers, commits its own
 * batches and checkpoint, and fails alone).
 *
 * A projection joins from its own position. It first catches up alone (`readAll` with its own filter)
 * until it has everything the shared subscription has delivered, then takes the shared events after its
 * position. So a projection far behind (a new one, one that failed) never holds the others back, and a
 * member is never given an event twice nor skips one:
 *
 * - the shared subscription delivers every event of the union of the members' filters in `$all` order,
 *   so every matching event up to the last one it delivered (`delivered`) was readable when it did;
 * - a member's catch-up read that comes back short has every matching event up to the head at that
 *   read, hence up to the `delivered` seen before it (or, before any shared subscription, up to the head
 *   position read before it); the member is at that position, and joins when it is not behind.
 *
 * A member whose handler throws is dropped and its subscription fails with the error; the others go on.
 * When the shared read itself fails (the database), every member fails and rejoins. With no member left,
 * the shared read stops; the next member starts it again. Members whose filter the shared one does not
 * cover get a subscription of their own.
 */
import {
  type AllFilter,
  comparePositions,
  type EventStore,
  type Position,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandler,
} from '../engine/eventStore.ts';
import type { Projection } from './defineProjection.ts';

export interface SharedSubscriptionOptions {
  readonly store: EventStore;
  /** What the shared read takes: covers every member's filter (absent: every event). */
  readonly filter?: AllFilter | undefined;
  readonly batchSize: number;
}

export interface SharedSubscription {
  /** As `store.subscribeToAll`, fed by the shared read. */
  subscribe(handler: SubscriptionHandler, options?: SubscribeToAllOptions): Subscription;
}

interface Member {
  readonly handler: SubscriptionHandler;
  readonly filter: AllFilter | undefined;
  /** The last position this member has had (or needs no event at or below). */
  position: Position;
  /** The handler call in progress. */
  current: Promise<void>;
  /** The shared read it takes its events from, once caught up. */
  joined?: Tail;
  stopped: boolean;
  fail(error: unknown): void;
}

interface Tail {
  readonly subscription: Subscription;
  readonly members: Set<Member>;
  /** The last position delivered (the start until then). */
  delivered: Position;
}

export function createSharedSubscription(options: SharedSubscriptionOptions): SharedSubscription {
  const { store, batchSize } = options;
  let tail: Tail | undefined;
  let stopping: Promise<void> | undefined;

  function startTail(from: Position): Tail {
    const members = new Set<Member>();
    const started: Tail = {
      members,
      delivered: from,
      subscription: store.subscribeToAll(
        {
          async onEvent(event) {
            started.delivered = event.position;
            for (const member of [...members]) {
              if (member.stopped || comparePositions(event.position, member.position) <= 0) continue;
              if (matches(member.filter, event)) {
                member.current = Promise.resolve(member.handler.onEvent(event));
                try {
                  await member.current;
                } catch (error) {
                  leave(started, member);
                  member.fail(error);
                  continue;
                }
              }
              member.position = event.position;
            }
          },
          onCaughtUp() {
            for (const member of members) member.handler.onCaughtUp?.();
          },
        },
        { fromPosition: from, batchSize, ...(options.filter ? { filter: options.filter } : {}) },
      ),
    };
    started.subscription.done.catch((error: unknown) => {
      if (tail === started) tail = undefined;
      for (const member of [...members]) {
        members.delete(member);
        member.fail(error);
      }
    });
    return started;
  }

  function leave(from: Tail, member: Member): void {
    from.members.delete(member);
    if (from.members.size > 0 || tail !== from) return;
    // Not awaited: this may run inside the shared read's own handler, which its stop() waits for.
    tail = undefined;
    const stopped: Promise<void> = from.subscription.stop().finally(() => {
      if (stopping === stopped) stopping = undefined;
    });
    stopping = stopped;
  }

  async function catchUp(member: Member): Promise<void> {
    while (!member.stopped) {
      if (stopping) {
        await stopping;
        continue;
      }
      const mark = tail ? tail.delivered : await store.headPosition();
      const batch = member.stopped
        ? []
        : await store.readAll({
            fromPosition: member.position,
            maxCount: batchSize,
            ...(member.filter ? { filter: member.filter } : {}),
          });
      for (const event of batch) {
        if (member.stopped) return;
        member.current = Promise.resolve(member.handler.onEvent(event));
        await member.current;
        member.position = event.position;
      }
      if (member.stopped || batch.length === batchSize) continue;
      if (comparePositions(mark, member.position) > 0) member.position = mark;
      if (stopping) continue;
      tail ??= startTail(member.position);
      if (comparePositions(member.position, tail.delivered) >= 0) {
        tail.members.add(member);
        member.joined = tail;
        member.handler.onCaughtUp?.();
        return;
      }
    }
  }

  return {
    subscribe(handler, subscribeOptions = {}) {
      const from = subscribeOptions.fromPosition;
      const filter = subscribeOptions.filter;
      if (from === 'end' || !covers(options.filter, filter))
        return store.subscribeToAll(handler, { batchSize, ...subscribeOptions });
      let settle!: { resolve(): void; reject(error: unknown): void };
      const done = new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
      });
      done.catch(() => {});
      const member: Member = {
        handler,
        filter,
        position: from ?? { commit: -1n, prepare: -1n },
        current: Promise.resolve(),
        stopped: false,
        fail(error) {
          member.stopped = true;
          settle.reject(error);
        },
      };
      catchUp(member).catch((error: unknown) => member.fail(error));
      return {
        done,
        async stop() {
          member.stopped = true;
          if (member.joined) leave(member.joined, member);
          await member.current.catch(() => {});
          settle.resolve();
        },
      };
    },
  };
}

/** The filter of the projections' reads together: every event when one of them takes every type. */
export function readFilter(projections: readonly Projection[]): AllFilter | undefined {
  if (projections.some((p) => p.eventTypes.length === 0)) return undefined;
  return { eventTypePrefixes: [...new Set(projections.flatMap((p) => p.eventTypes))] };
}

/** Whether `shared` takes every event `own` takes. */
function covers(shared: AllFilter | undefined, own: AllFilter | undefined): boolean {
  if (!shared) return true;
  if (!own) return false;
  const within = (outer: readonly string[] | undefined, inner: readonly string[] | undefined) =>
    !outer || inner?.every((p) => outer.some((o) => p.startsWith(o))) === true;
  return (
    within(shared.eventTypePrefixes, own.eventTypePrefixes) &&
    within(shared.streamNamePrefixes, own.streamNamePrefixes)
  );
}

/** Whether `event` passes `filter` (the store's rule: each list matches when any of its prefixes does). */
function matches(filter: AllFilter | undefined, event: RecordedEvent): boolean {
  const any = (prefixes: readonly string[] | undefined, value: string) =>
    !prefixes || prefixes.some((p) => value.startsWith(p));
  return any(filter?.eventTypePrefixes, event.type) && any(filter?.streamNamePrefixes, event.streamName);
}
