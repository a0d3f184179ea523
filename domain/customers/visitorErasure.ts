/**
 * Erasing a visitor who never signed up (GDPR), by the email they typed in forms: the contact details of
 * their leads and dealer appointments are crypto-shredded (engine/customers/eraseVisitor.ts). The record
 * of it, on a stream of its own per erasure, holds counts and never the email:
 * `VisitorErased { erasureId, erasedAt, by, reason, leads, appointmentContacts }` (`by` a staff id).
 */
export interface VisitorErasure {
  readonly erasureId: string;
  readonly erasedAt: string;
  readonly by: string;
  readonly reason: string;
  /** Leads whose contact details were erased. */
  readonly leads: number;
  /** Dealer appointments' contact details erased. */
  readonly appointmentContacts: number;
}

export type VisitorErasureEvent = { type: 'VisitorErased'; data: VisitorErasure };

export const VISITOR_ERASURE_STREAM_PREFIX = 'visitor-erasure-';

export const visitorErasureStream = (erasureId: string) => `${VISITOR_ERASURE_STREAM_PREFIX}${erasureId}`;
