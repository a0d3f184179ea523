/**
 * The catalogue index's settings, and `ensureMeiliCatalogueIndex`: creates the index (primary key
 * `carId`) when it is missing and applies the settings when they differ from the server's. Idempotent:
 * the search adapter and the feeding projection both run it before their first request, and a second
 * run against a configured index only reads.
 */
import { type Meilisearch, MeilisearchApiError, type Settings, type WaitOptions } from 'meilisearch';
import { FACETS } from '../../../domain/catalogue/search.ts';
import { succeeded } from './meiliErrors.ts';
import { FACET_ATTRIBUTE } from './meiliFilter.ts';

export const PRIMARY_KEY = 'carId';

export const MEILI_CATALOGUE_SETTINGS = {
  // Free text is over brand, model and version only, as in Postgres.
  searchableAttributes: ['brand', 'model', 'version'],
  filterableAttributes: [
    'country',
    'dealerId',
    'priceAmount',
    'mileageKm',
    ...new Set(FACETS.map((facet) => FACET_ATTRIBUTE[facet])),
  ],
  sortableAttributes: ['listedAtMs', 'carNo', 'priceAmount', 'mileageKm', 'year'],
  // `sort` first: the buyer's sort decides the order, with or without text (Postgres ignores relevance).
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
  // Words match exactly (the last one by prefix), as Postgres's prefix match does: no typo matches that
  // the Postgres adapter would not find.
  typoTolerance: { enabled: false },
  // Every model of a market and every dealer city must be counted, not the first 100.
  faceting: { maxValuesPerFacet: 1000, sortFacetValuesBy: { '*': 'count' } },
  // `totalHits` is exact up to this bound, and pages can go as deep.
  pagination: { maxTotalHits: 500_000 },
} satisfies Settings;

const sameSet = (a: readonly unknown[] | null | undefined, b: readonly unknown[]) => {
  const left = new Set((a ?? []).map((x) => JSON.stringify(x)));
  return left.size === b.length && b.every((x) => left.has(JSON.stringify(x)));
};
const sameList = (a: readonly unknown[] | null | undefined, b: readonly unknown[]) =>
  JSON.stringify(a ?? []) === JSON.stringify(b);

/** True when the server's settings differ from ours in anything we set. */
export function settingsDiffer(current: Settings, wanted: typeof MEILI_CATALOGUE_SETTINGS): boolean {
  return !(
    sameSet(current.filterableAttributes, wanted.filterableAttributes) &&
    sameSet(current.sortableAttributes, wanted.sortableAttributes) &&
    sameList(current.searchableAttributes, wanted.searchableAttributes) &&
    sameList(current.rankingRules, wanted.rankingRules) &&
    current.typoTolerance?.enabled === wanted.typoTolerance.enabled &&
    current.faceting?.maxValuesPerFacet === wanted.faceting.maxValuesPerFacet &&
    current.faceting?.sortFacetValuesBy?.['*'] === wanted.faceting.sortFacetValuesBy['*'] &&
    current.pagination?.maxTotalHits === wanted.pagination.maxTotalHits
  );
}

/**
 * Creates the index if missing and brings its settings up to date, waiting for Meilisearch's tasks.
 * Answers the index's creation time: the feeding projection compares it with the one it last wrote to,
 * to notice a new or wiped server. An index with another primary key is an error: it is not ours.
 */
export async function ensureMeiliCatalogueIndex(
  client: Meilisearch,
  indexUid: string,
  wait: WaitOptions,
): Promise<{ createdAt: string }> {
  const rawIndex = () =>
    client.getRawIndex(indexUid).catch((error: unknown) => {
      if (isIndexNotFound(error)) return undefined;
      throw error;
    });
  let info = await rawIndex();
  if (!info) {
    const task = await client.createIndex(indexUid, { primaryKey: PRIMARY_KEY }).waitTask(wait);
    // Another process may have created it in between: that is fine too.
    if (task.error?.code !== 'index_already_exists') succeeded(task);
    info = await rawIndex();
    if (!info) throw new Error(`meilisearch index ${indexUid} vanished after its creation`);
  }
  if (info.primaryKey == null) {
    succeeded(await client.updateIndex(indexUid, { primaryKey: PRIMARY_KEY }).waitTask(wait));
  } else if (info.primaryKey !== PRIMARY_KEY) {
    throw new Error(
      `meilisearch index ${indexUid} has primary key ${info.primaryKey}, not ${PRIMARY_KEY}: choose another index uid`,
    );
  }
  const index = client.index(indexUid);
  if (settingsDiffer(await index.getSettings(), MEILI_CATALOGUE_SETTINGS)) {
    succeeded(await index.updateSettings(MEILI_CATALOGUE_SETTINGS).waitTask(wait));
  }
  return { createdAt: String(info.createdAt) };
}

export function isIndexNotFound(error: unknown): boolean {
  return error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found';
}
