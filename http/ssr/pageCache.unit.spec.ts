import { describe, expect, it } from 'vitest';
import { type CachedPage, createPageCache } from './pageCache.ts';

const page = (html: string, status = 200, headers: [string, string][] = []): CachedPage => ({
  status,
  headers: [['content-type', 'text/html; charset=utf-8'], ...headers],
  html,
});
/** A render that counts its calls and answers when released. */
function deferredRender(result: CachedPage) {
  let calls = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    render: async () => {
      calls += 1;
      await released;
      return result;
    },
    release,
    calls: () => calls,
  };
}

describe('the page cache', () => {
  it('given a rendered page, when it is asked again, then it comes from memory and is not rendered again', async () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    expect(await cache.get('/fr', render)).toEqual({ page: page('<p>1</p>'), hit: false });
    expect(await cache.get('/fr', render)).toEqual({ page: page('<p>1</p>'), hit: true });
    expect(await cache.get('/de', render)).toMatchObject({ page: { html: '<p>2</p>' }, hit: false });
  });

  it('given requests for a page being rendered, then they share that one rendering', async () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const slow = deferredRender(page('<p>once</p>'));
    const answers = Promise.all([cache.get('/fr', slow.render), cache.get('/fr', slow.render)]);
    slow.release();
    expect((await answers).map((a) => a.page.html)).toEqual(['<p>once</p>', '<p>once</p>']);
    expect(slow.calls()).toBe(1);
  });

  it('given the catalogue moves while a page renders, then that page is answered but not kept', async () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    const slow = deferredRender(page('<p>old</p>'));
    const first = cache.get('/fr', slow.render);
    cache.clear();
    slow.release();
    expect((await first).page.html).toBe('<p>old</p>');
    expect(await cache.get('/fr', async () => page('<p>new</p>'))).toMatchObject({
      page: { html: '<p>new</p>' },
      hit: false,
    });
    expect(cache.size).toBe(1);
  });

  it('given an error page, a redirect or a cookie, then it is not kept; a 404 is', async () => {
    const cache = createPageCache({ ttlMs: 60_000 });
    await cache.get('/a', async () => page('oops', 500));
    await cache.get('/b', async () => page('', 301, [['location', '/c']]));
    await cache.get('/c', async () => page('<p>c</p>', 200, [['set-cookie', 'sid=1']]));
    await cache.get('/d', async () => page('<p>not found</p>', 404));
    expect(cache.size).toBe(1);
    expect((await cache.get('/d', async () => page('again', 404))).hit).toBe(true);
  });

  it('given a page older than the TTL, then it is rendered again', async () => {
    const cache = createPageCache({ ttlMs: 40 });
    let renders = 0;
    const render = async () => page(`<p>${++renders}</p>`);
    await cache.get('/fr', render);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await cache.get('/fr', render)).toMatchObject({ page: { html: '<p>2</p>' }, hit: false });
  });
});
