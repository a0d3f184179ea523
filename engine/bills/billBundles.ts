/**
 * The ZIP of all a buyer's documents (SPEC §7 `my-bills/check-progress-download`), built in this process
 * in the background, its progress and bytes kept on `customer_bill_bundles` (migration 013) for an hour.
 *
 * - **One bundle per content.** A bundle is keyed by the customer and its content (the language and the
 *   document ids): asking again while it builds, or once it is ready, answers the same bundle (a double
 *   click, a second tab, a reload). New documents since make a new bundle.
 * - **Restarts.** A bundle left half-built by a stopped process (not building here, untouched for a
 *   minute) or failed is built again by the next ask.
 * - **Expiry.** Bundles older than an hour are deleted by the next ask of anyone; they go with the
 *   customer's account (cascade).
 */
import { createHash, randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import type { Knex } from 'knex';
import { NotFoundError } from '../../domain/errors.ts';

export interface BundleProgress {
  readonly bundleId: string;
  readonly done: number;
  readonly total: number;
  readonly ready: boolean;
  readonly failed: boolean;
}

/** One file of the bundle. */
export interface BundleFile {
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

export interface BillBundles {
  /** Starts the bundle of `documentIds` (or finds it) and answers its progress. */
  start(
    customerId: string,
    locale: string,
    documentIds: readonly string[],
    render: (documentId: string) => Promise<BundleFile>,
  ): Promise<BundleProgress>;
  /** A bundle's progress; another's or unknown (or expired) → NotFoundError. */
  progress(customerId: string, bundleId: string): Promise<BundleProgress>;
  /** A ready bundle's ZIP; not ready, another's or unknown → NotFoundError. */
  zip(customerId: string, bundleId: string): Promise<Buffer>;
  /** Deletes the expired bundles; answers how many. */
  prune(): Promise<number>;
  /** Resolves once the builds running in this process are over (tests, shutdown). */
  idle(): Promise<void>;
}

export interface BillBundlesOptions {
  readonly knex: Knex;
  readonly schema?: string;
  readonly clock?: () => Date;
  /** How long a bundle is kept (default an hour). */
  readonly ttlMs?: number;
  /** How long a build may go without progress before another process takes it over (default a minute). */
  readonly staleMs?: number;
  readonly log?: (message: string, error: unknown) => void;
}

interface BundleRow {
  bundle_id: string;
  customer_id: string;
  content_key: string;
  locale: string;
  document_ids: string[];
  done: number;
  failed: boolean;
  /** Bumped by whoever starts a build: a compare-and-set, so one process builds a bundle at a time. */
  attempt: number;
  ready: boolean;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
}

export const newBundleId = () => `bb_${randomUUID().replaceAll('-', '')}`;

export function createBillBundles(options: BillBundlesOptions): BillBundles {
  const { knex } = options;
  const table = `${options.schema ?? 'public'}.customer_bill_bundles`;
  const clock = options.clock ?? (() => new Date());
  const ttlMs = options.ttlMs ?? 60 * 60_000;
  const staleMs = options.staleMs ?? 60_000;
  const building = new Map<string, Promise<void>>();
  const columns = [
    'bundle_id',
    'customer_id',
    'content_key',
    'locale',
    'document_ids',
    'done',
    'failed',
    'attempt',
    'created_at',
    'updated_at',
    'expires_at',
    knex.raw('zip IS NOT NULL AS ready'),
  ];

  const progressOf = (row: BundleRow): BundleProgress => ({
    bundleId: row.bundle_id,
    done: row.ready ? row.document_ids.length : row.done,
    total: row.document_ids.length,
    ready: row.ready,
    failed: row.failed,
  });

  const find = async (where: Record<string, string>) =>
    (await knex(table).select(columns).where(where).where('expires_at', '>', clock()).first()) as
      | BundleRow
      | undefined;

  function build(row: BundleRow, render: (documentId: string) => Promise<BundleFile>) {
    const run = (async () => {
      const files: Record<string, Uint8Array> = {};
      let done = 0;
      try {
        for (const documentId of row.document_ids) {
          const file = await render(documentId);
          files[file.fileName] = file.bytes;
          done += 1;
          await knex(table).where({ bundle_id: row.bundle_id }).update({ done, updated_at: clock() });
        }
        // PDFs are compressed already: stored as they are.
        const zip = Buffer.from(zipSync(files, { level: 0, mtime: new Date('2000-01-01T00:00:00Z') }));
        await knex(table).where({ bundle_id: row.bundle_id }).update({ zip, done, updated_at: clock() });
      } catch (error) {
        options.log?.(`bill bundle ${row.bundle_id} failed`, error);
        await knex(table)
          .where({ bundle_id: row.bundle_id })
          .update({ failed: true, updated_at: clock() })
          .catch(() => {});
      } finally {
        building.delete(row.bundle_id);
      }
    })();
    building.set(row.bundle_id, run);
  }

  const stale = (row: BundleRow) =>
    !row.ready &&
    !building.has(row.bundle_id) &&
    (row.failed || row.attempt === 0 || clock().getTime() - row.updated_at.getTime() > staleMs);

  return {
    async start(customerId, locale, documentIds, render) {
      await this.prune();
      const ids = [...documentIds].sort();
      const contentKey = createHash('sha256')
        .update(JSON.stringify([locale, ids]))
        .digest('hex')
        .slice(0, 40);
      let row = await find({ customer_id: customerId, content_key: contentKey });
      if (!row) {
        const now = clock();
        await knex(table)
          .insert({
            bundle_id: newBundleId(),
            customer_id: customerId,
            content_key: contentKey,
            locale,
            document_ids: ids,
            created_at: now,
            updated_at: now,
            expires_at: new Date(now.getTime() + ttlMs),
          })
          .onConflict(['customer_id', 'content_key'])
          .ignore();
        row = await find({ customer_id: customerId, content_key: contentKey });
        if (!row) throw new Error('the bundle just made is not there');
        // Only the ask whose row it is starts its build (a racing ask found it not stale: updated now).
        if (row.attempt === 0 && !building.has(row.bundle_id)) {
          const claimed = await knex(table)
            .where({ bundle_id: row.bundle_id, attempt: 0 })
            .update({ attempt: 1, updated_at: clock() });
          if (claimed > 0) build(row, render);
        }
        return progressOf(row);
      }
      if (stale(row)) {
        // Taken over with a compare-and-set on its attempt: one process rebuilds it.
        const claimed = await knex(table)
          .where({ bundle_id: row.bundle_id, attempt: row.attempt })
          .update({ done: 0, failed: false, attempt: row.attempt + 1, updated_at: clock() });
        if (claimed > 0) {
          build(row, render);
          return { ...progressOf(row), done: 0, failed: false };
        }
      }
      return progressOf(row);
    },

    async progress(customerId, bundleId) {
      const row = await find({ customer_id: customerId, bundle_id: bundleId });
      if (!row) throw new NotFoundError(`no bundle ${bundleId} of yours`, { bundleId });
      return progressOf(row);
    },

    async zip(customerId, bundleId) {
      const row = (await knex(table)
        .where({ customer_id: customerId, bundle_id: bundleId })
        .where('expires_at', '>', clock())
        .whereNotNull('zip')
        .first('zip')) as { zip: Buffer } | undefined;
      if (!row) throw new NotFoundError(`no bundle ${bundleId} of yours ready`, { bundleId });
      return row.zip;
    },

    async prune() {
      return knex(table).where('expires_at', '<=', clock()).delete();
    },

    async idle() {
      while (building.size > 0) await Promise.allSettled([...building.values()]);
    },
  };
}
