/**
 * Leads (SPEC §7's ten lead calls): the kinds, statuses, events and commands as zod schemas; the types
 * are derived from them. Events carry ids only: the person's words live in the vault (domain/leads/README.md).
 */
import { z } from 'zod';
import { CONTENT_ID } from '../content/items/contentItem.ts';
import { LOCALES } from '../markets.ts';

/** SPEC §7's lead calls, one kind each. */
export const LEAD_KINDS = [
  'car',
  'brand',
  'dealer',
  'hub',
  'cee',
  'contact',
  'electric',
  'faq',
  'finance',
  'warranty',
] as const;
export const leadKindSchema = z.enum(LEAD_KINDS);
export type LeadKind = z.output<typeof leadKindSchema>;

/** A lead's life in the back office; `won` and `lost` are final. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.output<typeof leadStatusSchema>;

/** `lead_` + 32 hex digits: the stream's id and the lead's vault subject. */
export const LEAD_ID = /^lead_[a-f0-9]{32}$/;
export const leadIdSchema = z.string().regex(LEAD_ID, 'is not a lead id');

/** How the dealer was found: the car's, the one the buyer chose, or the nearest to the postcode. */
export const ROUTINGS = ['car_dealer', 'chosen', 'nearest'] as const;
export const routingSchema = z.enum(ROUTINGS);
export type Routing = z.output<typeof routingSchema>;

const digits = z.string().regex(/^\d{1,12}$/);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** The consent the buyer gave: the version of the text shown beside the box (ui/pages/leads). */
export const leadConsentSchema = z.object({
  given: z.literal(true),
  textVersion: z.string().regex(/^[\w.-]{1,40}$/),
});

export const leadSubmittedDataSchema = z.object({
  leadId: leadIdSchema,
  kind: leadKindSchema,
  locale: z.enum(LOCALES),
  /** The car asked about (car leads), and the booking it came from (0 = none). */
  carId: digits.nullable(),
  bookingId: digits.nullable(),
  /** The brand page (brand leads), the hub (hub leads). */
  brand: slug.nullable(),
  hub: slug.nullable(),
  /** A topic picked from a list (the contact form's subject, the B2B fleet size): a code, never text. */
  topic: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,40}$/)
    .nullable(),
  dealerId: digits,
  routedBy: routingSchema,
  consent: leadConsentSchema,
  /** The page the form was on (a path of the route table). */
  sourcePage: z.string().max(300),
  /** The landing page (content item) the form was on; absent in leads sent before landing pages. */
  landingPageId: z.string().regex(CONTENT_ID).nullable().optional(),
  /** The signed-in customer, else the browser's visitor id (moves to the account at sign-in). */
  customerId: z.string().nullable(),
  visitorId: z.string().nullable(),
});

export const leadStatusChangedDataSchema = z.object({
  leadId: leadIdSchema,
  from: leadStatusSchema,
  to: leadStatusSchema,
  /** The staff member's id. */
  by: z.string(),
  /** The note's key in the lead's vault record (the note is free text: never in the event). */
  noteId: z.string().nullable(),
});

export const leadJoinedCustomerDataSchema = z.object({
  leadId: leadIdSchema,
  customerId: z.string(),
});

export const leadEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LeadSubmitted'), data: leadSubmittedDataSchema }),
  z.object({ type: z.literal('LeadStatusChanged'), data: leadStatusChangedDataSchema }),
  z.object({ type: z.literal('LeadJoinedCustomer'), data: leadJoinedCustomerDataSchema }),
]);
export type LeadEvent = z.output<typeof leadEventSchema>;
export type LeadEventType = LeadEvent['type'];
export type LeadSubmitted = z.output<typeof leadSubmittedDataSchema>;

export const LEAD_EVENT_TYPES: readonly LeadEventType[] = [
  'LeadSubmitted',
  'LeadStatusChanged',
  'LeadJoinedCustomer',
];

export const LEAD_STREAM_PREFIX = 'lead-';
export function leadStream(leadId: string): string {
  return `${LEAD_STREAM_PREFIX}${leadId}`;
}

export const leadCommandSchema = z.discriminatedUnion('type', [
  /** Every fact gathered first: the routed dealer, the consent shown, who is asking. */
  z.object({ type: z.literal('SubmitLead'), lead: leadSubmittedDataSchema }),
  z.object({
    type: z.literal('ChangeLeadStatus'),
    /** The status the staff member saw: another one moved it meanwhile → 409 with what is allowed now. */
    from: leadStatusSchema,
    to: leadStatusSchema,
    by: z.string(),
    noteId: z.string().nullable(),
  }),
  z.object({ type: z.literal('JoinCustomer'), customerId: z.string() }),
]);
export type LeadCommand = z.output<typeof leadCommandSchema>;
