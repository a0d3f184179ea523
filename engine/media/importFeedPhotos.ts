/**
 * The photos a stock feed names (column `photos`, domain/catalogue/feed/README.md), added to its cars
 * once the import's car changes are appended: each URL the car has not got yet (its photos keep their
 * `sourceUrl`) is fetched (fetchPhoto.ts), checked and resized (processPhoto.ts) and added as
 * `CarPhotoAdded` with the import as its source. A URL that cannot be fetched or is not a picture is a
 * warning of its line, never a failed import. Retries: the event's key is (import, URL), so the same
 * import run again adds nothing; another import skips the URLs the car already has.
 */
import type { ReportedRejection } from '../../domain/catalogue/feed/stockImportEvents.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { CarPhotos } from './createCarPhotos.ts';
import { type FetchPhoto, PhotoFetchError } from './fetchPhoto.ts';

/** A line's car and the URLs it names. */
export interface FeedPhotoLine {
  readonly line: number;
  readonly carId: string;
  readonly dealerId: string;
  readonly reference: string;
  readonly urls: readonly string[];
}

export type ImportFeedPhotos = (
  importId: string,
  lines: readonly FeedPhotoLine[],
) => Promise<{ added: number; warnings: ReportedRejection[] }>;

export function createImportFeedPhotos(options: {
  readonly carPhotos: CarPhotos;
  readonly fetchPhoto: FetchPhoto;
  /** URLs fetched at the same time (default 4). */
  readonly concurrency?: number;
}): ImportFeedPhotos {
  const { carPhotos, fetchPhoto } = options;
  return async (importId, lines) => {
    const warnings: ReportedRejection[] = [];
    let added = 0;
    const work: (() => Promise<void>)[] = [];
    for (const line of lines) {
      if (line.urls.length === 0) continue;
      work.push(async () => {
        const have = new Set((await carPhotos.list(line.carId)).map((p) => p.sourceUrl));
        for (const url of line.urls) {
          if (have.has(url)) continue;
          const warn = (message: string) =>
            warnings.push({
              line: line.line,
              field: 'photos',
              message,
              dealerId: line.dealerId,
              reference: line.reference,
            });
          try {
            const bytes = await fetchPhoto(url);
            await carPhotos.importPhoto(line.carId, bytes, url, importId, {
              actor: { kind: 'system', name: 'stock-import' },
              idempotencyKey: `import:${importId}:${url}`.slice(0, 200),
            });
            added += 1;
          } catch (error) {
            if (error instanceof PhotoFetchError) warn(error.message);
            else if (error instanceof ValidationError)
              warn(`${url.slice(0, 200)}: ${Object.values(error.details.fields).flat().join(', ')}`);
            else throw error;
          }
        }
      });
    }
    let next = 0;
    const worker = async () => {
      while (next < work.length) await work[next++]!();
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
    warnings.sort((a, b) => a.line - b.line);
    return { added, warnings };
  };
}
