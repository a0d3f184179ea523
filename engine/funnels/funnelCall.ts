/**
 * What every funnel command carries besides its input (who asks, its idempotency key) and the rules the
 * purchase and booking services share: who may read and drive a funnel, the metadata of its events, and
 * the ids derived from a command's key (payments, refunds, applications), so a retried command creates
 * nothing twice at a provider.
 */

import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { FunnelKind } from '../../domain/funnel/funnelKind.ts';
import type { FunnelEventMetadata } from '../../domain/funnel/funnelMetadata.ts';
import { deterministicId } from '../catalogue/deterministicId.ts';
import type { JsonObject } from '../eventStore.ts';

/** Who asks and the command's idempotency key. */
export interface FunnelCall {
  /**
   * A buyer (the session's customer id and/or visitor id: pass both when the session has both), a staff
   * member, or the system (a timer, a webhook).
   */
  readonly actor: Actor;
  /**
   * The same key never makes two sets of events (a client's `Idempotency-Key` header, a webhook event
   * id, a timer key). Scope it to the request: a key reused for another command answers the first.
   * `{ derivedFrom }` (a request without a key): the key is that fingerprint of the request with the
   * funnel's revision as the command reads it, so two copies sent against the same revision (a double
   * click) are one command, and the same request once the funnel has moved on is another.
   */
  readonly idempotencyKey: string | { readonly derivedFrom: string };
  /** Why staff act (the back office asks for it): stored in the events' metadata beside the actor. */
  readonly reason?: string;
}

/** A call whose key is known (derived ones resolved on the revision read). */
export interface ResolvedCall extends FunnelCall {
  readonly idempotencyKey: string;
}

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The call's key: its own, or derived from the revision the command read (undefined: no stream yet). */
export function resolveCall(call: FunnelCall, revision: bigint | undefined): ResolvedCall {
  const key = call.idempotencyKey;
  const resolved =
    typeof key === 'string'
      ? key
      : `${key.derivedFrom.slice(0, 170)}@${revision === undefined ? '-' : revision}`;
  if (!KEY.test(resolved))
    throw ValidationError.field('idempotencyKey', 'must be 1 to 200 visible ASCII characters');
  return { actor: call.actor, idempotencyKey: resolved, ...(call.reason ? { reason: call.reason } : {}) };
}

/** A key of a step the service takes on its own inside a call (contact check, hold, conversion). */
export function subCall(call: ResolvedCall, step: string): ResolvedCall {
  return { ...call, idempotencyKey: `${call.idempotencyKey.slice(0, 180)}/${step}` };
}

/** The system actor of the funnels' own background work. */
export const systemActor = (name: string): Actor => ({ kind: 'system', name });

/** Who started a funnel (its first event's metadata). */
export function starterOf(metadata: readonly JsonObject[]): Actor | undefined {
  const actor = metadata[0]?.actor as Actor | undefined;
  return actor && typeof actor === 'object' && 'kind' in actor ? actor : undefined;
}

/**
 * Whether `actor` may read and drive a funnel: staff and the system may; a buyer only their own. Once a
 * customer is known (signed in at the start or later) it is theirs alone; before that, the browser
 * (visitor id) that started it.
 */
export function mayAccess(actor: Actor, customerId: string | null, starter: Actor | undefined): boolean {
  if (actor.kind !== 'buyer') return true;
  const owner = customerId ?? (starter?.kind === 'buyer' ? starter.customerId : undefined);
  if (owner) return actor.customerId === owner;
  return starter?.kind === 'buyer' && !!starter.visitorId && actor.visitorId === starter.visitorId;
}

/** Another buyer's funnel or an unknown one: the same 404, so ids cannot be probed. */
export function funnelNotFound(funnel: FunnelKind, id: string): NotFoundError {
  return new NotFoundError(`no ${funnel} ${id}`, { funnel, id });
}

/** The metadata of a funnel command's events (handleCommand adds the key). */
export function funnelMetadata(
  machine: { id: string; version: number },
  funnelId: string,
  call: ResolvedCall,
  at: string,
): Omit<FunnelEventMetadata, 'idempotencyKey'> {
  return {
    actor: call.actor,
    machine,
    correlationId: `${machine.id}-${funnelId}`,
    causationId: commandIdOf(machine.id, funnelId, call.idempotencyKey),
    at,
    ...(call.reason ? { reason: call.reason } : {}),
  };
}

/** The metadata of the hold events a funnel command writes on the car's stream. */
export function carMetadata(
  funnel: FunnelKind,
  funnelId: string,
  call: ResolvedCall,
  at: string,
): JsonObject {
  return {
    actor: call.actor as unknown as JsonObject,
    correlationId: `${funnel}-${funnelId}`,
    causationId: commandIdOf(funnel, funnelId, call.idempotencyKey),
    idempotencyKey: call.idempotencyKey,
    at,
    ...(call.reason ? { reason: call.reason } : {}),
  };
}

/** A command's id: derived from its key, so a retried command has the same one. */
export function commandIdOf(funnel: string, funnelId: string, key: string): string {
  return deterministicId('funnel-command', funnel, funnelId, key);
}

/** `prefix_` + 32 hex digits derived from the parts: fits every provider id rule (≤ 64, [A-Za-z0-9_-]). */
export function derivedId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${deterministicId(prefix, ...parts).replaceAll('-', '')}`;
}

/** One refund per payment: a deposit is refunded in full once, whichever event asked first. */
export const refundIdOf = (paymentId: string): string => derivedId('rf', paymentId);
