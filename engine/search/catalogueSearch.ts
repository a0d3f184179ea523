/**
 * The catalogue search port. Adapters: `createPostgresCatalogueSearch` (default: the `catalogue_cars`
 * read model, facet counts in SQL) and `createMeiliCatalogueSearch` (`MEILI_URL`; its index is fed by a
 * projection). One contract suite runs against both.
 */
import type { SearchQuery, SearchResult } from '../../domain/catalogue/search.ts';

export interface CatalogueSearch {
  /** Cars of `query.country` that are for sale (not sold or withdrawn), filtered, sorted, paginated, with facet counts. */
  search(query: SearchQuery): Promise<SearchResult>;
  close(): Promise<void>;
}

/** The search engine cannot answer now (unreachable, overloaded): infrastructure, answered with a 503. */
export class SearchUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SearchUnavailableError';
  }
}
