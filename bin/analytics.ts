/**
 * `npm run analytics -- <command>`: analysts' access to the data (projections/analytics/README.md).
 *
 *   create-role <name> [--password-stdin]
 *       a PostgreSQL login that reads the analytics schema only, read-only; without --password-stdin a
 *       random password is made and printed once; run again: a new password
 *   export-parquet <dir> [--rows-per-file N]
 *       the event log's events after the directory's checkpoint as Parquet files by day and type
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { openEventStore } from '../http/createServices.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { createAnalyticsRole, ROLE_NAME } from '../projections/analytics/analyticsRole.ts';
import { ExportDirectoryError, exportEventsToParquet } from '../projections/analytics/parquetExport.ts';

const USAGE = `usage:
  npm run analytics -- create-role <name> [--password-stdin]
  npm run analytics -- export-parquet <dir> [--rows-per-file N]`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The app's connection string with the analyst's user and no password: what a tool connects with. */
function connectionHint(databaseUrl: string, role: string): string {
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = '';
  return url.toString();
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'password-stdin': { type: 'boolean' },
      'rows-per-file': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, name] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'export-parquet') return exportParquet(name, values['rows-per-file']);
  if (command !== 'create-role') {
    console.error(`unknown command "${command}"\n${USAGE}`);
    return 1;
  }
  if (!name || !ROLE_NAME.test(name)) {
    console.error(`create-role needs a name: lowercase letters, digits and _, a letter first\n${USAGE}`);
    return 1;
  }
  const config = loadConfig(process.env);
  if (!config.database.url) {
    console.error('create-role needs a real PostgreSQL (DATABASE_URL): the embedded one has no logins');
    return 1;
  }
  const given = values['password-stdin'] ? await readStdin() : undefined;
  const password = given ?? randomBytes(18).toString('base64url');
  const db = await openDatabase({ ...config.database, poolSize: 1, applicationName: 'analytics-cli' });
  try {
    await migrateToLatest(db.knex);
    const { created, schema } = await createAnalyticsRole(db.knex, { role: name, password });
    console.log(`${created ? 'created' : 'updated'} role ${name}: reads the schema ${schema}, read-only`);
    if (!given) console.log(`password (shown once): ${password}`);
    console.log(`connect with: ${connectionHint(config.database.url, name)}  (PGPASSWORD=…)`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

async function exportParquet(dir: string | undefined, rowsText: string | undefined): Promise<number> {
  if (!dir) {
    console.error(`export-parquet needs a directory\n${USAGE}`);
    return 1;
  }
  const rowsPerFile = rowsText === undefined ? undefined : Number(rowsText);
  if (rowsPerFile !== undefined && !(Number.isInteger(rowsPerFile) && rowsPerFile >= 1000)) {
    console.error('--rows-per-file must be a whole number of at least 1000');
    return 1;
  }
  const config = loadConfig(process.env);
  const db = await openDatabase({ ...config.database, poolSize: 2, applicationName: 'analytics-export' });
  const log = { info: (m: string) => console.log(m), error: (p: unknown, m?: string) => console.error(m, p) };
  try {
    await migrateToLatest(db.knex);
    const store = await openEventStore(config, db, log);
    try {
      const started = performance.now();
      const result = await exportEventsToParquet({
        store,
        dir,
        ...(rowsPerFile ? { rowsPerFile } : {}),
        onProgress: ({ events }) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${events} events read`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write('\n');
      const seconds = (performance.now() - started) / 1000;
      if (result.removed.length > 0) {
        console.log(`removed ${result.removed.length} part(s) of an unfinished earlier export`);
      }
      console.log(
        result.events === 0
          ? result.from.commit < 0n
            ? 'no events to export yet'
            : `nothing new after ${result.from.commit}/${result.from.prepare}`
          : `exported ${result.events} events in ${result.files.length} file(s) in ${seconds.toFixed(1)} s; checkpoint ${result.to.commit}/${result.to.prepare}`,
      );
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    console.error(error instanceof ExportDirectoryError ? error.message : error);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
