/**
 * The analytics pages' calls (http/routes/adminAnalyticsApi.ts) and the explorer's URL search
 * (`?type=&stream=&actor=&from=&to=&after=`): a bad value is dropped from the URL, the API says why.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiQuery, call } from './adminApi.ts';

export interface RebuildJob {
  readonly state: 'running' | 'switched' | 'stopped' | 'failed';
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly processed: number;
  readonly position: string | null;
  readonly rate: number | null;
  readonly error: string | null;
}

/** Where a projection stands (http/routes/projectionStateSchema.ts): the status page's and the reports'. */
export interface ProjectionState {
  readonly codeVersion: number;
  readonly liveVersion: number | null;
  readonly status: 'building' | 'live' | 'failed' | 'missing';
  readonly position: string | null;
  readonly processed: number;
  readonly lag: number;
  readonly error: string | null;
  readonly errorEvent: string | null;
  readonly rebuilding: { readonly generation: number; readonly processed: number } | null;
}

export interface ProjectionHealth extends ProjectionState {
  readonly name: string;
  readonly generation: number | null;
  readonly rate: number | null;
  readonly updatedAt: string | null;
  readonly stalled: boolean;
  readonly job: RebuildJob | null;
}

export interface ProjectionsOverview {
  readonly head: string;
  readonly stalledAfterSeconds: number;
  readonly projections: readonly ProjectionHealth[];
}

export interface ExploredEvent {
  readonly position: string;
  readonly id: string;
  readonly type: string;
  readonly streamName: string;
  readonly revision: number;
  readonly recordedAt: string;
  readonly actor: { readonly kind: string; readonly id: string | null; readonly role: string | null } | null;
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
}

export interface EventPage {
  readonly events: readonly ExploredEvent[];
  readonly next: string | null;
  readonly scanned: number;
}

const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);

export const eventSearch = z.object({
  type: text(100),
  stream: text(200),
  actor: text(200),
  from: text(40),
  to: text(40),
  after: z
    .string()
    .regex(/^\d{1,20}\/\d{1,20}$/)
    .optional()
    .catch(undefined),
});
export type EventSearch = z.output<typeof eventSearch>;

/** The filter of a search (no cursor): the download's and the form's. */
export const filterOf = ({ after: _after, ...filter }: EventSearch) => filter;

export const projectionsQuery = queryOptions({
  queryKey: ['admin', 'analytics', 'projections'],
  queryFn: () => call<ProjectionsOverview>('GET', '/admin/api/analytics/projections'),
  refetchInterval: 3000,
});

/** Where a projection's rebuild is started (the call, and the status page's form without JavaScript). */
export const rebuildPath = (name: string) =>
  `/admin/api/analytics/projections/${encodeURIComponent(name)}/rebuild`;

export const startRebuild = (name: string) => call<RebuildJob>('POST', rebuildPath(name));

export const eventPageQuery = (search: EventSearch) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'events', search],
    queryFn: () => call<EventPage>('GET', `/admin/api/analytics/events${apiQuery({ ...search })}`),
    retry: false,
  });

export const downloadHref = (search: EventSearch) =>
  `/admin/api/analytics/events.ndjson${apiQuery({ ...filterOf(search) })}`;

export const streamQuery = (name: string) =>
  queryOptions({
    queryKey: ['admin', 'analytics', 'stream', name],
    queryFn: () =>
      call<{ streamName: string; events: readonly ExploredEvent[] }>(
        'GET',
        `/admin/api/analytics/streams/${encodeURIComponent(name)}`,
      ),
    retry: false,
  });
