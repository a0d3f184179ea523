/**
 * The lead decider: the state is folded from the lead's own stream; statuses only move forward
 * (new → contacted → qualified → won | lost; `lost` from any open status), and a staff member's change
 * names the status they saw, so the slower of two gets a conflict with what is allowed now.
 */
import { ConflictError, NotFoundError } from '../errors.ts';
import type { LeadCommand, LeadEvent, LeadKind, LeadStatus } from './schemas.ts';

export interface LeadState {
  readonly submitted: boolean;
  readonly leadId: string | null;
  readonly kind: LeadKind | null;
  readonly status: LeadStatus | null;
  readonly customerId: string | null;
}

export const initialLead: LeadState = {
  submitted: false,
  leadId: null,
  kind: null,
  status: null,
  customerId: null,
};

const RANK: Readonly<Record<LeadStatus, number>> = { new: 0, contacted: 1, qualified: 2, won: 3, lost: 3 };

/** The statuses a lead may move to from `status` (none once won or lost). */
export function allowedStatuses(status: LeadStatus | null): LeadStatus[] {
  if (status === null || RANK[status] === 3) return [];
  return (Object.keys(RANK) as LeadStatus[]).filter((to) => RANK[to] > RANK[status]);
}

export function evolveLead(state: LeadState, event: LeadEvent): LeadState {
  switch (event.type) {
    case 'LeadSubmitted':
      return {
        submitted: true,
        leadId: event.data.leadId,
        kind: event.data.kind,
        status: 'new',
        customerId: event.data.customerId,
      };
    case 'LeadStatusChanged':
      return { ...state, status: event.data.to };
    case 'LeadJoinedCustomer':
      return { ...state, customerId: event.data.customerId };
    default: {
      const never: never = event;
      throw new Error(`unknown lead event ${JSON.stringify(never)}`);
    }
  }
}

export function decideLead(command: LeadCommand, state: LeadState): LeadEvent[] {
  switch (command.type) {
    case 'SubmitLead':
      // The same lead again (a retried request with its idempotency key): nothing new.
      if (state.submitted) return [];
      return [{ type: 'LeadSubmitted', data: command.lead }];
    case 'ChangeLeadStatus': {
      if (!state.submitted || !state.leadId || !state.status)
        throw new NotFoundError('lead not found', { status: null });
      const allowed = allowedStatuses(state.status);
      if (state.status !== command.from || !allowed.includes(command.to)) {
        throw new ConflictError(
          `the lead is ${state.status}: it may move to ${allowed.join(', ') || 'nothing'}`,
          {
            status: state.status,
            allowed,
          },
        );
      }
      return [
        {
          type: 'LeadStatusChanged',
          data: {
            leadId: state.leadId,
            from: state.status,
            to: command.to,
            by: command.by,
            noteId: command.noteId,
          },
        },
      ];
    }
    case 'JoinCustomer':
      if (!state.submitted || !state.leadId) throw new NotFoundError('lead not found');
      // Already the customer's, or another account's (the first one keeps it): nothing to do.
      if (state.customerId !== null) return [];
      return [{ type: 'LeadJoinedCustomer', data: { leadId: state.leadId, customerId: command.customerId } }];
    default: {
      const never: never = command;
      throw new Error(`unknown lead command ${JSON.stringify(never)}`);
    }
  }
}
