/**
 * Who caused a funnel event (ARCHITECTURE "Funnels": event metadata carries the actor). Only ids: a
 * buyer is a customer id (or, before signing in, the visitor's session-scoped id), never a name or an
 * email; personal data lives in the customer vault (engine/customers).
 */
import type { StaffRole } from '../staff/staffRoles.ts';

export type Actor =
  | { readonly kind: 'buyer'; readonly customerId?: string; readonly visitorId?: string }
  | { readonly kind: 'staff'; readonly staffId: string; readonly role: StaffRole }
  | { readonly kind: 'system'; readonly name: string };

/** A short label for timelines and logs: `buyer cus_12`, `staff st_3 (sales)`, `system hold-expiry`. */
export function describeActor(actor: Actor): string {
  switch (actor.kind) {
    case 'buyer':
      return `buyer ${actor.customerId ?? actor.visitorId ?? 'anonymous'}`;
    case 'staff':
      return `staff ${actor.staffId} (${actor.role})`;
    case 'system':
      return `system ${actor.name}`;
    default: {
      const never: never = actor;
      throw new Error(`unknown actor ${JSON.stringify(never)}`);
    }
  }
}
