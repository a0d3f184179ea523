/** The mail outbox page's calls (http/routes/adminMailApi.ts) and its URL search (`?status=&page=`). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiQuery, call } from './adminApi.ts';

export const MAIL_STATUS_VALUES = ['waiting', 'sent', 'failed', 'cancelled'] as const;
export type MailStatusValue = (typeof MAIL_STATUS_VALUES)[number];

/** The page's search params: a status, a page; anything else (or a bad value) is dropped. */
export const mailSearch = z.object({
  status: z.enum(MAIL_STATUS_VALUES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type MailSearch = z.output<typeof mailSearch>;

export interface MailItem {
  readonly id: string;
  readonly template:
    | 'purchase_confirmed'
    | 'booking_confirmed'
    | 'staff_invitation'
    | 'lead_confirmation'
    | 'lead_notification';
  readonly locale: string;
  readonly recipient: { readonly kind: 'customer' | 'staff' | 'lead' | 'dealer'; readonly id: string };
  readonly status: MailStatusValue;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly cancelReason: string | null;
  readonly messageId: string | null;
  readonly dueAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt: string | null;
}

export interface MailPage {
  readonly mails: readonly MailItem[];
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  /** Whether the mails are sent (SMTP set) or only wait. */
  readonly sending: boolean;
}

export const mailListQuery = (search: MailSearch) =>
  queryOptions({
    queryKey: ['admin', 'mail', 'list', search],
    queryFn: () => call<MailPage>('GET', `/admin/api/mail${apiQuery({ ...search })}`),
  });

export const sendMailAgain = (id: string) =>
  call<MailItem>('POST', `/admin/api/mail/${encodeURIComponent(id)}/send-again`);
