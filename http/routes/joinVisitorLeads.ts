/**
 * At sign-in or sign-up, the leads this browser sent as a visitor join the account (domain/leads): a
 * `LeadJoinedCustomer` each, once (a lead that has an account keeps it). Read from the leads' read model,
 * after waiting (2 s at most) for it to hold what was stored when the buyer signed in: a lead sent a
 * moment before joins too. Retrying is harmless.
 */
import type { LeadService } from '../../engine/leads/leadService.ts';
import type { LeadQueries } from '../../projections/leads/leadQueries.ts';
import { waitAtMost } from './waitAtMost.ts';

export function joinVisitorLeads(options: {
  readonly leads: Pick<LeadService, 'joinCustomer'>;
  readonly queries: Pick<LeadQueries, 'ofVisitor'>;
  /** Resolves once the read models hold what was stored when it was called. */
  readonly caughtUp?: () => Promise<void>;
}) {
  return async ({ customerId, visitorId }: { customerId: string; visitorId: string | undefined }) => {
    if (!visitorId) return;
    if (options.caughtUp) await waitAtMost(options.caughtUp, 2000);
    for (const leadId of await options.queries.ofVisitor(visitorId))
      await options.leads.joinCustomer(leadId, customerId);
  };
}
