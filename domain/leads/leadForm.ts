/**
 * What a lead form sends, checked field by field (the messages are codes the page words in the buyer's
 * language), and what the lead's vault record keeps: the person's words, never in events or tables.
 */
import { z } from 'zod';
import { CONTENT_ID } from '../content/items/contentItem.ts';
import { emailSchema, nameSchema, phoneSchema } from '../customers/personalData.ts';
import { HONEYPOT_FIELD } from './leadFields.ts';

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Control characters other than line breaks and tabs (a pasted NUL, an escape sequence). */
const hasControl = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== '\n' && c !== '\r' && c !== '\t') || code === 127;
  });
export const leadMessageSchema = z
  .string('is required')
  .trim()
  .min(10, 'has at least 10 characters')
  .max(2000, 'has at most 2000 characters')
  .refine((value) => !hasControl(value), 'has characters that are not allowed');

const optionalText = (max: number) =>
  z.preprocess(emptyAsUndefined, z.string().trim().max(max, `has at most ${max} characters`).optional());

/** A code from a list (a subject, a fleet size). */
const code = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'is not one of the choices')
    .optional(),
);

/** The fields every lead form sends; `postcode` and `dealerId` are asked by the kinds that need them. */
export const leadFormSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: z.preprocess(emptyAsUndefined, phoneSchema.optional()),
  message: leadMessageSchema,
  postcode: z.preprocess(emptyAsUndefined, z.string().trim().max(10, 'is not a postcode').optional()),
  dealerId: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,12}$/, 'is not one of the choices')
      .optional(),
  ),
  topic: code,
  company: optionalText(120),
  /** The consent box: ticked (`yes`/`true`/`on`) or refused. */
  consent: z
    .preprocess(
      (value) => (Array.isArray(value) ? value.at(-1) : value),
      z.union([z.literal('yes'), z.literal('true'), z.literal('on'), z.literal(true)], 'is required'),
    )
    .transform(() => true as const),
  /** The consent text's version the page showed (hidden field); an older page's is recorded as sent. */
  consentVersion: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.-]{1,40}$/)
      .optional(),
  ),
  /** The page the form was on. */
  sourcePage: z.preprocess(emptyAsUndefined, z.string().max(300).optional()),
  /** The landing page the form was on (a content item id, hidden field): its lead count counts it. */
  landingPage: z.preprocess(emptyAsUndefined, z.string().regex(CONTENT_ID, 'a content id').optional()),
  [HONEYPOT_FIELD]: z.preprocess(emptyAsUndefined, z.string().max(2000).optional()),
});
export type LeadForm = z.output<typeof leadFormSchema>;

/** The lead's vault record: the person's contact, their message, staff notes by id. */
export const leadContactSchema = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  phone: phoneSchema.optional(),
  message: z.string().max(2000),
  company: z.string().max(120).optional(),
  notes: z.record(z.string().regex(/^n\d{1,6}$/), z.string().max(2000)).default({}),
});
export type LeadContact = z.output<typeof leadContactSchema>;

/** A staff note on a status change (free text: it goes to the vault with the lead's contact). */
export const leadNoteSchema = z.preprocess(
  emptyAsUndefined,
  z.string().trim().max(2000, 'has at most 2000 characters').optional(),
);
