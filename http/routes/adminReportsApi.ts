/**
 * The analysts' reports (projections/reports/README.md) in the back office, for analysts and admins:
 *
 * - `GET /admin/api/reports` — every report: version (code and live), status (position, events
 *   processed, lag, error and the event it failed on), a rebuild going beside it, its latest runs,
 *   the "as of" replay kept, and its views (columns, filters, chart);
 * - `GET /admin/api/reports/:name` — one of them (what the report page polls while a run goes);
 * - `POST /admin/api/reports/:name/rebuilds` `{ until? }` — starts a rebuild (202 with the run): from
 *   zero beside the live version, or up to a moment or position into the "as of" tables. A second
 *   start while one runs is a 409 naming the running one; retrying after it ended starts a new run.
 *   A bad `until` is a 400 on that field; an unknown report a 404 listing the known ones. Also the
 *   report page's form posted without JavaScript (`_csrf`, `_back`, `until`): 303 back;
 * - `GET /admin/api/reports/:name/runs/:id` — a run's progress;
 * - `GET /admin/api/reports/:name/views/:view?<filter>=<value>…[&asOf=1]` — a view's rows with
 *   equality filters on its declared filter columns (another key is a 400 on that field);
 * - `GET /admin/api/reports/:name/views/:view/export?format=csv|xlsx&…` — the same rows, streamed.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { projectionStatus } from '../../projections/projectionStatus.ts';
import { COLUMN_TYPES, type Report } from '../../projections/reports/defineReport.ts';
import { reportProjection } from '../../projections/reports/reportProjection.ts';
import { reportQueries, UnknownReportPartError } from '../../projections/reports/reportQueries.ts';
import { type ReportRun, ReportRunConflictError, reportRuns } from '../../projections/reports/reportRuns.ts';
import { BadUntilError, parseUntil } from '../../projections/reports/reportUntil.ts';
import { sendTableExport } from '../exports/sendTableExport.ts';
import { requireStaff, staffActorOf } from '../plugins/staffGuard.ts';
import { projectionStateFields } from './projectionStateSchema.ts';

export interface AdminReportsApiOptions {
  readonly knex: Knex;
  readonly store: EventStore;
  readonly schema?: string;
  readonly reports: readonly Report[];
  /** Today, for export file names. */
  readonly clock?: () => Date;
}

const runSchema = z.object({
  id: z.number(),
  report: z.string(),
  version: z.number(),
  mode: z.enum(['rebuild', 'until']),
  until: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed', 'interrupted']),
  processed: z.number(),
  total: z.number().nullable(),
  position: z.string().nullable(),
  generation: z.number().nullable(),
  error: z.string().nullable(),
  errorEvent: z.string().nullable(),
  startedBy: z.string(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});

const columnSchema = z.object({ name: z.string(), type: z.enum(COLUMN_TYPES) });

export const reportSummary = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Headings of the views and their columns by name, where the report gives them. */
  headings: z.record(z.string(), z.string()),
  /** The title, description and headings in other languages, where the report gives them. */
  labels: z.record(
    z.string(),
    z.object({ title: z.string(), description: z.string(), headings: z.record(z.string(), z.string()) }),
  ),
  ...projectionStateFields,
  runs: z.array(runSchema),
  asOf: runSchema.nullable(),
  views: z.array(
    z.object({
      name: z.string(),
      columns: z.array(columnSchema),
      filters: z.array(z.string()),
      chart: z.object({
        kind: z.enum(['bar', 'line']),
        x: z.string(),
        y: z.array(z.string()),
        series: z.string().optional(),
      }),
    }),
  ),
});
export type ReportSummary = z.output<typeof reportSummary>;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const viewRowsAnswer = z.object({
  report: z.string(),
  view: z.string(),
  asOf: z.boolean(),
  columns: z.array(columnSchema),
  rows: z.array(z.record(z.string(), cell)),
});

const nameParams = z.object({ name: z.string().max(64) });
const viewParams = z.object({ name: z.string().max(64), view: z.string().max(64) });
const runParams = z.object({ name: z.string().max(64), id: z.coerce.number().int().positive() });
const viewQuery = z.record(z.string(), z.string().max(200));
const rebuildBody = z.object({ until: z.string().trim().max(40).optional() });

/** Lag beyond this is shown as "at least". */
const LAG_CAP = 10_000;

export const adminReportsApi: FastifyPluginAsyncZod<AdminReportsApiOptions> = async (app, options) => {
  const { knex, store, reports } = options;
  const schema = options.schema ?? 'public';
  const clock = options.clock ?? (() => new Date());
  const analysts = requireStaff('admin', 'analyst');
  const runs = reportRuns({ knex, store, schema });
  const queries = reportQueries(knex, schema);
  // Runs started here stop with the app (their row says interrupted; a new start resumes them).
  const stopping = new AbortController();
  const going = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    stopping.abort();
    await Promise.allSettled([...going]);
  });

  const reportNamed = (name: string): Report => {
    const report = reports.find((r) => r.name === name);
    if (!report) {
      throw new NotFoundError(`no report ${name}; the reports: ${reports.map((r) => r.name).join(', ')}`, {
        known: reports.map((r) => r.name),
      });
    }
    return report;
  };

  const summarise = async (list: readonly Report[]): Promise<ReportSummary[]> => {
    const statuses = await projectionStatus({
      knex,
      store,
      schema,
      projections: list.map((r) => reportProjection(r)),
      lagCap: LAG_CAP,
    });
    return Promise.all(
      list.map(async (report, i) => {
        const status = statuses[i]!;
        const latest = await runs.latest(report.name, 10);
        return {
          name: report.name,
          title: report.title,
          description: report.description,
          headings: { ...report.headings },
          labels: Object.fromEntries(
            Object.entries(report.labels ?? {}).map(([locale, l]) => [
              locale,
              { title: l.title, description: l.description, headings: { ...l.headings } },
            ]),
          ),
          codeVersion: report.version,
          liveVersion: status.liveVersion,
          status: status.status,
          position: status.position,
          processed: status.processed,
          lag: status.lag,
          error: status.error,
          errorEvent: status.errorEvent,
          rebuilding: status.rebuilding,
          runs: latest.slice(0, 3),
          asOf: latest.find((run) => run.mode === 'until' && run.status === 'done') ?? null,
          views: Object.entries(report.views).map(([name, view]) => ({
            name,
            columns: Object.entries(view.columns).map(([column, type]) => ({ name: column, type })),
            filters: [...view.filters],
            chart: { ...view.chart, y: [...view.chart.y] },
          })),
        };
      }),
    );
  };

  const viewRows = async (name: string, viewName: string, query: Record<string, string>) => {
    const report = reportNamed(name);
    const view = report.views[viewName];
    if (!view) throw new NotFoundError(`report ${name} has no view ${viewName}`);
    const { asOf, format: _format, ...filters } = query;
    const variant = asOf === '1' || asOf === 'true' ? ('asof' as const) : ('live' as const);
    for (const [key, value] of Object.entries(filters)) {
      if (!view.filters.includes(key))
        throw ValidationError.field(key, `not a filter of this view (${view.filters.join(', ') || 'none'})`);
      if (value === '') delete filters[key];
    }
    try {
      return { report, view, variant, rows: await queries.view(report, viewName, filters, variant) };
    } catch (error) {
      if (error instanceof UnknownReportPartError) throw ValidationError.field(error.field, error.message);
      throw error;
    }
  };

  app.get(
    '/admin/api/reports',
    { preHandler: analysts, schema: { response: { 200: z.object({ reports: z.array(reportSummary) }) } } },
    async () => ({ reports: await summarise(reports) }),
  );

  app.get(
    '/admin/api/reports/:name',
    { preHandler: analysts, schema: { params: nameParams, response: { 200: reportSummary } } },
    async ({ params }) => (await summarise([reportNamed(params.name)]))[0]!,
  );

  app.post(
    '/admin/api/reports/:name/rebuilds',
    {
      preHandler: analysts,
      // The report page's form without JavaScript (http/plugins/formPosts.ts): 303 back to the page,
      // a bad `until` back with its message; a run already going back to the page that shows it.
      config: { form: {} },
      schema: { params: nameParams, body: rebuildBody, response: { 202: z.object({ run: runSchema }) } },
    },
    async (request, reply) => {
      const report = reportNamed(request.params.name);
      const text = request.body.until;
      let until: ReturnType<typeof parseUntil> | undefined;
      try {
        until = text ? parseUntil(text) : undefined;
      } catch (error) {
        if (error instanceof BadUntilError)
          throw ValidationError.field('until', 'an ISO 8601 time with its zone, or a global position');
        throw error;
      }
      const actor = staffActorOf(request, 'analyst');
      const by = actor.kind === 'staff' ? actor.staffId : 'staff';
      let started: { run: ReportRun; done: Promise<ReportRun> };
      try {
        started = await runs.start(report, { by, signal: stopping.signal, ...(until ? { until } : {}) });
      } catch (error) {
        if (error instanceof ReportRunConflictError)
          throw new ConflictError(error.message, { running: error.running });
        throw error;
      }
      const done = started.done.catch((error: unknown) => request.log.error({ err: error }, 'report run'));
      going.add(done);
      void done.finally(() => going.delete(done));
      return reply.code(202).send({ run: started.run });
    },
  );

  app.get(
    '/admin/api/reports/:name/runs/:id',
    { preHandler: analysts, schema: { params: runParams, response: { 200: runSchema } } },
    async ({ params }) => {
      reportNamed(params.name);
      const run = await runs.get(params.id);
      if (!run || run.report !== params.name)
        throw new NotFoundError(`no run ${params.id} of ${params.name}`);
      return run;
    },
  );

  app.get(
    '/admin/api/reports/:name/views/:view',
    {
      preHandler: analysts,
      schema: { params: viewParams, querystring: viewQuery, response: { 200: viewRowsAnswer } },
    },
    async ({ params, query }) => {
      const { view, variant, rows } = await viewRows(params.name, params.view, query);
      return {
        report: params.name,
        view: params.view,
        asOf: variant === 'asof',
        columns: Object.entries(view.columns).map(([name, type]) => ({ name, type })),
        rows,
      };
    },
  );

  app.get(
    '/admin/api/reports/:name/views/:view/export',
    { preHandler: analysts, schema: { params: viewParams, querystring: viewQuery } },
    async ({ params, query }, reply) => {
      const format = query.format;
      if (format !== 'csv' && format !== 'xlsx') throw ValidationError.field('format', 'csv or xlsx');
      const { view, variant, rows } = await viewRows(params.name, params.view, query);
      const day = clock().toISOString().slice(0, 10);
      return sendTableExport(reply, {
        format,
        fileName: `${params.name}-${params.view}${variant === 'asof' ? '-asof' : ''}-${day}`,
        sheetName: params.view,
        columns: Object.entries(view.columns).map(([name, type]) => ({
          header: name,
          value: (row: (typeof rows)[number]) => {
            const value = row[name];
            return type === 'timestamp' && typeof value === 'string' ? new Date(value) : value;
          },
        })),
        batches: [rows],
      });
    },
  );
};
