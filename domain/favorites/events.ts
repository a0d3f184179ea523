/**
 * Favorites events (past tense). One stream per owner: a visitor (by the random id kept in their session)
 * or a customer (by account). Events carry car ids only, never personal data.
 */
export type FavoritesEvent =
  | { type: 'CarFavorited'; data: { carId: string } }
  | { type: 'CarUnfavorited'; data: { carId: string } };

export type FavoritesEventType = FavoritesEvent['type'];

/** Whose favorites: a visitor (session) or a signed-in customer (account). */
export interface FavoritesOwner {
  readonly kind: 'visitor' | 'customer';
  readonly id: string;
}

/** The stream of an owner's favorites: `favorites-visitor-<id>` or `favorites-customer-<id>`. */
export function favoritesStream(owner: FavoritesOwner): string {
  return `favorites-${owner.kind}-${owner.id}`;
}
