/**
 * Saved views port: the back office's named filters of one list (domain/staff/savedViews.ts), each
 * staff member's own and those shared with everyone who may open the list.
 */
import type { SavedViewList, ViewCaller, ViewFilters } from '../../domain/staff/savedViews.ts';

export interface SavedView {
  /** Digits. */
  readonly id: string;
  readonly list: SavedViewList;
  readonly name: string;
  readonly filters: ViewFilters;
  readonly shared: boolean;
  readonly owner: { readonly id: string; readonly name: string };
  /** Whether the caller may rename, change, share or delete it (its owner, or an admin). */
  readonly mayChange: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewSavedView {
  readonly list: SavedViewList;
  readonly name: string;
  /** Checked against the list's search params; unknown names and values are refused. */
  readonly filters: unknown;
  readonly shared?: boolean | undefined;
}

export interface SavedViewChange {
  readonly name?: string | undefined;
  readonly filters?: unknown;
  readonly shared?: boolean | undefined;
}

/**
 * Every method checks that the caller's roles open the view's list (else ForbiddenError). A view the
 * caller cannot see (someone else's, not shared) is answered as unknown (NotFoundError).
 */
export interface SavedViews {
  /** The caller's own views of `list` and those shared, by name. */
  list(list: SavedViewList, caller: ViewCaller): Promise<SavedView[]>;
  /**
   * Creates a view. Bad name or filters → ValidationError (per field); a name the caller already uses
   * on this list (in any case) → ConflictError naming that view (`details.view`). With an
   * `idempotencyKey` the caller used before, answers the view that call made (`replayed`), unchanged.
   */
  create(
    input: NewSavedView,
    caller: ViewCaller,
    idempotencyKey?: string,
  ): Promise<{ readonly view: SavedView; readonly replayed: boolean }>;
  /** Renames, replaces the filters or (un)shares. Not the owner nor an admin → ForbiddenError. */
  update(id: string, change: SavedViewChange, caller: ViewCaller): Promise<SavedView>;
  /** Deletes a view. Not the owner nor an admin → ForbiddenError; unknown → NotFoundError. */
  remove(id: string, caller: ViewCaller): Promise<void>;
}
