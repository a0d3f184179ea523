/**
 * The search contract through the whole Meilisearch path (projection, real `meilisearch` client,
 * request building, facet assembly) against the in-memory stand-in, so it runs on every machine. The
 * stand-in evaluates our filters and rejects undeclared attributes; it is not Meilisearch's engine,
 * which `meiliCatalogueSearch.int.spec.ts` checks against a real server.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { describeCatalogueSearchContract } from '../contract/catalogueSearchContract.ts';
import { createFakeMeilisearch, FAKE_MEILI_HOST } from './testing/fakeMeilisearch.ts';
import { meiliContractTarget } from './testing/meiliContractTarget.ts';

beforeAll(() => {
  vi.stubGlobal('fetch', createFakeMeilisearch().fetch);
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describeCatalogueSearchContract(
  meiliContractTarget('Meilisearch stand-in (in memory)', { host: FAKE_MEILI_HOST }),
);
