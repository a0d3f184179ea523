/**
 * Fetching a photo a stock feed names (an outside fact): the port, and the built-in implementation over
 * `fetch`, bounded in time and size. Only `http:` and `https:` URLs; a refusal is a `PhotoFetchError`
 * whose message goes into the import report as the line's warning.
 */

/** Fetches the bytes at `url`; throws `PhotoFetchError` when it cannot. */
export type FetchPhoto = (url: string) => Promise<Buffer>;

export class PhotoFetchError extends Error {
  override name = 'PhotoFetchError';
}

export interface FetchPhotoOptions {
  /** The whole request, headers and body (default 10 s). */
  readonly timeoutMs?: number;
  /** Largest body read (default 15 MB: the upload's limit). */
  readonly maxBytes?: number;
}

export function createFetchPhoto(options: FetchPhotoOptions = {}): FetchPhoto {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 15 * 1024 * 1024;
  return async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new PhotoFetchError(`not a URL: ${url.slice(0, 200)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new PhotoFetchError(`not an http(s) URL: ${url.slice(0, 200)}`);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(parsed, { signal, redirect: 'follow', headers: { accept: 'image/*' } });
      if (!response.ok) throw new PhotoFetchError(`${url.slice(0, 200)} answered ${response.status}`);
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > maxBytes) throw new PhotoFetchError(`${url.slice(0, 200)} is over ${maxBytes} bytes`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += chunk.length;
        if (size > maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          throw new PhotoFetchError(`${url.slice(0, 200)} is over ${maxBytes} bytes`);
        }
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof PhotoFetchError) throw error;
      const timedOut = signal.aborted;
      throw new PhotoFetchError(
        timedOut
          ? `${url.slice(0, 200)} took over ${timeoutMs} ms`
          : `${url.slice(0, 200)} could not be fetched`,
        { cause: error },
      );
    }
  };
}
