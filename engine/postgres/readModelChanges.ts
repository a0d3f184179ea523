/**
 * "A read model moved", told to every app instance (engine/README.md, "Waking other instances"): a
 * projection is run by one instance (its advisory lock), but every instance keeps pages and words built
 * from it in memory. The owner announces each committed batch (`NOTIFY` with the projection's name, after
 * the commit, so a reader sees the new rows; the batches of one read in one NOTIFY, their names
 * comma-separated); each instance LISTENs on a connection of its own and drops what it kept. Real PostgreSQL only: PGlite (one instance) does not relay NOTIFY, and needs none.
 */
import type { Knex } from 'knex';
import { listenForAppends } from './listenForAppends.ts';

export const READ_MODEL_CHANGES_CHANNEL = 'read_model_changed';

export interface ReadModelChanges {
  /** Tells every instance (this one included) that these projections committed batches: one NOTIFY. */
  announce(names: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export async function createReadModelChanges(options: {
  readonly knex: Knex;
  /** The database's connection string, for the LISTEN connection. */
  readonly url: string;
  /** Once per projection named in an announcement. */
  readonly onChange: (name: string) => void;
  readonly onError: (error: Error) => void;
  readonly channel?: string;
}): Promise<ReadModelChanges> {
  const channel = options.channel ?? READ_MODEL_CHANGES_CHANNEL;
  const listener = await listenForAppends(
    options.url,
    channel,
    (payload) => {
      for (const name of (payload ?? '').split(',')) if (name) options.onChange(name);
    },
    options.onError,
  );
  return {
    async announce(names) {
      if (names.length > 0) await options.knex.raw('SELECT pg_notify(?, ?)', [channel, names.join(',')]);
    },
    close: () => listener.close(),
  };
}
