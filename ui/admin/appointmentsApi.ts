/** The appointments page's calls (http/routes/adminAppointmentsApi.ts) and its URL search (`?day=&dealer=`). */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { DAY } from '../../domain/appointment/schemas.ts';
import { apiQuery, call } from './adminApi.ts';

/** The page's search params: a day and a dealer; anything else (or a bad value) is dropped. */
export const appointmentSearch = z.object({
  day: z.string().regex(DAY).optional().catch(undefined),
  // The router reads `dealer=1035` as a number.
  dealer: z
    .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().regex(/^\d{1,12}$/))
    .optional()
    .catch(undefined),
});
export type AppointmentSearch = z.output<typeof appointmentSearch>;

export interface StaffAppointment {
  readonly appointmentId: string;
  readonly dealerId: string;
  readonly dealerName: string | null;
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly purpose: 'test-drive' | 'after-sales' | 'trade-in-inspection';
  readonly status: 'booked' | 'cancelled';
  readonly cancelCode: string | null;
  readonly contact: { readonly name: string; readonly phone: string | null } | null;
}

export const appointmentListQuery = (day: string, dealer: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'appointments', day, dealer ?? ''],
    queryFn: () =>
      call<{ day: string; appointments: StaffAppointment[] }>(
        'GET',
        `/admin/api/appointments${apiQuery({ day, dealer })}`,
      ),
  });

export const cancelAppointment = (id: string, body: { code: string; reason: string }) =>
  call<unknown>('POST', `/admin/api/appointments/${encodeURIComponent(id)}/cancel`, body);
