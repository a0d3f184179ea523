/**
 * The record of a stock import, in its own stream (`stock-import-<importId>`): what file, which
 * dealers, what changed and which lines were rejected. Facts only: no personal data (the rejected
 * lines are given by number, field and problem, never by their content).
 */
import type { RejectedField, StockCounts } from './diffStock.ts';
import type { FeedFormat } from './feedFormat.ts';

/** At most this many rejected fields are recorded (and answered); `rejectionsTruncated` says when more were. */
export const MAX_RECORDED_REJECTIONS = 1000;

export const IMPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A rejected field, with the car its line names (dealer and reference) when they could be read. */
export interface ReportedRejection extends RejectedField {
  readonly dealerId?: string;
  readonly reference?: string;
}

/** The staff member who sent the file (none: the command line). */
export interface ImportedBy {
  readonly id: string;
  readonly name: string;
}

export interface StockImportReport {
  readonly importId: string;
  /** When the import ran (ISO 8601, UTC); its month is the import log's `yearMonth`. */
  readonly at: string;
  readonly fileName: string;
  /** Absent for imports run from the command line (and those recorded before it was kept). */
  readonly by?: ImportedBy;
  readonly format: FeedFormat;
  readonly dealers: readonly string[];
  readonly counts: StockCounts;
  readonly rejections: readonly ReportedRejection[];
  readonly rejectionsTruncated: boolean;
  /**
   * Lines imported with a problem that did not stop them: a photo URL that could not be fetched or is
   * not a picture (field `photos`). Absent on imports recorded before photos.
   */
  readonly warnings?: readonly ReportedRejection[];
  /** Photos fetched and added to cars. */
  readonly photosAdded?: number;
}

export type StockImportEvent = { type: 'StockImportCompleted'; data: StockImportReport };

export const STOCK_IMPORT_EVENT_TYPES = [
  'StockImportCompleted',
] as const satisfies readonly StockImportEvent['type'][];

export function stockImportStream(importId: string): string {
  return `stock-import-${importId}`;
}

/** `YYYY-MM` of an ISO instant (UTC). */
export function yearMonthOf(at: string): string {
  return at.slice(0, 7);
}
