/**
 * The search contract against a real Meilisearch (`MEILI_URL`, `MEILI_API_KEY`; e.g. docker-compose's),
 * fed through the real projection from the fixture's events into a fresh index. Skipped, with the
 * reason printed, when no server is configured.
 */
import { describeCatalogueSearchContract } from '../contract/catalogueSearchContract.ts';
import { meiliContractTarget } from './testing/meiliContractTarget.ts';

const url = process.env.MEILI_URL;

describeCatalogueSearchContract(
  meiliContractTarget(
    'Meilisearch',
    url ? { host: url, apiKey: process.env.MEILI_API_KEY } : undefined,
    url ? undefined : 'MEILI_URL is unset: no Meilisearch server to test against',
  ),
);
