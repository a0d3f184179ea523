/**
 * Saved views in the `admin_saved_views` table (migration 016), with their owners' names from
 * `staff_accounts`. The list's search params are checked by the `checkFilters` the app passes in (the
 * back office's own schemas of its lists' URLs).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import {
  mayChangeView,
  SAVED_VIEW_LISTS,
  type SavedViewList,
  VIEW_NAME_MAX,
  type ViewCaller,
  type ViewFilters,
} from '../../domain/staff/savedViews.ts';
import { validate } from '../../domain/validate.ts';
import type { SavedView, SavedViews } from './savedViews.ts';

export interface SavedViewsOptions {
  readonly knex: Knex;
  /** The schema holding `admin_saved_views` and `staff_accounts` (default `public`). */
  readonly schema?: string;
  readonly clock?: () => Date;
  /** The list's search params as stored, or a ValidationError by field (`filters.<name>`). */
  readonly checkFilters: (list: SavedViewList, filters: unknown) => ViewFilters;
}

const name = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(VIEW_NAME_MAX, `at most ${VIEW_NAME_MAX} characters`);
const newView = z.object({
  list: z.enum(SAVED_VIEW_LISTS),
  name,
  shared: z.boolean().default(false),
  filters: z.unknown().optional(),
});
const change = z.object({
  name: name.optional(),
  shared: z.boolean().optional(),
  filters: z.unknown().optional(),
});
const ID = /^\d{1,18}$/;
const UNIQUE_VIOLATION = '23505';

interface ViewRow {
  id: string;
  owner_id: string;
  owner_name: string;
  list: SavedViewList;
  name: string;
  filters: ViewFilters;
  shared: boolean;
  created_at: Date;
  updated_at: Date;
}

export function createSavedViews(options: SavedViewsOptions): SavedViews {
  const { knex, checkFilters } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  const table = `${s}.admin_saved_views`;
  const clock = options.clock ?? (() => new Date());
  const SELECT = `SELECT v.*, a.display_name AS owner_name FROM ${table} v
    JOIN ${s}.staff_accounts a ON a.id = v.owner_id`;

  async function rows(sql: string, bindings: readonly unknown[]): Promise<ViewRow[]> {
    return (await knex.raw<{ rows: ViewRow[] }>(sql, bindings as Knex.RawBinding[])).rows;
  }
  const toView = (row: ViewRow, caller: ViewCaller): SavedView => ({
    id: String(row.id),
    list: row.list,
    name: row.name,
    filters: row.filters,
    shared: row.shared,
    owner: { id: row.owner_id, name: row.owner_name },
    mayChange: mayChangeView(caller, row.owner_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const mustOpen = (list: SavedViewList, caller: ViewCaller) => {
    if (!caller.opens(list)) throw new ForbiddenError(`your roles do not open the ${list} list`, { list });
  };
  const byId = async (id: string) => (await rows(`${SELECT} WHERE v.id = ?`, [id]))[0];
  const byName = async (ownerId: string, list: SavedViewList, viewName: string) =>
    (
      await rows(`${SELECT} WHERE v.owner_id = ? AND v.list = ? AND lower(v.name) = lower(?)`, [
        ownerId,
        list,
        viewName,
      ])
    )[0];
  const nameTaken = (row: ViewRow, caller: ViewCaller) =>
    new ConflictError(`a view named "${row.name}" exists on this list`, {
      view: {
        id: String(row.id),
        name: row.name,
        shared: row.shared,
        mayChange: mayChangeView(caller, row.owner_id),
      },
    });

  /** The view if the caller may see it (own, shared, or any for an admin) and open its list. */
  async function visible(id: string, caller: ViewCaller): Promise<ViewRow> {
    const row = ID.test(id) ? await byId(id) : undefined;
    if (!row || !(row.shared || caller.admin || row.owner_id === caller.staffId))
      throw new NotFoundError(`no saved view ${id}`, { id });
    mustOpen(row.list, caller);
    return row;
  }
  async function changeable(id: string, caller: ViewCaller): Promise<ViewRow> {
    const row = await visible(id, caller);
    if (!mayChangeView(caller, row.owner_id))
      throw new ForbiddenError('only its owner or an admin may change this view', {
        view: { id: String(row.id), name: row.name },
      });
    return row;
  }

  return {
    async list(list, caller) {
      const which = validate(z.enum(SAVED_VIEW_LISTS), list, 'list');
      mustOpen(which, caller);
      const found = await rows(
        `${SELECT} WHERE v.list = ? AND (v.owner_id = ? OR v.shared)
         ORDER BY (v.owner_id = ?) DESC, lower(v.name), v.id`,
        [which, caller.staffId, caller.staffId],
      );
      return found.map((row) => toView(row, caller));
    },

    async create(input, caller, idempotencyKey) {
      const view = validate(newView, input, 'view');
      mustOpen(view.list, caller);
      const filters = checkFilters(view.list, view.filters);
      const earlier = async () =>
        idempotencyKey === undefined
          ? undefined
          : (
              await rows(`${SELECT} WHERE v.owner_id = ? AND v.idempotency_key = ?`, [
                caller.staffId,
                idempotencyKey,
              ])
            )[0];
      const before = await earlier();
      if (before) return { view: toView(before, caller), replayed: true };
      const now = clock();
      const [inserted] = await rows(
        `INSERT INTO ${table} (owner_id, list, name, filters, shared, idempotency_key, created_at, updated_at)
         VALUES (?, ?, ?, ?::jsonb, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
        [
          caller.staffId,
          view.list,
          view.name,
          JSON.stringify(filters),
          view.shared,
          idempotencyKey ?? null,
          now,
          now,
        ],
      );
      if (inserted) return { view: toView((await byId(inserted.id))!, caller), replayed: false };
      // The same key racing itself made it; otherwise the name is taken.
      const raced = await earlier();
      if (raced) return { view: toView(raced, caller), replayed: true };
      const taken = await byName(caller.staffId, view.list, view.name);
      if (!taken) throw new ConflictError('the view changed meanwhile: try again');
      throw nameTaken(taken, caller);
    },

    async update(id, input, caller) {
      const row = await changeable(id, caller);
      const next = validate(change, input, 'view');
      const filters = next.filters === undefined ? null : checkFilters(row.list, next.filters);
      try {
        const [updated] = await rows(
          `UPDATE ${table} SET name = COALESCE(?, name), shared = COALESCE(?, shared),
             filters = COALESCE(?::jsonb, filters), updated_at = ?
           WHERE id = ? RETURNING id`,
          [next.name ?? null, next.shared ?? null, filters && JSON.stringify(filters), clock(), row.id],
        );
        if (!updated) throw new NotFoundError(`no saved view ${id}`, { id });
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || next.name === undefined) throw error;
        const taken = await byName(row.owner_id, row.list, next.name);
        if (!taken) throw error;
        throw nameTaken(taken, caller);
      }
      return toView((await byId(row.id))!, caller);
    },

    async remove(id, caller) {
      const row = await changeable(id, caller);
      await knex.raw(`DELETE FROM ${table} WHERE id = ?`, [row.id]);
    },
  };
}
