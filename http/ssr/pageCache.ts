/**
 * The server-rendered pages kept in memory, per URL, while the data they show has not moved. A page's
 * HTML depends only on its URL and the catalogue's read models (the SSR reads no session or cookie:
 * personal bits such as favorites load in the browser), so one rendering serves every visitor until:
 * - a projection that pages read commits a batch (the catalogue, its search index): `clear()`, called by
 *   the projection runner of this process (http/createServices.ts), so a price change, a hold or a sale
 *   shows on the next request, as without the cache;
 * - or `ttlMs` passes: the bound for an instance that does not run those projections itself (several
 *   instances behind one address: only one owns each projection).
 * Concurrent requests for a page being rendered wait for that rendering (one render per URL at a time).
 * Only complete 200 and 404 answers are kept, never one setting a cookie or redirecting; at most
 * `maxBytes` of HTML, least recently used first out.
 */
import { LRUCache } from 'lru-cache';

export interface CachedPage {
  readonly status: number;
  readonly headers: readonly (readonly [string, string])[];
  readonly html: string;
}

export interface PageCacheOptions {
  /** How long a page may be served from memory at most (ms). */
  readonly ttlMs: number;
  /** The HTML kept at most (UTF-16 code units; default 64 Mi). */
  readonly maxBytes?: number;
}

export interface PageCache {
  /** The page kept for `key`, or `render`'s (kept when it may be), and whether it was a hit. */
  get(key: string, render: () => Promise<CachedPage>): Promise<{ page: CachedPage; hit: boolean }>;
  /** Forgets every page, and every rendering in flight (it may have read the data before it moved). */
  clear(): void;
  /** Pages kept now. */
  readonly size: number;
}

const cacheable = (page: CachedPage) =>
  (page.status === 200 || page.status === 404) &&
  !page.headers.some(([name]) => name === 'set-cookie' || name === 'location');

export function createPageCache(options: PageCacheOptions): PageCache {
  if (!(options.ttlMs > 0)) throw new RangeError('ttlMs must be > 0');
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) => Math.max(1, page.html.length),
    ttl: options.ttlMs,
  });
  const inFlight = new Map<string, Promise<CachedPage>>();
  let generation = 0;

  return {
    async get(key, render) {
      const kept = pages.get(key);
      if (kept) return { page: kept, hit: true };
      const pending = inFlight.get(key);
      if (pending) return { page: await pending, hit: true };
      const started = generation;
      const rendering = render().then((page) => {
        // Rendered from data read before a clear(): answered, not kept.
        if (generation === started && cacheable(page)) pages.set(key, page);
        return page;
      });
      inFlight.set(key, rendering);
      try {
        return { page: await rendering, hit: false };
      } finally {
        if (inFlight.get(key) === rendering) inFlight.delete(key);
      }
    },
    clear() {
      generation += 1;
      pages.clear();
      inFlight.clear();
    },
    get size() {
      return pages.size;
    },
  };
}
