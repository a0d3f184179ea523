/**
 * What the staff API shows of one funnel, read from its stream (never behind, unlike a read model):
 * the timeline (every event with who, what, when, its data, and where the funnel stood after it) and
 * the state after any chosen event, folded by the funnel's machine (engine/funnels/funnelHistory.ts).
 * The summary fields come from the same functions as the read models' rows (projections/funnels).
 */
import { allowedCommands as bookingAllowed } from '../../domain/booking/allowedCommands.ts';
import { type BookingSnapshot, bookingEvolver } from '../../domain/booking/bookingState.ts';
import { type BookingEvent, bookingStream } from '../../domain/booking/events.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type Actor, describeActor } from '../../domain/funnel/actor.ts';
import {
  allowedCommands as purchaseAllowed,
  reopenableSteps,
} from '../../domain/purchase/allowedCommands.ts';
import { type PurchaseEvent, purchaseStream } from '../../domain/purchase/events.ts';
import { type PurchaseSnapshot, purchaseEvolver } from '../../domain/purchase/purchaseState.ts';
import type { ErasedRecord, VaultRecord } from '../../engine/customers/vault/customerVault.ts';
import type { EventStore, JsonObject } from '../../engine/eventStore.ts';
import { readTimeline, stateAfter, type TimelineEntry } from '../../engine/funnels/funnelHistory.ts';
import type { Evolver } from '../../engine/handleCommand.ts';
import { bookingListRow } from '../../projections/funnels/bookingRow.ts';
import { purchaseListRow } from '../../projections/funnels/purchaseRow.ts';

/** The vault's one call the staff API makes (names beside ids, read at request time). */
export interface CustomerDirectory {
  readMany(customerIds: readonly string[]): Promise<Map<string, VaultRecord | ErasedRecord>>;
}

/** The staff accounts' one call the staff API makes (a staff member's name in a timeline). */
export interface StaffDirectory {
  find(id: string): Promise<{ readonly name: string } | undefined>;
}

export interface ListCustomer {
  readonly id: string;
  readonly name: string | null;
  readonly erased: boolean;
}

const isErased = (r: VaultRecord | ErasedRecord): r is ErasedRecord => 'erasedAt' in r;

/** The customers of a page (id and name; an erased one has no name), by id. */
export async function customerNames(
  vault: CustomerDirectory,
  ids: readonly (string | null)[],
): Promise<Map<string, ListCustomer>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const found = wanted.length > 0 ? await vault.readMany(wanted) : new Map<string, never>();
  return new Map(
    wanted.map((id): [string, ListCustomer] => {
      const record = found.get(id);
      if (!record || isErased(record)) return [id, { id, name: null, erased: record !== undefined }];
      return [id, { id, name: `${record.data.firstName} ${record.data.lastName}`, erased: false }];
    }),
  );
}

/**
 * Each chunk of items with their customers' names, read from the vault once per chunk (exports). The
 * name is set on the chunk's own items, which the export reads fresh, rather than on copies: an object
 * spread per row cost more CPU than the rest of this step (~0.4 s for 100,000 rows).
 */
export async function* withCustomers<Item extends { customerId: string | null }>(
  chunks: AsyncIterable<Item[]>,
  vault: CustomerDirectory,
): AsyncGenerator<(Item & { customer: ListCustomer | null })[]> {
  for await (const items of chunks) {
    const names = await customerNames(
      vault,
      items.map((i) => i.customerId),
    );
    const named = items as (Item & { customer: ListCustomer | null })[];
    for (const item of named) item.customer = item.customerId ? (names.get(item.customerId) ?? null) : null;
    yield named;
  }
}

/** The one customer of a detail, with what sales staff need to reach them. */
export async function customerContact(vault: CustomerDirectory, customerId: string | null) {
  if (customerId === null) return null;
  const record = (await vault.readMany([customerId])).get(customerId);
  if (!record || isErased(record))
    return { id: customerId, name: null, email: null, phone: null, erased: record !== undefined };
  const { firstName, lastName, email, phone } = record.data;
  return { id: customerId, name: `${firstName} ${lastName}`, email, phone: phone ?? null, erased: false };
}

interface FunnelKind<State, Event extends { type: string; data: unknown }> {
  readonly name: 'booking' | 'purchase';
  readonly stream: (id: string) => string;
  readonly evolver: Evolver<State, Event>;
  readonly position: (state: State) => { step: string | null; status: string };
}

const purchaseKind: FunnelKind<PurchaseSnapshot, PurchaseEvent> = {
  name: 'purchase',
  stream: purchaseStream,
  evolver: purchaseEvolver,
  position: (state) => {
    const f = purchaseListRow(state);
    return { step: f.step, status: f.status };
  },
};

const bookingKind: FunnelKind<BookingSnapshot, BookingEvent> = {
  name: 'booking',
  stream: bookingStream,
  evolver: bookingEvolver,
  position: (state) => {
    const f = bookingListRow('', state);
    return { step: f.screen, status: f.status };
  },
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const eventAt = (entry: TimelineEntry) => {
  const at = text(entry.metadata.at);
  return at !== null && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : entry.recordedAt;
};

function describeWho(actor: unknown): string {
  if (typeof actor !== 'object' || actor === null || !('kind' in actor)) return 'unknown';
  try {
    return describeActor(actor as Actor);
  } catch {
    return 'unknown';
  }
}

/** What naming a timeline needs of its entries. */
export interface TimelineView {
  readonly actor: JsonObject | null;
}

/**
 * The timeline with each actor's name beside its id (`actorName`): a staff member's from the staff
 * accounts, a buyer's from the vault (null once erased, or for a visitor and the system). Read at request
 * time, never stored in events.
 */
export async function actorNames<Entry extends TimelineView>(
  timeline: readonly Entry[],
  directories: { readonly customers: CustomerDirectory; readonly staff?: StaffDirectory },
): Promise<(Entry & { actorName: string | null })[]> {
  const idOf = (actor: JsonObject | null, kind: 'staff' | 'buyer', key: 'staffId' | 'customerId') =>
    actor?.kind === kind && typeof actor[key] === 'string' ? actor[key] : null;
  const staffIds = [...new Set(timeline.map((e) => idOf(e.actor, 'staff', 'staffId')))].filter(
    (id): id is string => id !== null,
  );
  const staff = directories.staff;
  const staffNames = new Map(
    staff
      ? await Promise.all(staffIds.map(async (id) => [id, (await staff.find(id))?.name ?? null] as const))
      : [],
  );
  const buyers = await customerNames(
    directories.customers,
    timeline.map((e) => idOf(e.actor, 'buyer', 'customerId')),
  );
  return timeline.map((entry) => {
    const staffId = idOf(entry.actor, 'staff', 'staffId');
    const customerId = idOf(entry.actor, 'buyer', 'customerId');
    const actorName =
      staffId !== null
        ? (staffNames.get(staffId) ?? null)
        : customerId !== null
          ? (buyers.get(customerId)?.name ?? null)
          : null;
    return { ...entry, actorName };
  });
}

/** The stream's events with who, what, when and where the funnel stood after each, and the final state. */
async function history<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  kind: FunnelKind<State, Event>,
  id: string,
) {
  const entries = await readTimeline(store, kind.stream(id));
  let state = kind.evolver.initialState;
  const timeline = entries.map((entry) => {
    state = kind.evolver.evolve(state, { type: entry.type, data: entry.data } as Event);
    const machine = entry.metadata.machine as JsonObject | undefined;
    return {
      revision: entry.revision,
      type: entry.type,
      at: eventAt(entry),
      recordedAt: entry.recordedAt,
      who: describeWho(entry.metadata.actor),
      actor: (entry.metadata.actor as JsonObject | undefined) ?? null,
      machine: machine ? `${String(machine.id)}@${String(machine.version)}` : null,
      correlationId: text(entry.metadata.correlationId),
      causationId: text(entry.metadata.causationId),
      reason: text(entry.metadata.reason),
      data: entry.data,
      after: kind.position(state),
    };
  });
  const first = timeline[0];
  const last = timeline.at(-1);
  if (!first || !last) throw new NotFoundError(`${kind.name} ${id} not found`, { id });
  return { state, timeline, createdAt: first.at, updatedAt: last.at };
}

/** The state after the event at `after` (the last event when absent), with the event it follows. */
async function stateAt<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  kind: FunnelKind<State, Event>,
  id: string,
  after: number | undefined,
) {
  const entries = await readTimeline(store, kind.stream(id));
  const revision = after ?? entries.length - 1;
  const state = await stateAfter(store, kind.stream(id), kind.evolver, revision);
  const entry = entries[revision];
  if (!entry) throw new NotFoundError(`${kind.name} ${id} has no event ${revision}`, { id, revision });
  return { state, event: { revision, type: entry.type, at: eventAt(entry) } };
}

const machineOf = (snapshot: PurchaseSnapshot | BookingSnapshot) => ({
  value: snapshot.value as unknown,
  context: snapshot.context as unknown as Record<string, unknown>,
});

const bookingView = (id: string, snapshot: BookingSnapshot) => {
  const f = bookingListRow(id, snapshot);
  const { locale, ...rest } = f;
  return { ...rest, market: locale };
};

const purchaseView = (snapshot: PurchaseSnapshot) => {
  const { locale, ...rest } = purchaseListRow(snapshot);
  return { ...rest, market: locale };
};

export async function bookingHistoryView(store: EventStore, id: string) {
  const { state, timeline, createdAt, updatedAt } = await history(store, bookingKind, id);
  return {
    booking: { ...bookingView(id, state), createdAt, updatedAt, events: timeline.length },
    state,
    allowedCommands: bookingAllowed(state),
    timeline,
  };
}

export async function bookingStateView(store: EventStore, id: string, after: number | undefined) {
  const { state, event } = await stateAt(store, bookingKind, id, after);
  return {
    ...bookingView(id, state),
    event,
    allowedCommands: bookingAllowed(state),
    machine: machineOf(state),
  };
}

export async function purchaseHistoryView(store: EventStore, id: string) {
  const { state, timeline, createdAt, updatedAt } = await history(store, purchaseKind, id);
  return {
    purchase: { ...purchaseView(state), createdAt, updatedAt, events: timeline.length },
    state,
    allowedCommands: purchaseAllowed(state),
    timeline,
  };
}

export async function purchaseStateView(store: EventStore, id: string, after: number | undefined) {
  const { state, event } = await stateAt(store, purchaseKind, id, after);
  return {
    ...purchaseView(state),
    event,
    allowedCommands: purchaseAllowed(state),
    reopenableSteps: reopenableSteps(state),
    machine: machineOf(state),
  };
}
