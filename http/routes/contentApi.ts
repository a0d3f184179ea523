/**
 * Content items (domain/content/README.md "Content items"): the storefront's published items and staff's
 * editing, for the `content` role (and admin), writes CSRF-checked:
 *
 * - `GET /api/content/:kind?locale=&preview=&key=` — the items of a kind published in a locale now (a
 *   scheduled one from its time), `{ items: [{ id, version, fields }] }`, `key=` only the one with that
 *   unique key (a range's `brand/slug`, a facet page's path); `preview=<id>` from a signed-in
 *   content staff member puts that item's latest version in (its page is rendered for them alone);
 * - `GET /admin/api/content/:kind?locale=` — staff's list: title, locale, status (`draft`, `published`,
 *   `scheduled`, `changed`: a later version than the published one), who changed it last and when;
 * - `POST /admin/api/content/:kind` `{ locale, fields }` — a new item (201), its first version;
 *   an `Idempotency-Key` header makes a retried create find the item it made; the editors' kinds
 *   (`SINGLETON_KINDS`) have one item per locale, a second create a 409 with its `id`; a language-switch
 *   page's id is made from its `number` and locale (a number taken: 409 with its `id`); a unique key (a
 *   slug) another item holds is a 409 naming it (domain/content/README.md "The CMS core");
 * - `GET /admin/api/content/items/:id` — the item, every version (fields, author, time, reverted from)
 *   and the actions allowed now;
 * - `POST /admin/api/content/items/:id/{save,publish,unpublish,revert,delete}` — `save` `{ fields,
 *   expectedVersion }` (409 with the version now when someone saved meanwhile; 400 by field),
 *   `publish` `{ version, from? }` (from: an ISO time, now when absent; later: scheduled), `revert`
 *   `{ toVersion, expectedVersion }` (a new version with the old fields); a command the item no longer
 *   allows is a 409 with what is allowed now; a retry of the same command changes nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedContentActions,
  CONTENT_ACTIONS,
  CONTENT_ID,
  type ContentCommand,
  checkContentFields,
} from '../../domain/content/items/contentItem.ts';
import {
  type ContentKind,
  contentKindSchema,
  keyFieldsOf,
  languageSwitchId,
  SINGLETON_KINDS,
  singletonId,
  uniqueKeyOf,
} from '../../domain/content/items/contentKinds.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import { LOCALES } from '../../domain/markets.ts';
import { staffMayAct } from '../../domain/staff/staffRoles.ts';
import type { ContentItems } from '../../engine/content/contentItems.ts';
import type { ContentListItem, ContentQueries } from '../../projections/content/contentQueries.ts';
import { requireStaff, staffActorOf } from '../plugins/staffGuard.ts';
import type { StaffDirectory } from './funnelHistoryViews.ts';

export interface ContentApiOptions {
  readonly items: ContentItems;
  readonly queries: ContentQueries;
  readonly staff?: StaffDirectory;
  readonly newId: () => string;
  readonly clock?: () => Date;
}

export const CONTENT_STATUSES = ['draft', 'published', 'scheduled', 'changed'] as const;

const idParams = z.object({ id: z.string().regex(CONTENT_ID, 'a content id (ct_…)') });
const version = z.number().int().min(0).max(100_000);
const fieldsBody = z.record(z.string(), z.unknown());

const listItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  locale: z.string(),
  title: z.string(),
  latestVersion: z.number().int(),
  publishedVersion: z.number().int().nullable(),
  publishedFrom: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});

export const contentApi: FastifyPluginAsyncZod<ContentApiOptions> = async (app, options) => {
  const clock = options.clock ?? (() => new Date());
  const content = requireStaff('admin', 'content');

  const actorOf = (request: FastifyRequest): Actor => staffActorOf(request, 'content');
  /** A staff actor's name, each id looked up once per request (`names`). */
  const nameOf = async (actor: Actor | null, names: Map<string, Promise<string>>) => {
    if (actor?.kind !== 'staff') return null;
    let name = names.get(actor.staffId);
    if (!name) {
      name = Promise.resolve(options.staff?.find(actor.staffId)).then(
        (found) => found?.name ?? actor.staffId,
      );
      names.set(actor.staffId, name);
    }
    return name;
  };
  const statusOf = (item: ContentListItem, now: Date): (typeof CONTENT_STATUSES)[number] =>
    item.publishedVersion === null
      ? 'draft'
      : item.publishedFrom !== null && Date.parse(item.publishedFrom) > now.getTime()
        ? 'scheduled'
        : item.publishedVersion < item.latestVersion
          ? 'changed'
          : 'published';
  const listItem = async (item: ContentListItem, names: Map<string, Promise<string>>) => ({
    ...item,
    status: statusOf(item, clock()),
    updatedBy: await nameOf(item.updatedBy, names),
  });

  app.get(
    '/api/content/:kind',
    {
      schema: {
        params: z.object({ kind: contentKindSchema }),
        querystring: z.object({
          locale: z.enum(LOCALES),
          preview: z.string().regex(CONTENT_ID).optional(),
          // The one item of a kind with a unique key (a range's `brand/slug`, a facet page's path).
          key: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(z.object({ id: z.string(), version: z.number().int(), fields: fieldsBody })),
          }),
        },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { locale, preview, key } = request.query;
      let items = await options.queries.published(
        kind,
        locale,
        clock(),
        key === undefined ? undefined : keyFieldsOf(kind, key),
      );
      const staff = request.session?.staff;
      if (preview && staff && staffMayAct(staff.roles, ['content'])) {
        const state = await options.items.read(preview);
        if (state.kind === kind && state.locale === locale && !state.deleted && state.versions.length > 0) {
          const draft = { id: preview, version: state.versions.length, fields: state.versions.at(-1)! };
          const order = (fields: Readonly<Record<string, unknown>>) => Number(fields.order ?? 0);
          items = [...items.filter((i) => i.id !== preview), draft].sort(
            (a, b) => order(a.fields) - order(b.fields) || a.id.localeCompare(b.id),
          );
        }
        reply.header('cache-control', 'no-store');
      } else {
        reply.header('cache-control', 'no-cache');
      }
      // A preview's draft joins only where its key is the one asked for.
      if (key !== undefined) items = items.filter((item) => uniqueKeyOf(kind, item.fields)?.key === key);
      return { items };
    },
  );

  app.get(
    '/admin/api/content/:kind',
    {
      preValidation: content,
      schema: {
        params: z.object({ kind: contentKindSchema }),
        querystring: z.object({ locale: z.enum(LOCALES).optional() }),
        response: { 200: z.object({ items: z.array(listItemSchema) }) },
      },
    },
    async (request) => {
      const names = new Map<string, Promise<string>>();
      const items = await options.queries.list(request.params.kind, request.query.locale);
      return { items: await Promise.all(items.map((item) => listItem(item, names))) };
    },
  );

  app.post(
    '/admin/api/content/:kind',
    {
      preValidation: content,
      schema: {
        params: z.object({ kind: contentKindSchema }),
        body: z.object({ locale: z.enum(LOCALES), fields: fieldsBody }),
        response: { 201: z.object({ id: z.string(), latestVersion: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(key)))
        throw ValidationError.field('headers.idempotency-key', '1 to 100 visible ASCII characters');
      const kind: ContentKind = request.params.kind;
      const singleton = SINGLETON_KINDS.has(kind);
      // A language-switch page's id is made from its number (the route's id): one per number and locale.
      const numbered =
        kind === 'language_switch_page'
          ? languageSwitchId(
              Number(checkContentFields(kind, request.body.fields).number),
              request.body.locale,
            )
          : undefined;
      // An editor's kind has one item per locale (its id fixed): a second create is a 409 naming it.
      const id = numbered
        ? numbered
        : singleton
          ? singletonId(kind, request.body.locale)
          : typeof key === 'string'
            ? `ct_${createHash('sha256')
                .update(`${actor.kind === 'staff' ? actor.staffId : ''}:${key}`)
                .digest('hex')
                .slice(0, 24)}`
            : `ct_${options.newId().replaceAll('-', '').slice(0, 24)}`;
      if (singleton && (await options.items.read(id)).id !== null)
        throw new ConflictError('this language has its text already: edit it', { id });
      if (numbered && (await options.items.read(id)).id !== null)
        throw new ConflictError('this language has a page with this number already', { id });
      const { state } = await options.items.run(
        id,
        { type: 'create', id, kind, locale: request.body.locale, fields: request.body.fields },
        actor,
      );
      if (state.kind !== kind) throw new IllegalStateError('this key made another item', { allowed: [] });
      return reply.status(201).send({ id, latestVersion: state.versions.length });
    },
  );

  const detailSchema = z.object({
    id: z.string(),
    kind: z.string(),
    locale: z.string(),
    latestVersion: z.number().int(),
    published: z.object({ version: z.number().int(), from: z.string() }).nullable(),
    allowed: z.array(z.enum(CONTENT_ACTIONS)),
    versions: z.array(
      z.object({
        version: z.number().int(),
        fields: fieldsBody,
        revertedFrom: z.number().int().nullable(),
        savedAt: z.string().nullable(),
        savedBy: z.string().nullable(),
      }),
    ),
  });

  /** The item from its stream (never behind), its versions' times and authors from the read model. */
  async function detail(id: string) {
    const state = await options.items.read(id);
    if (state.id === null || state.kind === null || state.locale === null || state.deleted)
      throw new NotFoundError('no such content item', { id });
    const stored = new Map((await options.queries.versions(id)).map((v) => [v.version, v]));
    const names = new Map<string, Promise<string>>();
    const versions = await Promise.all(
      state.versions.map(async (fields, i) => {
        const row = stored.get(i + 1);
        return {
          version: i + 1,
          fields: { ...fields },
          revertedFrom: row?.revertedFrom ?? null,
          savedAt: row?.savedAt ?? null,
          savedBy: await nameOf(row?.savedBy ?? null, names),
        };
      }),
    );
    return {
      id,
      kind: state.kind,
      locale: state.locale,
      latestVersion: state.versions.length,
      published: state.published,
      allowed: allowedContentActions(state),
      versions: versions.reverse(),
    };
  }

  app.get(
    '/admin/api/content/items/:id',
    { preValidation: content, schema: { params: idParams, response: { 200: detailSchema } } },
    async (request) => detail(request.params.id),
  );

  const commands = {
    save: z.object({ fields: fieldsBody, expectedVersion: version }),
    publish: z.object({ version: version, from: z.iso.datetime({ offset: true }).optional() }),
    unpublish: z.object({}).optional(),
    revert: z.object({ toVersion: version, expectedVersion: version }),
    delete: z.object({}).optional(),
  } as const;

  for (const name of Object.keys(commands) as (keyof typeof commands)[]) {
    app.post(
      `/admin/api/content/items/:id/${name}`,
      {
        preValidation: content,
        schema: { params: idParams, body: commands[name], response: { 200: detailSchema } },
      },
      async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const command: ContentCommand =
          name === 'save'
            ? { type: 'save', fields: body.fields, expectedVersion: body.expectedVersion as number }
            : name === 'publish'
              ? {
                  type: 'publish',
                  version: body.version as number,
                  from: body.from ? new Date(body.from as string).toISOString() : clock().toISOString(),
                }
              : name === 'revert'
                ? {
                    type: 'revert',
                    toVersion: body.toVersion as number,
                    expectedVersion: body.expectedVersion as number,
                  }
                : { type: name };
        await options.items.run(request.params.id, command, actorOf(request));
        if (name === 'delete') {
          return { ...(await detailOrGone(request.params.id)) };
        }
        return detail(request.params.id);
      },
    );
  }

  /** After a delete: the item as it was, nothing allowed. */
  async function detailOrGone(id: string) {
    const state = await options.items.read(id);
    return {
      id,
      kind: state.kind ?? '',
      locale: state.locale ?? '',
      latestVersion: state.versions.length,
      published: null,
      allowed: [],
      versions: [],
    };
  }
};
