/**
 * Test databases for the `int` tier: a fresh schema, migrated, on the chosen target, dropped on close.
 * `default` is the README's rule: `DATABASE_URL` when set, the run's embedded PGlite otherwise.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { inject } from 'vitest';
import { migrateToLatest } from '../../migrations/migrateToLatest.ts';
import { createKnex } from '../database/openDatabase.ts';

export type DatabaseTarget = 'default' | 'postgres' | 'pglite';

export interface TestDatabase {
  readonly knex: Knex;
  readonly url: string;
  readonly schema: string;
  readonly embedded: boolean;
  close(): Promise<void>;
}

/** Why a target cannot run here, or undefined when it can. Print it when skipping. */
export function unavailableReason(target: DatabaseTarget): string | undefined {
  if (target === 'postgres' && !process.env.DATABASE_URL)
    return 'DATABASE_URL is unset: no real PostgreSQL to test on';
  return undefined;
}

export function targetUrl(target: DatabaseTarget): { url: string; embedded: boolean } {
  const real = process.env.DATABASE_URL;
  if (target === 'postgres' || (target === 'default' && real)) {
    if (!real) throw new Error(unavailableReason('postgres'));
    return { url: real, embedded: false };
  }
  return { url: inject('pgliteUrl'), embedded: true };
}

export async function openTestDatabase(
  target: DatabaseTarget = 'default',
  poolSize = 10,
): Promise<TestDatabase> {
  const { url, embedded } = targetUrl(target);
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const knex = createKnex(url, poolSize, 'int-test');
  await migrateToLatest(knex, { schema });
  return {
    knex,
    url,
    schema,
    embedded,
    async close() {
      await knex.raw(`DROP SCHEMA IF EXISTS "${schema}_analytics", "${schema}" CASCADE`);
      await knex.destroy();
    },
  };
}
