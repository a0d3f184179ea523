/** The leads pages' calls (http/routes/adminLeadsApi.ts) and the list's URL search (its filters). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { LEAD_KINDS, LEAD_STATUSES, type LeadKind, type LeadStatus } from '../../domain/leads/schemas.ts';
import { LOCALES } from '../../domain/markets.ts';
import { apiQuery, call } from './adminApi.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The list's search params: each filter optional; a bad value is dropped. */
export const leadSearch = z.object({
  kind: z.enum(LEAD_KINDS).optional().catch(undefined),
  market: z.enum(LOCALES).optional().catch(undefined),
  dealer: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional()
    .catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type LeadSearch = z.output<typeof leadSearch>;

/** A lead's page: the list it was opened from (its filters), to go back to. */
export const leadDetailSearch = z.object({
  list: z
    .string()
    .regex(/^\/admin\/[A-Za-z-]+\/leads(\?[^#]*)?$/)
    .optional()
    .catch(undefined),
});

export interface LeadItem {
  readonly leadId: string;
  readonly kind: LeadKind;
  readonly market: string;
  readonly carId: string | null;
  readonly dealerId: string;
  readonly dealerName: string | null;
  readonly status: LeadStatus;
  readonly customerId: string | null;
  readonly name: string | null;
  readonly submittedAt: string;
  readonly updatedAt: string;
}

export interface LeadPage {
  readonly items: readonly LeadItem[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}

export interface LeadDetail extends LeadItem {
  readonly bookingId: string | null;
  readonly brand: string | null;
  readonly hub: string | null;
  readonly topic: string | null;
  readonly routedBy: 'car_dealer' | 'chosen' | 'nearest';
  readonly consentVersion: string;
  readonly sourcePage: string;
  readonly contact:
    | {
        readonly erased: false;
        readonly firstName: string;
        readonly lastName: string;
        readonly email: string;
        readonly phone: string | null;
        readonly company: string | null;
        readonly message: string;
      }
    | { readonly erased: true };
  readonly allowed: readonly LeadStatus[];
  readonly history: readonly {
    readonly revision: number;
    readonly type: 'LeadSubmitted' | 'LeadStatusChanged' | 'LeadJoinedCustomer';
    readonly at: string;
    readonly actor: { readonly kind: string; readonly id: string | null; readonly name: string | null };
    readonly from: LeadStatus | null;
    readonly to: LeadStatus | null;
    readonly note: string | null;
  }[];
}

/** The filters as the API and the export take them. */
export const leadFilters = (search: LeadSearch) => {
  const { page: _page, ...filters } = search;
  return filters;
};

export const leadListQuery = (search: LeadSearch) =>
  queryOptions({
    queryKey: ['admin', 'leads', 'list', search],
    queryFn: () => call<LeadPage>('GET', `/admin/api/leads${apiQuery({ ...search })}`),
  });

export const leadDetailQuery = (leadId: string) =>
  queryOptions({
    queryKey: ['admin', 'leads', 'detail', leadId],
    queryFn: () => call<LeadDetail>('GET', `/admin/api/leads/${encodeURIComponent(leadId)}`),
  });

export const changeLeadStatus = (
  leadId: string,
  change: { from: LeadStatus; to: LeadStatus; note?: string },
) => call<LeadDetail>('POST', `/admin/api/leads/${encodeURIComponent(leadId)}/status`, change);
