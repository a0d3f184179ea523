/**
 * LISTEN on a dedicated connection (not one of the pool's) for the NOTIFY that each instance sends after
 * its appends commit (appendNotifier.ts), so subscribers in this process wake for appends made by other
 * app instances. See engine/README.md, "Waking other instances".
 */
import pg from 'pg';

export async function listenForAppends(
  url: string,
  channel: string,
  onAppend: () => void,
  onError: (error: Error) => void,
): Promise<{ close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'event-store-listener' });
  client.on('notification', onAppend);
  client.on('error', onError);
  await client.connect();
  await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  return { close: () => client.end().catch(() => {}) };
}
