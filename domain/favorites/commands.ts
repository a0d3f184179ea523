/** Favorites commands (imperatives). The handler gathers the facts (does the car exist) before deciding. */
export type FavoritesCommand =
  | { type: 'FavoriteCar'; carId: string; carExists: boolean }
  | { type: 'UnfavoriteCar'; carId: string }
  /** "Remove all" (SPEC `delete-all-favorites`): one `CarUnfavorited` per car, none when empty. */
  | { type: 'ClearFavorites' };
