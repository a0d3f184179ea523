/**
 * A PostgreSQL login for analysts' tools that reads the analytics schema only, read-only
 * (projections/analytics/README.md). Run again with the same name: a new password, the grants again.
 */
import type { Knex } from 'knex';
import { analyticsSchemaOf, quote } from '../projectionTables.ts';

export interface AnalyticsRoleOptions {
  readonly role: string;
  readonly password: string;
  /** The app's schema (default `public`); its analysts' schema is granted. */
  readonly schema?: string;
}

/** A role name PostgreSQL takes unquoted: lowercase letters, digits and `_`, a letter first. */
export const ROLE_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export async function createAnalyticsRole(
  knex: Knex,
  options: AnalyticsRoleOptions,
): Promise<{ readonly created: boolean; readonly schema: string }> {
  if (!ROLE_NAME.test(options.role))
    throw new Error('a role name is lowercase letters, digits and _, starting with a letter (63 at most)');
  if (options.password.length < 12) throw new Error('a password has at least 12 characters');
  const role = quote(options.role);
  const analytics = analyticsSchemaOf(options.schema ?? 'public');
  const a = quote(analytics);
  return knex.transaction(async (trx) => {
    const { rows: present } = await trx.raw('SELECT 1 FROM pg_namespace WHERE nspname = ?', [analytics]);
    if (present.length === 0) throw new Error(`no schema ${analytics}: run the migrations first`);
    const { rows } = await trx.raw('SELECT 1 FROM pg_roles WHERE rolname = ?', [options.role]);
    const created = rows.length === 0;
    // The password is a literal (no bindings in utility statements): quoted as PostgreSQL quotes strings.
    const password = `'${options.password.replaceAll("'", "''")}'`;
    await trx.raw(
      `${created ? 'CREATE' : 'ALTER'} ROLE ${role} LOGIN PASSWORD ${password} NOSUPERUSER NOCREATEDB NOCREATEROLE`,
    );
    await trx.raw(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    await trx.raw(`GRANT USAGE ON SCHEMA ${a} TO ${role}`);
    await trx.raw(`GRANT SELECT ON ALL TABLES IN SCHEMA ${a} TO ${role}`);
    // The read models' views are made again at each rebuild's switch-over: granted as they are made.
    await trx.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${a} GRANT SELECT ON TABLES TO ${role}`);
    return { created, schema: analytics };
  });
}
