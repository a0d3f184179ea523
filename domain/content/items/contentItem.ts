/**
 * A content item (domain/content/README.md "Content items"): its versions (every save of its fields is a
 * new version, kept whole: history, compare and revert come free), the version published and from when
 * (now or scheduled), unpublishing and deletion. Pure: ids, time and the author come in with the command;
 * what staff may do now is read from the state (`allowedContentActions`).
 */
import { z } from 'zod';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../errors.ts';
import { LOCALES } from '../../markets.ts';
import {
  CONTENT_FIELDS,
  type ContentKind,
  contentKindSchema,
  FIXED_FIELD,
  localeRules,
} from './contentKinds.ts';

export const contentItemStream = (id: string) => `content-${id}`;
export const CONTENT_ID = /^ct_[a-z0-9]{8,40}$/;

const fields = z.record(z.string(), z.unknown());
export const contentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ContentItemCreated'),
    data: z.object({ id: z.string(), kind: contentKindSchema, locale: z.enum(LOCALES) }),
  }),
  z.object({
    type: z.literal('ContentDraftSaved'),
    data: z.object({
      id: z.string(),
      version: z.number().int().min(1),
      fields,
      revertedFrom: z.number().int().optional(),
    }),
  }),
  z.object({
    type: z.literal('ContentPublished'),
    data: z.object({ id: z.string(), version: z.number().int().min(1), from: z.string() }),
  }),
  z.object({ type: z.literal('ContentUnpublished'), data: z.object({ id: z.string() }) }),
  z.object({ type: z.literal('ContentDeleted'), data: z.object({ id: z.string() }) }),
]);
export type ContentEvent = z.infer<typeof contentEventSchema>;
export const CONTENT_EVENT_TYPES = [
  'ContentItemCreated',
  'ContentDraftSaved',
  'ContentPublished',
  'ContentUnpublished',
  'ContentDeleted',
] as const;

export interface ContentItemState {
  readonly id: string | null;
  readonly kind: ContentKind | null;
  readonly locale: (typeof LOCALES)[number] | null;
  /** Every version's fields, version n at index n - 1. */
  readonly versions: readonly Readonly<Record<string, unknown>>[];
  readonly published: { readonly version: number; readonly from: string } | null;
  readonly deleted: boolean;
}

export const initialContentItem: ContentItemState = {
  id: null,
  kind: null,
  locale: null,
  versions: [],
  published: null,
  deleted: false,
};

export function evolveContentItem(state: ContentItemState, event: ContentEvent): ContentItemState {
  switch (event.type) {
    case 'ContentItemCreated':
      return { ...state, id: event.data.id, kind: event.data.kind, locale: event.data.locale };
    case 'ContentDraftSaved':
      return { ...state, versions: [...state.versions, event.data.fields] };
    case 'ContentPublished':
      return { ...state, published: { version: event.data.version, from: event.data.from } };
    case 'ContentUnpublished':
      return { ...state, published: null };
    case 'ContentDeleted':
      return { ...state, published: null, deleted: true };
    default: {
      const never: never = event;
      throw new Error(`unknown content event ${JSON.stringify(never)}`);
    }
  }
}

export const CONTENT_ACTIONS = ['save', 'publish', 'unpublish', 'revert', 'delete'] as const;
export type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** What staff may do with the item now. */
export function allowedContentActions(state: ContentItemState): ContentAction[] {
  if (state.id === null || state.deleted) return [];
  return [
    'save',
    'publish',
    ...(state.published ? (['unpublish'] as const) : []),
    ...(state.versions.length > 1 ? (['revert'] as const) : []),
    'delete',
  ];
}

export type ContentCommand =
  | {
      readonly type: 'create';
      readonly id: string;
      readonly kind: ContentKind;
      readonly locale: (typeof LOCALES)[number];
      readonly fields: unknown;
    }
  /** A new version of the fields; `expectedVersion` is the latest version the editor read. */
  | { readonly type: 'save'; readonly fields: unknown; readonly expectedVersion: number }
  /** Publishes a version from `from` (now, or later: scheduled). */
  | { readonly type: 'publish'; readonly version: number; readonly from: string }
  | { readonly type: 'unpublish' }
  /** A new version with an earlier version's fields. */
  | { readonly type: 'revert'; readonly toVersion: number; readonly expectedVersion: number }
  | { readonly type: 'delete' };

/**
 * The kind's fields checked, its locale's rules included (`locale` given): the problems by field
 * (`fields.<name>`), none when they pass, and the fields as stored.
 */
export function contentFieldProblems(
  kind: ContentKind,
  input: unknown,
  locale?: (typeof LOCALES)[number],
): { fields: Record<string, unknown> | null; problems: Record<string, string[]> } {
  const parsed = CONTENT_FIELDS[kind].safeParse(input);
  const problems: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = `fields.${issue.path.join('.') || 'fields'}`;
      problems[name] = [...(problems[name] ?? []), issue.message];
    }
  }
  // The locale's rules, on the fields the schema found right (a form checked one field at a time).
  const fields = (parsed.success ? parsed.data : input) as Record<string, unknown>;
  if (locale && fields !== null && typeof fields === 'object')
    for (const [name, messages] of Object.entries(localeRules(kind, fields, locale)))
      if (!problems[`fields.${name}`]) problems[`fields.${name}`] = messages;
  return { fields: parsed.success && Object.keys(problems).length === 0 ? fields : null, problems };
}

/** The kind's fields checked: 400 by field (`fields.<name>`), or the fields as stored. */
export function checkContentFields(
  kind: ContentKind,
  input: unknown,
  locale?: (typeof LOCALES)[number],
): Record<string, unknown> {
  const { fields, problems } = contentFieldProblems(kind, input, locale);
  if (fields) return fields;
  throw new ValidationError('the content was refused', problems);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The events of a command: a save or revert naming an older version than the latest is a 409 (someone
 * saved meanwhile: their version is in the answer); a save of the same fields, a publish of the version
 * already published from the same time, an unpublish of an unpublished item decide nothing (retries).
 */
export function decideContentItem(state: ContentItemState, command: ContentCommand): ContentEvent[] {
  if (command.type === 'create') {
    if (state.id !== null) return []; // created already: a retried create
    const checked = checkContentFields(command.kind, command.fields, command.locale);
    const { id, kind, locale } = command;
    return [
      { type: 'ContentItemCreated', data: { id, kind, locale } },
      { type: 'ContentDraftSaved', data: { id, version: 1, fields: checked } },
    ];
  }
  const { id, kind } = state;
  if (id === null || kind === null || state.deleted) throw new NotFoundError('no such content item');
  const latest = state.versions.length;
  const allowed = allowedContentActions(state);
  const refuse = (why: string) => {
    throw new IllegalStateError(why, { allowed });
  };
  switch (command.type) {
    case 'save':
    case 'revert': {
      if (command.expectedVersion !== latest) {
        throw new ConflictError('someone saved this content meanwhile', {
          version: latest,
          fields: state.versions[latest - 1],
        });
      }
      const fields =
        command.type === 'save'
          ? checkContentFields(kind, command.fields, state.locale ?? undefined)
          : (state.versions[command.toVersion - 1] ?? refuse(`there is no version ${command.toVersion}`));
      const fixed = FIXED_FIELD[kind];
      const before = state.versions[latest - 1];
      if (fixed && before && !same((fields as Record<string, unknown>)[fixed], before[fixed]))
        throw ValidationError.field(`fields.${fixed}`, 'cannot change: it is the page’s address');
      if (same(fields, before)) return [];
      return [
        {
          type: 'ContentDraftSaved',
          data: {
            id,
            version: latest + 1,
            fields: fields as Record<string, unknown>,
            ...(command.type === 'revert' ? { revertedFrom: command.toVersion } : {}),
          },
        },
      ];
    }
    case 'publish': {
      if (command.version < 1 || command.version > latest)
        return refuse(`there is no version ${command.version}`);
      if (state.published?.version === command.version && state.published.from === command.from) return [];
      return [{ type: 'ContentPublished', data: { id, version: command.version, from: command.from } }];
    }
    case 'unpublish':
      return state.published ? [{ type: 'ContentUnpublished', data: { id } }] : [];
    case 'delete':
      return [{ type: 'ContentDeleted', data: { id } }];
    default: {
      const never: never = command;
      throw new Error(`unknown content command ${JSON.stringify(never)}`);
    }
  }
}
