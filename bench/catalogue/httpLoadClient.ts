/**
 * The bench's HTTP client, run as its own process (forked by httpLoad.ts) so that its work does not
 * share the server's event loop. `concurrency` clients, each with a keep-alive connection, request the
 * URLs in turn, one request at a time each; time to first byte is from sending the request to the
 * response's status line and headers (node:http's `response` event), total time to the body's end.
 */
import http from 'node:http';

export interface LoadJob {
  readonly origin: string;
  readonly urls: readonly string[];
  /** The `cookie` header to send with each URL (same index), for pages of one visitor's session. */
  readonly cookies?: readonly string[];
  readonly concurrency: number;
  /** Stop after this many requests… */
  readonly requests?: number;
  /** …or after this long. */
  readonly durationMs?: number;
}

export interface LoadResult {
  readonly ttfbMs: number[];
  readonly totalMs: number[];
  readonly statuses: Record<string, number>;
  readonly elapsedMs: number;
  readonly bytes: number;
}

function get(
  agent: http.Agent,
  url: URL,
  cookie: string | undefined,
): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) };
    const request = http.get(url, { agent, headers }, (response) => {
      const ttfb = performance.now() - started;
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, ttfb, total: performance.now() - started, bytes }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const ttfbMs: number[] = [];
  const totalMs: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const more = () =>
    job.requests !== undefined ? next < job.requests : performance.now() - started < (job.durationMs ?? 0);
  const client = async () => {
    while (more()) {
      const at = next++ % job.urls.length;
      const answer = await get(agent, new URL(job.urls[at]!, job.origin), job.cookies?.[at]);
      ttfbMs.push(answer.ttfb);
      totalMs.push(answer.total);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      bytes += answer.bytes;
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, client));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  return { ttfbMs, totalMs, statuses, elapsedMs, bytes };
}

if (process.send) {
  process.on('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String(error) }),
    );
  });
}
