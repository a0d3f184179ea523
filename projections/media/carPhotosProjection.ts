/**
 * The car photos read model (`car_photos`): one row per car with its photos in their order, folded from
 * the car's photo stream (domain/catalogue/carPhotos.ts). The storefront's car page, cards and
 * `image_index` read it through `carPhotoQueries`; a car without a row shows its drawn picture.
 */
import type { Knex } from 'knex';
import {
  CAR_PHOTO_EVENT_TYPES,
  CAR_PHOTOS_STREAM_PREFIX,
  type CarPhoto,
  type CarPhotoEvent,
  type CarPhotosState,
  evolveCarPhotos,
  initialCarPhotos,
} from '../../domain/catalogue/carPhotos.ts';
import { defineSingleStreamProjection } from '../defineSingleStreamProjection.ts';

export const carPhotosProjection = defineSingleStreamProjection<CarPhotosState>({
  name: 'car_photos',
  version: 1,
  eventTypes: CAR_PHOTO_EVENT_TYPES,
  streamPrefix: CAR_PHOTOS_STREAM_PREFIX,
  table: 'car_photos',
  key: 'car_id',
  columns: (t) => {
    t.text('car_id').primary();
    t.jsonb('photos').notNullable();
    t.bigInteger('revision').notNullable();
  },
  initial: () => initialCarPhotos,
  restore: (rows) => ({ photos: (rows[0]?.photos ?? []) as CarPhoto[] }),
  evolve: (state, recorded) =>
    evolveCarPhotos(state, { type: recorded.type, data: recorded.data } as unknown as CarPhotoEvent),
  rows: (carId, state) => [{ car_id: carId, photos: JSON.stringify(state.photos) }],
});

const ids = (carIds: readonly string[]) => carIds.filter((id) => /^\d{1,12}$/.test(id));

export function carPhotoQueries(options: { knex: Knex; schema?: string }) {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  return {
    /** Each car's photos in their order (cars without photos are absent). */
    async photosOf(carIds: readonly string[]): Promise<Map<string, readonly CarPhoto[]>> {
      const wanted = ids(carIds);
      if (wanted.length === 0) return new Map();
      const { rows } = await knex.raw(
        `SELECT car_id, photos FROM ${s}.car_photos WHERE car_id = ANY(?::text[]) AND jsonb_array_length(photos) > 0`,
        [wanted],
      );
      return new Map((rows as { car_id: string; photos: CarPhoto[] }[]).map((r) => [r.car_id, r.photos]));
    },
  };
}

export type CarPhotoQueries = ReturnType<typeof carPhotoQueries>;
