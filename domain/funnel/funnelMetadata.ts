/**
 * Metadata stored with every funnel event (ARCHITECTURE "Funnels"): who, when, which machine version
 * decided it, and the correlation/causation chain (a buyer's request → the events it caused → the
 * events those caused: a webhook, a timer). The command handler builds it; `decide` never sees it.
 */
import type { Actor } from './actor.ts';

export interface FunnelEventMetadata {
  readonly actor: Actor;
  /** The machine that decided the event and its version (`purchase@1`): replay uses the same rules. */
  readonly machine: { readonly id: string; readonly version: number };
  /** The business process the event belongs to: the funnel's id for buyer steps, kept across hops. */
  readonly correlationId: string;
  /** The id of the command (or event) that caused this event. */
  readonly causationId: string;
  /** The command's idempotency key: the same key never makes two sets of events. */
  readonly idempotencyKey?: string;
  /** When it happened (ISO 8601, UTC), injected by the caller. */
  readonly at: string;
  /** Why staff acted (the back office's required reason); absent for buyers and the system. */
  readonly reason?: string;
}
