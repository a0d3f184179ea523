/** Favorites commands (imperatives). The handler gathers the facts (does the car exist) before deciding. */
export type FavoritesCommand =
  | { type: 'FavoriteCar'; carId: string; carExists: boolean }
  | { type: 'UnfavoriteCar'; carId: string };
