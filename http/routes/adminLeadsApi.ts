/**
 * The back office's leads (SPEC `admin_leads`; domain/leads/README.md), sales and admin:
 *
 * - `GET /admin/api/leads?kind=&market=&dealer=&status=&from=&to=&page=` — the filtered list, newest
 *   first, 50 a page: ids and codes from the read model, the dealer's name, the person's name from the
 *   lead's vault record (null once erased);
 * - `GET /admin/api/leads/export?format=xlsx|csv&<same filters>` — exactly the filtered list, streamed;
 * - `GET /admin/api/leads/:leadId` — the lead, the person's contact and message (or `erased`), the
 *   statuses allowed now and its history (each event with its time and actor's name, staff notes);
 * - `POST /admin/api/leads/:leadId/status { from, to, note? }` — a status change by the staff member
 *   signed in; `from` is the status they saw: moved meanwhile by another → 409 with `status` and
 *   `allowed` (what may follow now); not a forward move → 409 likewise; unknown lead → 404. A retry after
 *   success is a 409 saying the lead is already there (nothing written twice).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { allowedStatuses } from '../../domain/leads/decide.ts';
import { LEAD_ID, LEAD_KINDS, LEAD_STATUSES, leadStream } from '../../domain/leads/schemas.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { StreamNotFoundError } from '../../engine/eventStoreErrors.ts';
import type { LeadContacts } from '../../engine/leads/leadContacts.ts';
import type { LeadService } from '../../engine/leads/leadService.ts';
import type { leadFacts } from '../../projections/leads/leadFacts.ts';
import {
  LEAD_PAGE_SIZE,
  type LeadFilters,
  type LeadQueries,
  leadFiltersSchema,
} from '../../projections/leads/leadQueries.ts';
import type { LeadRow } from '../../projections/leads/leadsProjection.ts';
import { type ExportColumn, sendTableExport } from '../exports/sendTableExport.ts';
import { requireStaff } from '../plugins/staffGuard.ts';
import type { StaffDirectory } from './funnelHistoryViews.ts';

export interface AdminLeadsApiOptions {
  readonly leads: Pick<LeadService, 'changeStatus'>;
  readonly queries: LeadQueries;
  readonly contacts: Pick<LeadContacts, 'readMany'>;
  readonly facts: Pick<ReturnType<typeof leadFacts>, 'dealerRecord'>;
  readonly store: EventStore;
  readonly staff?: StaffDirectory;
  readonly clock?: () => Date;
}

const itemSchema = z.object({
  leadId: z.string(),
  kind: z.enum(LEAD_KINDS),
  market: z.string(),
  carId: z.string().nullable(),
  dealerId: z.string(),
  dealerName: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  customerId: z.string().nullable(),
  name: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
type Item = z.output<typeof itemSchema>;

const detailSchema = itemSchema.extend({
  bookingId: z.string().nullable(),
  brand: z.string().nullable(),
  hub: z.string().nullable(),
  topic: z.string().nullable(),
  routedBy: z.string(),
  consentVersion: z.string(),
  sourcePage: z.string(),
  contact: z.union([
    z.object({
      erased: z.literal(false),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      company: z.string().nullable(),
      message: z.string(),
    }),
    z.object({ erased: z.literal(true) }),
  ]),
  allowed: z.array(z.enum(LEAD_STATUSES)),
  history: z.array(
    z.object({
      revision: z.number().int(),
      type: z.string(),
      at: z.string(),
      actor: z.object({ kind: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
      from: z.string().nullable(),
      to: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
});

const leadParams = z.object({ leadId: z.string().regex(LEAD_ID, 'is not a lead id') });
const exportQuery = leadFiltersSchema
  .omit({ page: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

const EXPORT_COLUMNS: readonly ExportColumn<Item>[] = [
  { header: 'Submitted', value: (r) => new Date(r.submittedAt), width: 20 },
  { header: 'Lead', value: (r) => r.leadId, width: 40 },
  { header: 'Kind', value: (r) => r.kind },
  { header: 'Market', value: (r) => r.market },
  { header: 'Dealer', value: (r) => r.dealerId },
  { header: 'Dealer name', value: (r) => r.dealerName, width: 28 },
  { header: 'Car', value: (r) => r.carId },
  { header: 'Status', value: (r) => r.status },
  { header: 'Name', value: (r) => r.name, width: 24 },
  { header: 'Customer', value: (r) => r.customerId, width: 40 },
  { header: 'Updated', value: (r) => new Date(r.updatedAt), width: 20 },
];

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export const adminLeadsApi: FastifyPluginAsyncZod<AdminLeadsApiOptions> = async (app, options) => {
  const { queries, contacts, facts, store } = options;
  const clock = options.clock ?? (() => new Date());
  const sales = requireStaff('sales');
  const dealerNames = new Map<string, string | null>();
  const dealerName = async (dealerId: string) => {
    if (!dealerNames.has(dealerId))
      dealerNames.set(dealerId, (await facts.dealerRecord(dealerId))?.name ?? null);
    return dealerNames.get(dealerId) ?? null;
  };

  const items = async (rows: readonly LeadRow[]): Promise<Item[]> => {
    const found = await contacts.readMany(rows.map((r) => r.lead_id));
    return Promise.all(
      rows.map(async (r) => {
        const contact = found.get(r.lead_id);
        return {
          leadId: r.lead_id,
          kind: r.kind as Item['kind'],
          market: r.locale,
          carId: r.car_id,
          dealerId: r.dealer_id,
          dealerName: await dealerName(r.dealer_id),
          status: r.status,
          customerId: r.customer_id,
          name: contact && 'data' in contact ? `${contact.data.firstName} ${contact.data.lastName}` : null,
          submittedAt: new Date(r.submitted_at).toISOString(),
          updatedAt: new Date(r.updated_at).toISOString(),
        };
      }),
    );
  };

  async function detail(leadId: string): Promise<z.output<typeof detailSchema>> {
    const events = await store.readStream(leadStream(leadId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const row = await queries.one(leadId);
    if (events.length === 0 || !row) throw new NotFoundError(`lead ${leadId} not found`, { leadId });
    const [item] = await items([row]);
    const found = (await contacts.readMany([leadId])).get(leadId);
    const data = found && 'data' in found ? found.data : undefined;
    const staffIds = new Set<string>();
    for (const e of events) {
      const actor = e.metadata.actor as { kind?: string; staffId?: string } | undefined;
      if (actor?.kind === 'staff' && actor.staffId) staffIds.add(actor.staffId);
    }
    const names = new Map<string, string | null>();
    for (const id of staffIds)
      names.set(id, (await options.staff?.find(id).catch(() => undefined))?.name ?? null);
    let status = row.status;
    const history = events.map((e) => {
      const actor = (e.metadata.actor ?? {}) as { kind?: string; staffId?: string; customerId?: string };
      const id = actor.staffId ?? actor.customerId ?? null;
      const d = e.data as { from?: string; to?: string; noteId?: string | null };
      if (e.type === 'LeadStatusChanged' && d.to) status = d.to as typeof status;
      return {
        revision: Number(e.revision),
        type: e.type,
        at: typeof e.metadata.at === 'string' ? e.metadata.at : e.created.toISOString(),
        actor: {
          kind: actor.kind ?? 'unknown',
          id,
          name: actor.kind === 'staff' && id ? (names.get(id) ?? null) : actor.kind === 'staff' ? null : null,
        },
        from: d.from ?? null,
        to: d.to ?? null,
        note: d.noteId && data ? (data.notes[d.noteId] ?? null) : null,
      };
    });
    return {
      ...item!,
      status,
      bookingId: row.booking_id,
      brand: row.brand,
      hub: row.hub,
      topic: row.topic,
      routedBy: row.routed_by,
      consentVersion: row.consent_version,
      sourcePage: row.source_page,
      contact: data
        ? {
            erased: false as const,
            firstName: data.firstName,
            lastName: data.lastName,
            email: data.email,
            phone: data.phone ?? null,
            company: data.company ?? null,
            message: data.message,
          }
        : { erased: true as const },
      allowed: allowedStatuses(status),
      history,
    };
  }

  app.get(
    '/admin/api/leads',
    {
      preHandler: sales,
      schema: {
        querystring: leadFiltersSchema,
        response: {
          200: z.object({
            items: z.array(itemSchema),
            total: z.number().int(),
            page: z.number().int(),
            pageSize: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const filters: LeadFilters = request.query;
      const { rows, total } = await queries.list(filters);
      return { items: await items(rows), total, page: filters.page, pageSize: LEAD_PAGE_SIZE };
    },
  );

  app.get(
    '/admin/api/leads/export',
    { preHandler: sales, schema: { querystring: exportQuery } },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      async function* batches(): AsyncGenerator<Item[]> {
        for await (const batch of queries.all(filters)) yield await items(batch);
      }
      return sendTableExport(reply, {
        format,
        fileName: `leads-${dayOf(clock())}`,
        sheetName: 'Leads',
        columns: EXPORT_COLUMNS,
        batches: batches(),
      });
    },
  );

  app.get(
    '/admin/api/leads/:leadId',
    { preHandler: sales, schema: { params: leadParams, response: { 200: detailSchema } } },
    async (request) => detail(request.params.leadId),
  );

  app.post(
    '/admin/api/leads/:leadId/status',
    {
      preHandler: sales,
      schema: {
        params: leadParams,
        body: z.object({
          from: z.enum(LEAD_STATUSES),
          to: z.enum(LEAD_STATUSES),
          note: z.string().max(2000, 'has at most 2000 characters').optional(),
        }),
        response: { 200: detailSchema },
      },
    },
    async (request) => {
      const by = request.staffAccount?.id ?? request.session.staff?.id ?? 'unknown';
      const { leadId } = request.params;
      if (!(await queries.one(leadId))) throw new NotFoundError(`lead ${leadId} not found`, { leadId });
      await options.leads.changeStatus(leadId, { ...request.body, by });
      return detail(leadId);
    },
  );
};
