/**
 * An in-memory stand-in for a Meilisearch server at the `fetch` level, for tests on a machine with no
 * Meilisearch: the real `meilisearch` client talks to it. It keeps indexes, settings, documents and tasks
 * (applied at once), evaluates the subset of the filter language the adapter writes (`=`, `!=`, `<`,
 * `<=`, `>`, `>=`, `IN [...]`, `AND`), and rejects filters, facets and sorts on attributes the settings
 * do not declare, as Meilisearch does. Words match whole (the last one by prefix), no typos. It is not
 * Meilisearch: the contract suite against a real server (`MEILI_URL`) stays the proof.
 */
export const FAKE_MEILI_HOST = 'http://fake-meili.test';

type Doc = Record<string, unknown>;
interface FakeIndex {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  settings: Record<string, unknown>;
  docs: Map<string, Doc>;
}
export interface FakeRequest {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly body: unknown;
  readonly authorization: string | null;
}

const DEFAULT_SETTINGS = {
  filterableAttributes: [],
  sortableAttributes: [],
  searchableAttributes: ['*'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  typoTolerance: { enabled: true },
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha' } },
  pagination: { maxTotalHits: 1000 },
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function createFakeMeilisearch() {
  const indexes = new Map<string, FakeIndex>();
  const tasks = new Map<number, Record<string, unknown>>();
  const requests: FakeRequest[] = [];
  let clock = 0;
  const fake = {
    indexes,
    requests,
    /** While true, every request fails as an unreachable server does (`fetch` rejects). */
    down: false,
    /** Document tasks still to fail as a request Meilisearch rejects (`invalid_document_fields`). */
    rejectDocumentTasks: 0,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin !== FAKE_MEILI_HOST) return originalFetch(input, init);
      if (fake.down) throw new TypeError('fetch failed');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined;
      requests.push({
        method,
        path: url.pathname,
        search: url.search,
        body,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      try {
        const [status, answer] = route(method, url, body);
        return new Response(JSON.stringify(answer), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const answer = { message: error.message, code: error.code, type: 'invalid_request', link: '' };
        return new Response(JSON.stringify(answer), { status: error.status });
      }
    }) as typeof fetch,
  };
  const originalFetch = globalThis.fetch;

  const enqueue = (indexUid: string, type: string, apply: () => void): [number, unknown] => {
    const uid = tasks.size;
    const task: Record<string, unknown> = { uid, indexUid, type, status: 'succeeded', error: null };
    try {
      if (type.startsWith('document') && fake.rejectDocumentTasks > 0) {
        fake.rejectDocumentTasks -= 1;
        throw new ApiError(400, 'invalid_document_fields', 'rejected by the test');
      }
      apply();
    } catch (error) {
      task.status = 'failed';
      task.error = {
        code: (error as ApiError).code ?? 'internal',
        message: String(error),
        type: 'invalid_request',
      };
    }
    tasks.set(uid, task);
    return [202, { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() }];
  };
  const need = (uid: string) => {
    const index = indexes.get(uid);
    if (!index) throw new ApiError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return index;
  };
  const create = (uid: string, primaryKey: string | null) => {
    if (indexes.has(uid)) throw new ApiError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
    const createdAt = new Date(Date.UTC(2025, 0, 1, 0, 0, clock++)).toISOString();
    indexes.set(uid, {
      uid,
      primaryKey,
      createdAt,
      settings: structuredClone(DEFAULT_SETTINGS),
      docs: new Map(),
    });
  };

  function route(method: string, url: URL, body: unknown): [number, unknown] {
    const parts = url.pathname.split('/').filter(Boolean);
    const [root, uid, sub, action] = parts;
    if (root === 'health') return [200, { status: 'available' }];
    if (root === 'tasks' && uid) {
      const task = tasks.get(Number(uid));
      if (!task) throw new ApiError(404, 'task_not_found', `Task \`${uid}\` not found.`);
      return [200, task];
    }
    if (root === 'multi-search') {
      const queries = (body as { queries: Record<string, unknown>[] }).queries;
      return [200, { results: queries.map((q) => search(need(String(q.indexUid)), q)) }];
    }
    if (root !== 'indexes') throw new ApiError(404, 'not_found', url.pathname);
    const { uid: newUid, primaryKey } = (body ?? {}) as { uid?: string; primaryKey?: string };
    if (!uid && method === 'POST')
      return enqueue(newUid!, 'indexCreation', () => create(newUid!, primaryKey ?? null));
    const index = uid ? indexes.get(uid) : undefined;
    if (!sub) {
      if (method === 'GET') {
        const { docs: _, settings: __, ...info } = need(uid!);
        return [200, { ...info, updatedAt: info.createdAt }];
      }
      if (method === 'DELETE')
        return enqueue(uid!, 'indexDeletion', () => need(uid!) && indexes.delete(uid!));
      return enqueue(uid!, 'indexUpdate', () => {
        need(uid!).primaryKey = primaryKey ?? null;
      });
    }
    if (sub === 'settings') {
      if (method === 'GET') return [200, need(uid!).settings];
      return enqueue(uid!, 'settingsUpdate', () => {
        const settings = need(uid!).settings;
        for (const [key, value] of Object.entries(body as Doc)) {
          const old = settings[key];
          settings[key] =
            value && typeof value === 'object' && !Array.isArray(value)
              ? { ...(old as Doc), ...value }
              : value;
        }
      });
    }
    if (sub === 'documents' && method === 'POST' && !action) {
      return enqueue(uid!, 'documentAdditionOrUpdate', () => {
        if (!index) create(uid!, url.searchParams.get('primaryKey'));
        const target = need(uid!);
        for (const doc of body as Doc[]) {
          const key = target.primaryKey ?? inferKey(doc);
          target.primaryKey = key;
          if (doc[key] === undefined) throw new ApiError(400, 'missing_document_id', `no ${key}`);
          target.docs.set(String(doc[key]), doc);
        }
      });
    }
    if (sub === 'documents' && action === 'delete-batch') {
      return enqueue(uid!, 'documentDeletion', () => {
        for (const id of body as string[]) need(uid!).docs.delete(String(id));
      });
    }
    throw new ApiError(404, 'not_found', `${method} ${url.pathname}`);
  }

  return fake;
}

function inferKey(doc: Doc): string {
  const candidates = Object.keys(doc).filter((k) => /id$/i.test(k));
  if (candidates.length !== 1)
    throw new ApiError(400, 'index_primary_key_multiple_candidates_found', candidates.join(', '));
  return candidates[0]!;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

function search(index: FakeIndex, q: Record<string, unknown>) {
  const settings = index.settings as typeof DEFAULT_SETTINGS & { filterableAttributes: string[] };
  const filterable = new Set(settings.filterableAttributes);
  const sortable = new Set(settings.sortableAttributes as string[]);
  const tests = ((q.filter as string[] | undefined) ?? []).flatMap((f) => parseFilter(f, filterable));
  const query = typeof q.q === 'string' ? words(q.q) : [];
  const searchable = settings.searchableAttributes as string[];
  let hits = [...index.docs.values()].filter((doc) => {
    if (!tests.every((test) => test(doc))) return false;
    if (query.length === 0) return true;
    const docWords = searchable.flatMap((a) => (a === '*' ? [] : words(String(doc[a] ?? ''))));
    return query.every((w, i) => docWords.some((d) => (i === query.length - 1 ? d.startsWith(w) : d === w)));
  });
  const sort = (q.sort as string[] | undefined) ?? [];
  for (const s of sort) {
    if (!sortable.has(s.split(':')[0]!)) throw new ApiError(400, 'invalid_search_sort', `not sortable: ${s}`);
  }
  hits.sort((a, b) => {
    for (const s of sort) {
      const [attr, dir] = s.split(':') as [string, string];
      const x = a[attr] as number;
      const y = b[attr] as number;
      if (x !== y) return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1);
    }
    return 0;
  });
  const facetDistribution: Record<string, Record<string, number>> = {};
  for (const facet of (q.facets as string[] | undefined) ?? []) {
    if (!filterable.has(facet)) throw new ApiError(400, 'invalid_search_facets', `not filterable: ${facet}`);
    const counts: Record<string, number> = {};
    for (const doc of hits) counts[String(doc[facet])] = (counts[String(doc[facet])] ?? 0) + 1;
    facetDistribution[facet] = counts;
  }
  const pick = (doc: Doc) => {
    const fields = q.attributesToRetrieve as string[] | undefined;
    return fields ? Object.fromEntries(fields.map((f) => [f, doc[f]])) : doc;
  };
  hits = hits.slice(0, settings.pagination.maxTotalHits);
  if (q.page !== undefined || q.hitsPerPage !== undefined) {
    const page = Number(q.page ?? 1);
    const hitsPerPage = Number(q.hitsPerPage ?? 20);
    const pageHits = hits.slice((page - 1) * hitsPerPage, page * hitsPerPage).map(pick);
    const totalPages = Math.ceil(hits.length / hitsPerPage);
    return {
      indexUid: index.uid,
      hits: pageHits,
      totalHits: hits.length,
      totalPages,
      page,
      hitsPerPage,
      facetDistribution,
    };
  }
  const offset = Number(q.offset ?? 0);
  const limit = Number(q.limit ?? 20);
  const pageHits = hits.slice(offset, offset + limit).map(pick);
  return {
    indexUid: index.uid,
    hits: pageHits,
    estimatedTotalHits: hits.length,
    offset,
    limit,
    facetDistribution,
  };
}

/** Parses `a = "x" AND b IN ["y", "z"] AND c >= 3` into predicates. */
function parseFilter(source: string, filterable: Set<string>): ((doc: Doc) => boolean)[] {
  const tokens = source.match(/"(?:[^"\\]|\\.)*"|>=|<=|!=|[=<>[\],]|[^\s=<>!,[\]"]+/g) ?? [];
  const value = (token: string) =>
    token.startsWith('"') ? token.slice(1, -1).replace(/\\(.)/g, '$1') : Number(token);
  const same = (a: unknown, b: unknown) =>
    typeof b === 'string' ? String(a).toLowerCase() === b.toLowerCase() : Number(a) === b;
  const tests: ((doc: Doc) => boolean)[] = [];
  let i = 0;
  while (i < tokens.length) {
    const attr = tokens[i++]!;
    if (!filterable.has(attr)) throw new ApiError(400, 'invalid_search_filter', `not filterable: ${attr}`);
    const op = tokens[i++]!;
    if (op === 'IN') {
      const values: unknown[] = [];
      i++; // [
      while (tokens[i] !== ']') {
        values.push(value(tokens[i++]!));
        if (tokens[i] === ',') i++;
      }
      i++;
      tests.push((doc) => values.some((v) => same(doc[attr], v)));
    } else {
      const v = value(tokens[i++]!);
      const compare: Record<string, (x: number, y: number) => boolean> = {
        '>=': (x, y) => x >= y,
        '<=': (x, y) => x <= y,
        '>': (x, y) => x > y,
        '<': (x, y) => x < y,
      };
      if (op === '=') tests.push((doc) => same(doc[attr], v));
      else if (op === '!=') tests.push((doc) => !same(doc[attr], v));
      else if (compare[op]) tests.push((doc) => compare[op]!(Number(doc[attr]), Number(v)));
      else throw new ApiError(400, 'invalid_search_filter', `bad operator ${op} in ${source}`);
    }
    if (i < tokens.length) {
      if (tokens[i] !== 'AND') throw new ApiError(400, 'invalid_search_filter', `expected AND in ${source}`);
      i++;
    }
  }
  return tests;
}
