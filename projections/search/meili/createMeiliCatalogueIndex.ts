/**
 * The write side of the Meilisearch catalogue index, as the feeding projection uses it: make sure the
 * index exists with its settings, then replace and delete documents, each time waiting until
 * Meilisearch has applied the task (a write is done when search sees it, not when it is enqueued).
 */
import { Meilisearch } from 'meilisearch';
import type { MeiliCarDocument } from './meiliCarDocument.ts';
import { succeeded } from './meiliErrors.ts';
import { ensureMeiliCatalogueIndex } from './meiliIndexSettings.ts';

export const DEFAULT_INDEX_UID = 'catalogue_cars';

export interface MeiliConnectionOptions {
  /** Meilisearch's URL (`MEILI_URL`). */
  readonly host: string;
  /** `MEILI_API_KEY`: a key allowed to search, and for the projection to write documents and settings. */
  readonly apiKey?: string | undefined;
  /** Default `catalogue_cars`. */
  readonly indexUid?: string | undefined;
  /** How long to wait for one Meilisearch task (default 120 s); longer counts as Meilisearch unavailable. */
  readonly taskTimeoutMs?: number | undefined;
  /** An existing client (tests); otherwise one is made from host and key. */
  readonly client?: Meilisearch | undefined;
}

export interface DocumentChanges {
  readonly upserts: readonly MeiliCarDocument[];
  readonly deletes: readonly string[];
}

/** The index as the feeding projection writes it. */
export interface MeiliCatalogueIndex {
  readonly indexUid: string;
  /**
   * Creates the index and applies its settings if needed (two reads when nothing is to be done). Answers
   * the index's creation time, which changes when the index is deleted or the server replaced.
   */
  prepare(): Promise<{ createdAt: string }>;
  /** Replaces these whole documents (by `carId`) and deletes these ids; resolves once Meilisearch has applied them. */
  write(changes: DocumentChanges): Promise<void>;
}

/** Documents per request: well under Meilisearch's payload limit (a document is ~600 bytes). */
const CHUNK = 5_000;

export function meiliClient(options: MeiliConnectionOptions): Meilisearch {
  return (
    options.client ??
    new Meilisearch({ host: options.host, ...(options.apiKey ? { apiKey: options.apiKey } : {}) })
  );
}

export function createMeiliCatalogueIndex(options: MeiliConnectionOptions): MeiliCatalogueIndex {
  const client = meiliClient(options);
  const indexUid = options.indexUid ?? DEFAULT_INDEX_UID;
  const wait = { timeout: options.taskTimeoutMs ?? 120_000 };
  const index = client.index<MeiliCarDocument>(indexUid);

  return {
    indexUid,
    prepare: () => ensureMeiliCatalogueIndex(client, indexUid, wait),
    async write({ upserts, deletes }) {
      // Enqueued in order and applied in order by Meilisearch: a car is in one list only, so the
      // order between the lists does not matter; waiting for each keeps "done" meaning "searchable".
      for (let i = 0; i < upserts.length; i += CHUNK) {
        succeeded(await index.addDocuments(upserts.slice(i, i + CHUNK)).waitTask(wait));
      }
      for (let i = 0; i < deletes.length; i += CHUNK) {
        succeeded(await index.deleteDocuments(deletes.slice(i, i + CHUNK)).waitTask(wait));
      }
    },
  };
}
