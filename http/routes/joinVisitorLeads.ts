/**
 * At sign-in or sign-up, the leads this browser sent as a visitor join the account (domain/leads): a
 * `LeadJoinedCustomer` each, once (a lead that has an account keeps it). Read from the leads' read model:
 * a lead sent a moment before signing in may not be there yet and stays a visitor's lead. Retrying is
 * harmless.
 */
import type { LeadService } from '../../engine/leads/leadService.ts';
import type { LeadQueries } from '../../projections/leads/leadQueries.ts';

export function joinVisitorLeads(options: {
  readonly leads: Pick<LeadService, 'joinCustomer'>;
  readonly queries: Pick<LeadQueries, 'ofVisitor'>;
}) {
  return async ({ customerId, visitorId }: { customerId: string; visitorId: string | undefined }) => {
    if (!visitorId) return;
    for (const leadId of await options.queries.ofVisitor(visitorId))
      await options.leads.joinCustomer(leadId, customerId);
  };
}
