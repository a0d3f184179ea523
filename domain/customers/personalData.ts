/**
 * A customer's personal data and the rules its fields follow. This data lives only in the customer
 * vault (engine/customers/vault), encrypted under the customer's own key; events and read models carry
 * the customer's id, never these fields. The schemas serve the HTTP bodies, the vault and the UI's forms
 * alike, so a message shown beside a field is the same everywhere.
 */
import { z } from 'zod';

/** Trims and lower-cases: `Anna@Example.TEST ` and `anna@example.test` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string('is required')
  .transform(normalizeEmail)
  .pipe(z.email('is not an email address').max(254, 'has at most 254 characters'));

// No control characters (a pasted tab or newline) in a name or an address line.
const CONTROL = /\p{Cc}/u;
const text = (max: number) =>
  z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(max, `has at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'has characters that are not allowed');

export const nameSchema = text(100);

/** Forms send `""` for a field left empty: that is "no value", not a bad value. */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Digits with an optional leading `+` and the usual separators; 6 to 15 digits (E.164's maximum). */
export const phoneSchema = z
  .string('is not a phone number')
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]*$/, 'is not a phone number')
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 15;
  }, 'needs 6 to 15 digits');

export const addressSchema = z.object({
  /** Street, number, building: one to three lines. */
  lines: z.array(text(100)).min(1, 'needs at least one line').max(3, 'has at most 3 lines'),
  postcode: z
    .string('is required')
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'is not a postcode'),
  city: text(100),
  /** ISO 3166-1 alpha-2 (`FR`, `BE`, …): the buyer may live outside the market they buy in. */
  country: z
    .string('is required')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'is not a country code such as FR'),
});

/**
 * A registration plate as the buyer types it: letters, digits, spaces and hyphens (every market's
 * format fits), upper-cased. It identifies a person's car, so it lives here, never in a table or event.
 */
export const plateSchema = z
  .string('is required')
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9 -]{1,13}[A-Z0-9]$/, 'is not a registration plate');

/** The plates of the buyer's own cars (engine/customers/cars), by the car's id. */
export const carPlatesSchema = z.record(z.string().regex(/^mc_[a-z0-9]{1,40}$/), plateSchema);

/** `YYYY-MM-DD`, a real calendar day from 1900 on. Age rules belong to the funnels (they know the date). */
export const birthDateSchema = z
  .string('is not a date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a date (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01';
  }, 'is not a real date');

export const personalDataSchema = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phone: z.preprocess(emptyAsUndefined, phoneSchema.optional()),
  address: addressSchema.optional(),
  birthDate: z.preprocess(emptyAsUndefined, birthDateSchema.optional()),
  carPlates: carPlatesSchema.optional(),
});

/** What the vault keeps about a person. */
export type PersonalData = z.output<typeof personalDataSchema>;
export type Address = z.output<typeof addressSchema>;

/**
 * A change of personal data (the purchase's my-infos step, the account page): only the fields given
 * change; `null` clears an optional one. An empty change changes nothing.
 */
export const personalDataPatchSchema = z.object({
  email: emailSchema.optional(),
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  // Here an emptied field clears the value.
  phone: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    phoneSchema.nullish(),
  ),
  address: addressSchema.nullish(),
  birthDate: birthDateSchema.nullish(),
  /** The whole set of plates (engine/customers/cars writes it; the account's profile call does not). */
  carPlates: carPlatesSchema.nullish(),
});

export type PersonalDataPatch = z.input<typeof personalDataPatchSchema>;

/** The data after a patch (pure; the vault validates both). */
export function applyPersonalDataPatch(
  data: PersonalData,
  patch: z.output<typeof personalDataPatchSchema>,
): PersonalData {
  const next: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as PersonalData;
}
