/**
 * The catalogue's answers with the cars' photos (projections/media/carPhotosProjection.ts): a car's
 * detail gets `photos` (in their order), a search's cards each get `photo` (the first). Shared by the
 * JSON API (catalogueApi.ts) and the server-side render's in-process reads, so both answer the same.
 */
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import type { SearchResult } from '../../domain/catalogue/search.ts';
import type { CarPhotoQueries } from '../../projections/media/carPhotosProjection.ts';

export async function carWithPhotos<Car extends { readonly carId: string }>(
  photos: CarPhotoQueries | undefined,
  car: Car,
): Promise<Car & { photos: readonly CarPhoto[] }> {
  const found = photos ? await photos.photosOf([car.carId]) : undefined;
  return { ...car, photos: found?.get(car.carId) ?? [] };
}

export async function cardsWithPhotos<Card extends { readonly carId: string }>(
  photos: CarPhotoQueries | undefined,
  cards: readonly Card[],
): Promise<Card[]> {
  if (!photos || cards.length === 0) return [...cards];
  const found = await photos.photosOf(cards.map((c) => c.carId));
  return cards.map((card) => {
    const first = found.get(card.carId)?.[0];
    return first ? { ...card, photo: first } : card;
  });
}

export async function searchWithPhotos(
  photos: CarPhotoQueries | undefined,
  result: SearchResult,
): Promise<SearchResult> {
  if (!photos) return result;
  return { ...result, cars: await cardsWithPhotos(photos, result.cars) };
}
