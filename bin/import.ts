/**
 * `npm run import -- <file> [--format csv|xlsx]`: imports a dealer stock feed (see
 * domain/catalogue/feed/README.md), brings the catalogue projection up to date and prints the report.
 * Exit code 0 when the file was read (even with rejected lines), 1 when it could not be read at all.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { StockImportReport } from '../domain/catalogue/feed/stockImportEvents.ts';
import { ValidationError } from '../domain/errors.ts';
import { allEventsVisible } from '../engine/catalogue/allEventsVisible.ts';
import { createPostgresAppendBatch } from '../engine/catalogue/createPostgresAppendBatch.ts';
import { createImportStock } from '../engine/catalogue/importStock.ts';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { openEventStore } from '../http/createServices.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { catalogueProjection } from '../projections/catalogue/catalogueProjection.ts';
import { createCurrentStockReader } from '../projections/catalogue/currentStockReader.ts';
import { stockImportsProjection } from '../projections/catalogue/stockImportsProjection.ts';
import { createProjectionRunner } from '../projections/createProjectionRunner.ts';

const args = process.argv.slice(2);
const formatAt = args.indexOf('--format');
const format = formatAt === -1 ? undefined : args[formatAt + 1];
const file = args.find((a, i) => !a.startsWith('--') && (formatAt === -1 || i !== formatAt + 1));
if (!file || (formatAt !== -1 && !format)) {
  console.error('usage: npm run import -- <file> [--format csv|xlsx]');
  process.exit(1);
}

let content: Buffer;
try {
  content = await readFile(file);
} catch (error) {
  console.error(`cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}

const config = loadConfig(process.env);
const db = await openDatabase({ ...config.database, applicationName: 'import' });
let exitCode = 0;
try {
  await migrateToLatest(db.knex);
  const store = await openEventStore(config, db, { info: console.log, error: console.error });
  const runner = createProjectionRunner({
    knex: db.knex,
    store,
    projections: [catalogueProjection, stockImportsProjection],
  });
  // The import decides against the catalogue read model: bring it up to date first, and after.
  const catchUp = async () => {
    if (!config.eventStoreUrl) await allEventsVisible(db.knex, 'public');
    await runner.caughtUp();
  };
  try {
    await runner.start();
    await catchUp();
    const importStock = createImportStock({
      store,
      currentStock: createCurrentStockReader({ knex: db.knex }),
      ...(config.eventStoreUrl ? {} : { appendBatch: createPostgresAppendBatch({ knex: db.knex }) }),
      concurrency: db.embedded ? 1 : 4,
    });
    const started = performance.now();
    const report = await importStock({
      importId: randomUUID(),
      at: new Date(),
      fileName: basename(file),
      format,
      content,
    });
    await catchUp();
    console.log(formatReport(report, (performance.now() - started) / 1000));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems = Object.entries(error.details.fields).flatMap(([field, messages]) =>
      messages.map((m) => `${field}: ${m}`),
    );
    console.error(`${file} could not be imported: ${problems.join('; ') || error.message}`);
    exitCode = 1;
  } finally {
    await runner.stop();
    await store.close();
  }
} finally {
  await db.close();
}
process.exitCode = exitCode;

function formatReport(report: StockImportReport, seconds: number): string {
  const { counts } = report;
  const lines = [
    `import ${report.importId}: ${report.fileName} (${report.format}), ${counts.rows} lines in ${seconds.toFixed(1)} s`,
    `dealers: ${report.dealers.join(', ') || 'none'}`,
    `listed ${counts.listed}, updated ${counts.updated}, repriced ${counts.repriced}, withdrawn ${counts.withdrawn}, unchanged ${counts.unchanged}, rejected ${counts.rejected} lines`,
    ...report.rejections.map((r) => `line ${r.line}: ${r.field}: ${r.message}`),
  ];
  if (report.rejectionsTruncated)
    lines.push(`(only the first ${report.rejections.length} problems are shown)`);
  return lines.join('\n');
}
