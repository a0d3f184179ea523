/**
 * `npm run analytics -- <command>`: analysts' access to the data (projections/analytics/README.md).
 *
 *   create-role <name> [--password-stdin]
 *       a PostgreSQL login that reads the analytics schema only, read-only; without --password-stdin a
 *       random password is made and printed once; run again: a new password
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { loadConfig } from '../http/config.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';
import { createAnalyticsRole, ROLE_NAME } from '../projections/analytics/analyticsRole.ts';

const USAGE = `usage:
  npm run analytics -- create-role <name> [--password-stdin]`;

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
    options: { 'password-stdin': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, name] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
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

process.exitCode = await main(process.argv.slice(2));
