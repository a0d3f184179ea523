/**
 * LISTEN on a dedicated connection (not one of the pool's) for the NOTIFY that each instance sends after
 * its appends commit (appendNotifier.ts), so subscribers in this process wake for appends made by other
 * app instances. See engine/README.md, "Waking other instances". The notification's payload, if any, is
 * handed over (the read models' change announcements use it: engine/postgres/readModelChanges.ts).
 */
import pg from 'pg';

export async function listenForAppends(
  url: string,
  channel: string,
  onAppend: (payload: string | undefined) => void,
  onError: (error: Error) => void,
): Promise<{ close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'event-store-listener' });
  client.on('notification', (message) => onAppend(message.payload));
  client.on('error', onError);
  await client.connect();
  await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
  return { close: () => client.end().catch(() => {}) };
}
