/**
 * Opening the client and the start-up check: a server that cannot be reached must fail start-up with a
 * clear {@link EventStoreUnavailableError}, not with the client's raw gRPC error on the first call.
 */
import { EventStoreDBClient } from '@eventstore/db-client';
import { describeHost, startupError } from './esdbErrors.ts';

export function openEsdbClient(connectionString: string): { client: EventStoreDBClient; host: string } {
  const host = describeHost(connectionString);
  try {
    return { client: EventStoreDBClient.connectionString(connectionString), host };
  } catch (error) {
    // The client's message repeats the whole string, credentials included: keep only what it expected.
    const expected = (error as { expected?: unknown }).expected;
    throw new Error(
      `invalid EventStoreDB connection string for ${host}${expected ? `: expected ${expected}` : ''}`,
    );
  }
}

/**
 * Reads one event of `$all` within `timeoutMs` (the client sets no deadline on streaming reads, hence
 * the timer). On failure the client is disposed and the error is an `EventStoreUnavailableError`.
 */
export async function checkReachable(
  client: EventStoreDBClient,
  host: string,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const check = client.readAll({ maxCount: 1 }).toArray();
  check.catch(() => {}); // it may still fail after the timer won
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check, timeout]);
  } catch (error) {
    await client.dispose().catch(() => {});
    throw startupError(error, host);
  } finally {
    clearTimeout(timer);
  }
}
