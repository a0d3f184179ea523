/** The reports pages' calls (http/routes/adminReportsApi.ts) and a report page's URL search. */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiQuery, call } from './adminApi.ts';
import type { ProjectionState } from './analyticsApi.ts';

export interface ReportRun {
  readonly id: number;
  readonly mode: 'rebuild' | 'until';
  readonly until: string | null;
  readonly status: 'running' | 'done' | 'failed' | 'interrupted';
  readonly processed: number;
  readonly total: number | null;
  readonly position: string | null;
  readonly error: string | null;
  readonly errorEvent: string | null;
  readonly startedBy: string;
  readonly startedAt: string;
  readonly updatedAt: string;
  readonly finishedAt: string | null;
}

export type ColumnType = 'text' | 'integer' | 'float' | 'timestamp' | 'boolean';

export interface ReportViewInfo {
  readonly name: string;
  readonly columns: readonly { readonly name: string; readonly type: ColumnType }[];
  readonly filters: readonly string[];
  readonly chart: {
    readonly kind: 'bar' | 'line';
    readonly x: string;
    readonly y: readonly string[];
    readonly series?: string;
  };
}

export interface ReportSummary extends ProjectionState {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly headings: Readonly<Record<string, string>>;
  readonly labels: Readonly<
    Record<
      string,
      {
        readonly title: string;
        readonly description: string;
        readonly headings: Readonly<Record<string, string>>;
      }
    >
  >;
  readonly runs: readonly ReportRun[];
  readonly asOf: ReportRun | null;
  readonly views: readonly ReportViewInfo[];
}

export type Cell = string | number | boolean | null;

export interface ViewRows {
  readonly asOf: boolean;
  readonly columns: ReportViewInfo['columns'];
  readonly rows: readonly Readonly<Record<string, Cell>>[];
}

/** A report page's search: the view, the "as of" rows or the live ones, and the view's filters. */
export const reportSearch = z
  .record(z.string(), z.union([z.string(), z.number()]).transform(String))
  .catch({});
export type ReportSearch = z.output<typeof reportSearch>;

/** The filters of a search (everything but `view` and `asOf`), for the view's declared filters only. */
export function viewFilters(search: ReportSearch, view: ReportViewInfo | undefined): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of view?.filters ?? []) {
    const value = search[name];
    if (value) filters[name] = value;
  }
  return filters;
}

export const reportsQuery = queryOptions({
  queryKey: ['admin', 'reports', 'list'],
  queryFn: () => call<{ reports: ReportSummary[] }>('GET', '/admin/api/reports'),
});

/** One report; polled every second while a run of it goes. */
export const reportQuery = (name: string) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'one', name],
    queryFn: () => call<ReportSummary>('GET', `/admin/api/reports/${encodeURIComponent(name)}`),
    refetchInterval: (query) => (query.state.data?.runs[0]?.status === 'running' ? 1000 : false),
  });

export const viewRowsQuery = (
  name: string,
  view: string,
  filters: Readonly<Record<string, string>>,
  asOf: boolean,
  /** Changes when a run ends: the rows are read again. */
  version: string,
) =>
  queryOptions({
    queryKey: ['admin', 'reports', 'rows', name, view, filters, asOf, version],
    queryFn: () =>
      call<ViewRows>(
        'GET',
        `/admin/api/reports/${encodeURIComponent(name)}/views/${encodeURIComponent(view)}${apiQuery({ ...filters, asOf: asOf ? '1' : undefined })}`,
      ),
    placeholderData: (previous) => previous,
  });

/** Where a report's run is started (the call, and the report page's form without JavaScript). */
export const reportRunsPath = (name: string) => `/admin/api/reports/${encodeURIComponent(name)}/rebuilds`;

export const startReportRun = (name: string, until: string | undefined) =>
  call<{ run: ReportRun }>('POST', reportRunsPath(name), until ? { until } : {});

export const exportHref = (
  name: string,
  view: string,
  format: 'csv' | 'xlsx',
  filters: Readonly<Record<string, string>>,
  asOf: boolean,
) =>
  `/admin/api/reports/${encodeURIComponent(name)}/views/${encodeURIComponent(view)}/export${apiQuery({ format, ...filters, asOf: asOf ? '1' : undefined })}`;

export interface ReportLabel {
  readonly title: string;
  readonly description: string;
  /** A view's or column's heading: the report's in `locale`, else its own, else the name as written. */
  readonly heading: (name: string) => string;
}

/** The report's words in `locale` (Austria's German, Belgium's French), else its own. */
export function reportLabel(report: ReportSummary, locale: string): ReportLabel {
  const language = locale === 'at' ? 'de' : locale === 'fr-BE' ? 'fr' : locale;
  const labels = report.labels[locale] ?? report.labels[language];
  return {
    title: labels?.title ?? report.title,
    description: labels?.description ?? report.description,
    heading: (name) => labels?.headings[name] ?? report.headings[name] ?? name.replaceAll('_', ' '),
  };
}
