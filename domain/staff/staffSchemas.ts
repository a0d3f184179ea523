/** The fields of a staff account as zod schemas: the store checks them, the staff API's bodies reuse them. */
import { z } from 'zod';
import { LOCALES } from '../markets.ts';
import { STAFF_ROLES } from './staffRoles.ts';

export const MIN_PASSWORD_LENGTH = 12;
/** argon2 takes any length; the cap keeps a request from making us hash megabytes. */
export const MAX_PASSWORD_LENGTH = 256;

export const staffEmailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email('is not an email').max(254, 'at most 254 characters'));
export const staffNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(100, 'at most 100 characters');
export const staffPasswordSchema = z
  .string({ error: 'is required' })
  .min(MIN_PASSWORD_LENGTH, `needs at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`);
export const staffRolesSchema = z
  .array(z.enum(STAFF_ROLES), { error: 'needs at least one role' })
  .min(1, 'needs at least one role');

/** An invitation: who, with which roles, in which language their link opens. */
export const staffInvitationSchema = z.object({
  email: staffEmailSchema,
  name: staffNameSchema,
  roles: staffRolesSchema,
  locale: z.enum(LOCALES),
});
export type StaffInvitationInput = z.infer<typeof staffInvitationSchema>;
