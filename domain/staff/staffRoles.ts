/**
 * Staff roles of the back office. A route declares the roles it needs (`requireStaff('sales')` in
 * http/plugins/staffGuard.ts); `admin` passes every check. What each role is for:
 *
 * - `admin`: everything, including staff accounts, imports, translations and deleting customers.
 * - `sales`: bookings, purchases, customers and leads: lists, details, exports, the actions staff take
 *   on a booking or purchase (confirm, cancel, refund) and dealer appointments.
 * - `content`: the storefront's content: facets, FAQ, homepage and banners, landing pages,
 *   language-switch pages, promos, ranges, SEO texts, dealer-locator, recovery texts and links, images.
 * - `analyst`: read-only: the dashboard, reports and exports, the analytics (projections' status, the
 *   events explorer); never changes a fact (rebuilding a read model from the events changes none), never
 *   sees a customer's personal data beyond what a report shows.
 */
export const STAFF_ROLES = ['admin', 'sales', 'content', 'analyst'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether someone with `held` roles may do what needs any one of `needed` (none needed: any staff). */
export function staffMayAct(held: readonly StaffRole[], needed: readonly StaffRole[]): boolean {
  if (held.length === 0) return false;
  if (held.includes('admin') || needed.length === 0) return true;
  return needed.some((role) => held.includes(role));
}
