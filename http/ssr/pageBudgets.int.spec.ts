/**
 * Budgets of server-rendered pages (README.md here, "What a page costs"): the SQL statements and the
 * internal API calls one render of a list page, a car page and a signed-in buyer's purchase step costs,
 * counted exactly on the app as `npm start` builds it (http/server.ts: the config, the services on a
 * fresh database of the local PostgreSQL with its demo catalogue, `appOptions`), the page cache off.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateUrl } from '../../domain/routes/index.ts';
import { counted, countStatements, type StatementCounter } from '../../engine/testing/statementCounter.ts';
import { unavailableReason } from '../../engine/testing/testDatabase.ts';
import type { Services } from '../createServices.ts';
import { signedUpBuyer, type TestBrowser, testBrowser } from '../testing/testBrowser.ts';
import { openWholeApp, type WholeApp } from '../testing/wholeApp.ts';

/**
 * What one request cost: its SQL statements (their text, shortened), the API calls its render made
 * (`getJson` with its path, numbers as `:n`), and the requests the app answered (the page's, then those
 * of API calls made over `inject`).
 */
interface Cost {
  readonly statements: string[];
  readonly apiCalls: string[];
  readonly requests: string[];
}
const costs = new AsyncLocalStorage<Cost>();

/**
 * The budgets: each the figure measured when it was set (README.md here lists what the statements and
 * calls are). A page that costs more fails with the list; one that costs less may lower its budget.
 */
const BUDGETS = {
  list: { statements: 5, apiCalls: 3 },
  car: { statements: 5, apiCalls: 2 },
  purchase: { statements: 8, apiCalls: 2 },
} as const;

// Every API call of a render goes through the client renderPage is given: counted there.
vi.mock('./renderPage.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./renderPage.ts')>();
  const counted = <T extends object>(api: T): T =>
    new Proxy(api, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const path = name === 'getJson' ? ` ${String(args[0]).split('?')[0]!.replace(/\d+/g, ':n')}` : '';
          costs.getStore()?.apiCalls.push(`${String(name)}${path}`);
          return value.apply(target, args);
        };
      },
    });
  return {
    ...original,
    renderPage: (options: Parameters<typeof original.renderPage>[0]) =>
      original.renderPage({ ...options, api: counted(options.api) }),
  };
});

const skip = unavailableReason('postgres');
if (skip) console.log(`[skip] page budgets: ${skip}`);

describe.skipIf(skip)('what a server-rendered page costs', () => {
  let whole: WholeApp;
  let services: Services;
  let fastify: FastifyInstance;
  let statements: StatementCounter;
  let visitor: TestBrowser;
  let buyer: TestBrowser;
  const pages: Record<'list' | 'car' | 'purchase', string> = { list: '', car: '', purchase: '' };

  beforeAll(async () => {
    whole = await openWholeApp('budgets', {
      // The cost of a render, not of a cache hit.
      env: { DEMO_CARS: '300', PAGE_CACHE_SECONDS: '0' },
      beforeApp: (root) =>
        root.addHook('onRequest', async (request) => {
          costs.getStore()?.requests.push(`${request.method} ${request.url.split('?')[0]}`);
        }),
    });
    ({ services, fastify } = whole);
    await services.projections.caughtUp();

    visitor = testBrowser(fastify, '10.0.3.1');
    const search = await visitor.call({
      method: 'GET',
      url: '/api/catalogue/search?country=FR&condition=used&pageSize=2',
    });
    const [car, bought] = search.json().cars as { carId: string; slug: string }[];
    pages.list = generateUrl('page_buy_index.fr');
    pages.car = generateUrl('car_detail.fr', { id: car!.carId, slug: car!.slug });

    buyer = await signedUpBuyer(fastify, 'budget@example.test', '10.0.3.2');
    const started = await buyer.call({
      method: 'POST',
      url: `/fr/acheter/achat-${bought!.carId}/${bought!.slug}`,
      headers: {
        'x-csrf-token': await buyer.csrf(),
        accept: 'application/json',
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    pages.purchase = started.json().links.page;
    await services.projections.caughtUp();
    statements = countStatements();
  }, 180_000);

  afterAll(async () => {
    statements?.stop();
    await whole?.close();
  });

  /**
   * One GET of `path` as a browser asks for a page, and what it cost. The list and car pages are a
   * first-time visitor's (no cookie: the car page's contact form starts their session), the purchase
   * step the signed-in buyer's.
   */
  const cost = async (page: keyof typeof pages): Promise<Cost> => {
    const browser = page === 'purchase' ? buyer : visitor;
    if (browser === visitor) visitor.forget();
    const spent: Cost = { statements: [], apiCalls: [], requests: [] };
    statements.reset();
    const response = await counted('render', () =>
      costs.run(spent, () =>
        browser.call({ method: 'GET', url: pages[page], headers: { accept: 'text/html' } }),
      ),
    );
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // Whatever the request left running that sends statements in its name is its cost too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    spent.statements.push(...statements.sent('render').map((sql) => sql.slice(0, 120)));
    return spent;
  };

  it.each(['list', 'car', 'purchase'] as const)(
    'given the %s page rendered once (caches filled), then each render costs the same, within its budget',
    async (page) => {
      // The first render fills what is kept after it (the words staff changed, per locale): not counted.
      await cost(page);
      const [counted, ...again] = [await cost(page), await cost(page), await cost(page)];
      for (const other of again) expect(other, `${page}: the same cost at every render`).toEqual(counted);
      const { statements, apiCalls, requests } = counted!;
      const budget = BUDGETS[page];
      const list = (items: string[]) => items.map((item, i) => `  ${i + 1}. ${item}`).join('\n');
      const answered = `\nthe requests answered:\n${list(requests)}`;
      expect(
        statements.length,
        `${pages[page]}: ${statements.length} SQL statements for a budget of ${budget.statements}:\n${list(statements)}${answered}`,
      ).toBeLessThanOrEqual(budget.statements);
      expect(
        apiCalls.length,
        `${pages[page]}: ${apiCalls.length} API calls for a budget of ${budget.apiCalls}:\n${list(apiCalls)}${answered}`,
      ).toBeLessThanOrEqual(budget.apiCalls);
    },
  );
});
