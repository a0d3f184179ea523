/**
 * The staff pages' calls (http/routes/adminStaffApi.ts) and their query options: the accounts list,
 * invitations, roles, disabling; the invitee's link check and acceptance (which signs them in).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../domain/markets.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { call, type Staff } from './adminApi.ts';

export interface StaffAccountItem {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly StaffRole[];
  readonly disabled: boolean;
  /** Invited, no password set yet. */
  readonly invited: boolean;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
  readonly invitationExpiresAt: string | null;
}

export interface StaffInvitationAnswer {
  readonly account: Omit<StaffAccountItem, 'invitationExpiresAt'>;
  /** `/admin/{locale}/sign-in/invitation?token=…`: shown once, never stored in clear. */
  readonly invitationPath: string;
  readonly expiresAt: string;
  readonly replaced: boolean;
}

export interface OpenInvitation {
  readonly name: string;
  readonly email: string;
  readonly locale: Locale;
  readonly expiresAt: string;
}

export const staffListQuery = queryOptions({
  queryKey: ['admin', 'staff', 'list'],
  queryFn: () => call<{ accounts: StaffAccountItem[] }>('GET', '/admin/api/staff'),
});

export const inviteStaff = (body: {
  name: string;
  email: string;
  roles: readonly StaffRole[];
  locale: Locale;
}) => call<StaffInvitationAnswer>('POST', '/admin/api/staff/invitations', body);

export const setStaffRoles = (id: string, roles: readonly StaffRole[]) =>
  call<StaffAccountItem>('POST', `/admin/api/staff/${encodeURIComponent(id)}/roles`, { roles });

export const setStaffDisabled = (id: string, disabled: boolean) =>
  call<StaffAccountItem>(
    'POST',
    `/admin/api/staff/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`,
  );

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['admin', 'staff', 'invitation', token],
    queryFn: () =>
      call<OpenInvitation>('GET', `/admin/api/staff/invitation?token=${encodeURIComponent(token)}`),
    retry: false,
  });

export const acceptInvitation = (token: string, password: string) =>
  call<Staff & { csrfToken: string }>('POST', '/admin/api/staff/invitation', { token, password });
