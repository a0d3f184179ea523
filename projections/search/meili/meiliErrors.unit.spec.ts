import { MeilisearchApiError, MeilisearchRequestError, MeilisearchTaskTimeOutError } from 'meilisearch';
import { describe, expect, it } from 'vitest';
import { isMeiliUnavailable, MeiliTaskError, succeeded } from './meiliErrors.ts';

const apiError = (status: number, type = 'invalid_request', code = 'x') =>
  new MeilisearchApiError(new Response('', { status }), { message: 'm', code, type, link: '' });
const task = (status: 'succeeded' | 'failed' | 'canceled', type?: string) => ({
  uid: 7,
  type: 'documentAdditionOrUpdate' as const,
  status,
  error: type ? { message: 'm', code: 'c', type, link: '' } : null,
});

describe('Meilisearch failures', () => {
  it('given no answer or a time-out, then Meilisearch is unavailable (retry)', () => {
    expect(
      isMeiliUnavailable(new MeilisearchRequestError('http://meili/', new TypeError('fetch failed'))),
    ).toBe(true);
    expect(isMeiliUnavailable(new MeilisearchTaskTimeOutError(7, 5000))).toBe(true);
  });

  it('given 5xx, 408, 429 or an auth error, then unavailable; a rejected request is ours (stop)', () => {
    for (const status of [500, 502, 503, 408, 429, 401, 403])
      expect(isMeiliUnavailable(apiError(status))).toBe(true);
    expect(isMeiliUnavailable(apiError(400))).toBe(false);
    expect(isMeiliUnavailable(apiError(404, 'invalid_request', 'index_not_found'))).toBe(false);
    expect(isMeiliUnavailable(apiError(400, 'system'))).toBe(true);
  });

  it('given a task that failed for an internal or system reason or was canceled, then unavailable', () => {
    expect(isMeiliUnavailable(new MeiliTaskError(task('failed', 'internal')))).toBe(true);
    expect(isMeiliUnavailable(new MeiliTaskError(task('failed', 'system')))).toBe(true);
    expect(isMeiliUnavailable(new MeiliTaskError(task('canceled')))).toBe(true);
    expect(isMeiliUnavailable(new MeiliTaskError(task('failed', 'invalid_request')))).toBe(false);
    expect(isMeiliUnavailable(new Error('a bug'))).toBe(false);
  });

  it('given a task, then succeeded passes it or throws with its error', () => {
    expect(succeeded(task('succeeded')).uid).toBe(7);
    expect(() => succeeded(task('failed', 'invalid_request'))).toThrow(
      'meilisearch task 7 (documentAdditionOrUpdate) failed: c: m',
    );
  });
});
