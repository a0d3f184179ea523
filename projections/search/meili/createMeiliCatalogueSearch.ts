/**
 * The Meilisearch adapter of the catalogue search port (`MEILI_URL`): one multi-search per search (the
 * page with the counts of the unfiltered facets, plus one count-only query per filtered facet, see
 * `meiliSearchRequest.ts`). The index is fed by `createMeiliCatalogueIndexProjection`; its settings are
 * applied before the first search (and by `prepare()`, which the composition root may await at start).
 */
import type { MultiSearchResponse } from 'meilisearch';
import type { SearchQuery, SearchResult } from '../../../domain/catalogue/search.ts';
import { type CatalogueSearch, SearchUnavailableError } from '../../../engine/search/catalogueSearch.ts';
import { DEFAULT_INDEX_UID, type MeiliConnectionOptions, meiliClient } from './createMeiliCatalogueIndex.ts';
import type { MeiliCarDocument } from './meiliCarDocument.ts';
import { isMeiliUnavailable } from './meiliErrors.ts';
import { ensureMeiliCatalogueIndex, isIndexNotFound } from './meiliIndexSettings.ts';
import { buildMeiliSearch, readMeiliSearch } from './meiliSearchRequest.ts';

export interface MeiliCatalogueSearch extends CatalogueSearch {
  readonly indexUid: string;
  /** Creates the index and applies its settings if needed (idempotent); a failure is retried on the next call. */
  prepare(): Promise<void>;
  /** True when Meilisearch answers its health check (readiness). */
  healthy(): Promise<boolean>;
}

export function createMeiliCatalogueSearch(options: MeiliConnectionOptions): MeiliCatalogueSearch {
  const client = meiliClient(options);
  const indexUid = options.indexUid ?? DEFAULT_INDEX_UID;
  let prepared: Promise<void> | undefined;
  const prepare = () => {
    prepared ??= ensureMeiliCatalogueIndex(client, indexUid, {
      timeout: options.taskTimeoutMs ?? 120_000,
    }).then(
      () => {},
      (error: unknown) => {
        prepared = undefined;
        throw error;
      },
    );
    return prepared;
  };

  return {
    indexUid,
    prepare,
    healthy: () => client.isHealthy(),
    async search(query: SearchQuery): Promise<SearchResult> {
      const unavailable = (error: unknown) => {
        if (!isMeiliUnavailable(error)) return error;
        return new SearchUnavailableError('meilisearch is unavailable', { cause: error });
      };
      // Without the filterable and sortable attributes set, Meilisearch would reject the filters.
      await prepare().catch((error: unknown) => {
        throw unavailable(error);
      });
      const plan = buildMeiliSearch(query, indexUid);
      const response = (await client.multiSearch({ queries: plan.queries }).catch((error: unknown) => {
        // Deleted under us (a wiped server): create it again on the next search; the projection refills it.
        if (isIndexNotFound(error)) prepared = undefined;
        throw unavailable(error);
      })) as MultiSearchResponse<MeiliCarDocument>;
      return readMeiliSearch(query, plan, response.results);
    },
    async close() {},
  };
}
