/**
 * The back office's dealer calls (SPEC §7 back office: "dealer lookup", `get_model_version`, and
 * `GET admin/dealers/export-excel/{locale}`), all GET, on the catalogue's dealers and brand reference:
 *
 * - `GET /admin/api/dealers?q&country&limit` — the dealer lookup: digits find that dealer id, words a part
 *   of the name, city or hub; open dealers first; any staff member;
 * - `GET /admin/api/dealers/:dealerId` — one dealer, open or closed (404 when unknown); any staff member;
 * - `GET /admin/api/model-versions?brand&model` (`get_model_version`) — a model's versions (name, fuel,
 *   power), bodies and years, for forms that pick a car; 404 for an unknown brand or model;
 * - `GET /admin/dealers/export-excel{/locale}` (default fr) — every dealer of the locale's market as XLSX,
 *   headers in that locale's language (ui/admin/messages/imports/); the roles of
 *   `admin_dealers_export_excel` in ui/admin/sections.ts.
 *
 * Bad input (a malformed id, slug, country or locale) → 400 with field messages.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema, SLUG } from '../../domain/catalogue/car.ts';
import { brandBySlug, modelBySlug } from '../../domain/catalogue/reference/brands.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import type { DealerQueries, StaffDealer } from '../../projections/catalogue/dealerQueries.ts';
import { IMPORT_MESSAGES } from '../../ui/admin/messages/imports/index.ts';
import { pageRoles } from '../../ui/admin/sections.ts';
import { type ExportColumn, sendTableExport } from '../exports/sendTableExport.ts';
import { requireStaff } from '../plugins/staffGuard.ts';

export interface AdminDealersApiOptions {
  readonly dealers: DealerQueries;
}

const DEALER_ID = z.string().regex(/^\d{1,12}$/, 'digits');
const slug = z.string().regex(SLUG, 'a slug: lowercase letters, digits and hyphens');

const dealerSchema = z.object({
  dealerId: z.string(),
  name: z.string(),
  slug: z.string(),
  hub: z.string(),
  brands: z.array(z.string()),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: countrySchema,
  phone: z.string(),
  email: z.string(),
  open: z.boolean(),
});
const lookupQuery = z.object({
  q: z.string().trim().max(80, 'is at most 80 characters').optional(),
  country: countrySchema.optional(),
  limit: z.coerce
    .number()
    .int('is not a whole number')
    .min(1, 'is at least 1')
    .max(100, 'is at most 100')
    .default(20),
});
const modelVersions = z.object({
  brand: z.object({ slug: z.string(), name: z.string() }),
  model: z.object({ slug: z.string(), name: z.string() }),
  bodies: z.array(z.string()),
  years: z.tuple([z.number(), z.number()]),
  versions: z.array(z.object({ name: z.string(), fuel: z.string(), powerKw: z.number() })),
});

const view = (d: StaffDealer): z.infer<typeof dealerSchema> => ({
  dealerId: d.dealerId,
  name: d.name,
  slug: d.slug,
  hub: d.hub,
  brands: [...d.brands],
  street: d.street,
  postcode: d.postcode,
  city: d.city,
  country: d.country,
  phone: d.phone,
  email: d.email,
  open: d.open,
});

/** The export's columns, headed in `locale`'s words. */
function exportColumns(locale: Locale): ExportColumn<StaffDealer>[] {
  const w = IMPORT_MESSAGES[locale].dealersSheet;
  return [
    { header: w.dealerId, width: 14, value: (d) => Number(d.dealerId) },
    { header: w.name, width: 32, value: (d) => d.name },
    { header: w.hub, width: 18, value: (d) => d.hub },
    { header: w.brands, width: 24, value: (d) => d.brands.join(', ') },
    { header: w.street, width: 30, value: (d) => d.street },
    { header: w.postcode, width: 12, value: (d) => d.postcode },
    { header: w.city, width: 20, value: (d) => d.city },
    { header: w.country, width: 8, value: (d) => d.country },
    { header: w.phone, width: 18, value: (d) => d.phone },
    { header: w.email, width: 30, value: (d) => d.email },
    { header: w.open, width: 10, value: (d) => (d.open ? w.yes : w.no) },
  ];
}

export const adminDealersApi: FastifyPluginAsyncZod<AdminDealersApiOptions> = async (app, options) => {
  const { dealers } = options;
  const anyStaff = requireStaff();
  const exporters = requireStaff('admin', ...pageRoles('admin_dealers_export_excel'));

  app.get(
    '/admin/api/dealers',
    {
      preHandler: anyStaff,
      schema: { querystring: lookupQuery, response: { 200: z.object({ items: z.array(dealerSchema) }) } },
    },
    async (request) => ({ items: (await dealers.lookup(request.query)).map(view) }),
  );

  app.get(
    '/admin/api/dealers/:dealerId',
    {
      preHandler: anyStaff,
      schema: { params: z.object({ dealerId: DEALER_ID }), response: { 200: dealerSchema } },
    },
    async (request) => {
      const { dealerId } = request.params;
      const found = await dealers.byId(dealerId);
      if (!found) throw new NotFoundError(`dealer ${dealerId} not found`, { dealerId });
      return view(found);
    },
  );

  app.get(
    '/admin/api/model-versions',
    {
      // Before validation: a visitor learns nothing of the query's rules (401 first).
      onRequest: anyStaff,
      schema: { querystring: z.object({ brand: slug, model: slug }), response: { 200: modelVersions } },
    },
    async (request) => {
      const { brand, model } = request.query;
      const brandRef = brandBySlug(brand);
      if (!brandRef) throw new NotFoundError(`brand ${brand} not found`, { brand });
      const modelRef = modelBySlug(brand, model);
      if (!modelRef) throw new NotFoundError(`model ${model} of ${brand} not found`, { brand, model });
      return {
        brand: { slug: brandRef.slug, name: brandRef.name },
        model: { slug: modelRef.slug, name: modelRef.name },
        bodies: [...modelRef.bodies],
        years: [modelRef.years[0], modelRef.years[1]] as [number, number],
        versions: modelRef.versions.map((v) => ({ name: v.name, fuel: v.fuel, powerKw: v.powerKw })),
      };
    },
  );

  const exportDealers = async (locale: Locale, reply: FastifyReply) => {
    const rows = await dealers.ofCountry(marketOf(locale).country);
    return sendTableExport(reply, {
      format: 'xlsx',
      fileName: `dealers-${locale}`,
      sheetName: IMPORT_MESSAGES[locale].dealersSheet.sheet,
      columns: exportColumns(locale),
      batches: [rows],
    });
  };
  app.get('/admin/dealers/export-excel', { preHandler: exporters }, async (_request, reply) =>
    exportDealers(DEFAULT_LOCALE, reply),
  );
  app.get(
    '/admin/dealers/export-excel/:locale',
    { preHandler: exporters, schema: { params: z.object({ locale: z.enum(LOCALES) }) } },
    async (request, reply) => exportDealers(request.params.locale, reply),
  );
};
