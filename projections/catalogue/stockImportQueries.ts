/** Reads of the import log: the imports of a month (newest first, without their rejected lines) and one import. */
import type { Knex } from 'knex';
import type { StockImportReport } from '../../domain/catalogue/feed/stockImportEvents.ts';

export type StockImportSummary = Omit<StockImportReport, 'rejections' | 'rejectionsTruncated'>;

export interface StockImportQueries {
  /** The imports of `yearMonth` (`YYYY-MM`, UTC), newest first. */
  listImports(yearMonth: string): Promise<StockImportSummary[]>;
  /** One import with its rejected lines, or `undefined`. */
  getImport(importId: string): Promise<StockImportReport | undefined>;
}

interface ImportRow {
  import_id: string;
  at: Date;
  file_name: string;
  by: StockImportReport['by'] | null;
  format: StockImportReport['format'];
  dealers: string[];
  counts: StockImportReport['counts'];
  rejections?: StockImportReport['rejections'];
  rejections_truncated?: boolean;
}

const summary = (r: ImportRow): StockImportSummary => ({
  importId: r.import_id,
  at: r.at.toISOString(),
  fileName: r.file_name,
  ...(r.by ? { by: r.by } : {}),
  format: r.format,
  dealers: r.dealers,
  counts: r.counts,
});

export function stockImportQueries(options: { knex: Knex; schema?: string }): StockImportQueries {
  const { knex } = options;
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".stock_imports`;
  return {
    async listImports(yearMonth) {
      const { rows } = await knex.raw(
        `SELECT import_id, at, file_name, by, format, dealers, counts FROM ${table}
         WHERE year_month = ? ORDER BY at DESC, import_id`,
        [yearMonth],
      );
      return (rows as ImportRow[]).map(summary);
    },
    async getImport(importId) {
      const { rows } = await knex.raw(`SELECT * FROM ${table} WHERE import_id = ?`, [importId]);
      const row = rows[0] as ImportRow | undefined;
      if (!row) return undefined;
      return {
        ...summary(row),
        rejections: row.rejections ?? [],
        rejectionsTruncated: row.rejections_truncated ?? false,
      };
    },
  };
}
