/**
 * "A read model moved", told to every app instance (engine/README.md, "Waking other instances"): a
 * projection is run by one instance (its advisory lock), but every instance keeps pages and words built
 * from it in memory. The owner announces each committed batch (`NOTIFY` with the projection's name, after
 * the commit, so a reader sees the new rows); each instance LISTENs on a connection of its own and drops
 * what it kept. Real PostgreSQL only: PGlite (one instance) does not relay NOTIFY, and needs none.
 */
import type { Knex } from 'knex';
import { listenForAppends } from './listenForAppends.ts';

export const READ_MODEL_CHANGES_CHANNEL = 'read_model_changed';

export interface ReadModelChanges {
  /** Tells every instance (this one included) that projection `name` committed a batch. */
  announce(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function createReadModelChanges(options: {
  readonly knex: Knex;
  /** The database's connection string, for the LISTEN connection. */
  readonly url: string;
  readonly onChange: (name: string) => void;
  readonly onError: (error: Error) => void;
  readonly channel?: string;
}): Promise<ReadModelChanges> {
  const channel = options.channel ?? READ_MODEL_CHANGES_CHANNEL;
  const listener = await listenForAppends(
    options.url,
    channel,
    (payload) => {
      if (payload) options.onChange(payload);
    },
    options.onError,
  );
  return {
    async announce(name) {
      await options.knex.raw('SELECT pg_notify(?, ?)', [channel, name]);
    },
    close: () => listener.close(),
  };
}
