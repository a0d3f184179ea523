/**
 * Which Meilisearch failures are infrastructure (the server is down, overloaded, misconfigured: try the
 * same thing again later) and which are our fault (a request Meilisearch rejects: trying again cannot
 * help). The feeding projection retries the first kind and stops on the second.
 */
import {
  MeilisearchApiError,
  MeilisearchRequestError,
  MeilisearchTaskTimeOutError,
  type Task,
} from 'meilisearch';

/** A Meilisearch task that did not succeed (failed or canceled), with Meilisearch's error. */
export class MeiliTaskError extends Error {
  readonly task: Pick<Task, 'uid' | 'status' | 'type' | 'error'>;
  constructor(task: Pick<Task, 'uid' | 'status' | 'type' | 'error'>) {
    super(
      `meilisearch task ${task.uid} (${task.type}) ${task.status}` +
        (task.error ? `: ${task.error.code}: ${task.error.message}` : ''),
    );
    this.name = 'MeiliTaskError';
    this.task = task;
  }
}

/** The task, once it has succeeded; a {@link MeiliTaskError} otherwise. */
export function succeeded<T extends Pick<Task, 'uid' | 'status' | 'type' | 'error'>>(task: T): T {
  if (task.status !== 'succeeded') throw new MeiliTaskError(task);
  return task;
}

/** Meilisearch's error types that say nothing about the request itself. */
const TRANSIENT_TYPES = new Set(['internal', 'system', 'auth']);

/**
 * True when trying again later may succeed: no answer (network, time-out), a task still pending at the
 * time-out or canceled, a 5xx / 408 / 429, an auth error (a key to fix, not an event to skip), or a task
 * that failed for an internal or system reason (disk full, …). False for a request Meilisearch rejects.
 */
export function isMeiliUnavailable(error: unknown): boolean {
  if (error instanceof MeilisearchRequestError || error instanceof MeilisearchTaskTimeOutError) return true;
  if (error instanceof MeilisearchApiError) {
    const status = error.response.status;
    if (status >= 500 || status === 408 || status === 429 || status === 401 || status === 403) return true;
    return error.cause !== undefined && TRANSIENT_TYPES.has(error.cause.type);
  }
  if (error instanceof MeiliTaskError) {
    if (error.task.status === 'canceled') return true;
    return error.task.error !== null && TRANSIENT_TYPES.has(error.task.error.type);
  }
  return false;
}
