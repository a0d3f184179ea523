/**
 * Saved views of the back office's lists: a staff member's named filters of one list, personal or
 * shared. Who may change one: its owner, or an admin.
 */
export const SAVED_VIEW_LISTS = ['purchases', 'bookings', 'customers'] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

export const VIEW_NAME_MAX = 80;

/** A saved list's search params: the values the list's URL carries (filters, order, page size). */
export type ViewFilters = Readonly<Record<string, string | number>>;

/** Who asks: their id, whether they are an admin, and which lists their roles open. */
export interface ViewCaller {
  readonly staffId: string;
  readonly admin: boolean;
  readonly opens: (list: SavedViewList) => boolean;
}

/** Whether `caller` may rename, change, share or delete a view of `ownerId`. */
export function mayChangeView(caller: ViewCaller, ownerId: string): boolean {
  return caller.admin || caller.staffId === ownerId;
}
