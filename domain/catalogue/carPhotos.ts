/**
 * A car's photos (engine/media/README.md): their own stream per car (`carphotos-<carId>`), apart from the
 * car's listing and holds so a photo never races a booking. Photos are added (by staff or a stock feed),
 * reordered and removed; each photo names its stored sizes and formats. Pure: the photo's processed
 * facts (hash, sizes) and the car's existence come in with the command.
 */
import { NotFoundError, ValidationError } from '../errors.ts';
import type { CarPhoto } from './carPhotoSchema.ts';
import { PHOTO_FORMATS, type PhotoFormat } from './photoFormats.ts';

// The photo's record is its zod schema's, in a module of its own (as are its sizes and formats): the
// storefront shows photos (photoSources) without loading zod.
export type { CarPhoto, PhotoVariant } from './carPhotoSchema.ts';
export { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from './photoFormats.ts';

/** How many photos a car may have. */
export const MAX_CAR_PHOTOS = 40;

/** Who added a photo: staff (the actor is in the metadata) or a stock import. */
export type CarPhotoSource = { kind: 'staff' } | { kind: 'import'; importId: string };

export type CarPhotoEvent =
  | { type: 'CarPhotoAdded'; data: { carId: string; photo: CarPhoto; source: CarPhotoSource } }
  | { type: 'CarPhotosReordered'; data: { carId: string; photoIds: string[] } }
  | { type: 'CarPhotoRemoved'; data: { carId: string; photoId: string } };

export const CAR_PHOTO_EVENT_TYPES = [
  'CarPhotoAdded',
  'CarPhotosReordered',
  'CarPhotoRemoved',
] as const satisfies readonly CarPhotoEvent['type'][];

export const carPhotosStream = (carId: string) => `carphotos-${carId}`;
export const CAR_PHOTOS_STREAM_PREFIX = 'carphotos-';

export type CarPhotoCommand =
  | {
      readonly type: 'AddCarPhoto';
      readonly carId: string;
      readonly photo: CarPhoto;
      readonly source: CarPhotoSource;
    }
  | { readonly type: 'ReorderCarPhotos'; readonly carId: string; readonly photoIds: readonly string[] }
  | { readonly type: 'RemoveCarPhoto'; readonly carId: string; readonly photoId: string };

/** The photos in their order. */
export interface CarPhotosState {
  readonly photos: readonly CarPhoto[];
}

export const initialCarPhotos: CarPhotosState = { photos: [] };

export function evolveCarPhotos(state: CarPhotosState, event: CarPhotoEvent): CarPhotosState {
  switch (event.type) {
    case 'CarPhotoAdded':
      return {
        photos: [...state.photos.filter((p) => p.photoId !== event.data.photo.photoId), event.data.photo],
      };
    case 'CarPhotosReordered': {
      const byId = new Map(state.photos.map((p) => [p.photoId, p]));
      const ordered = event.data.photoIds.flatMap((id) => byId.get(id) ?? []);
      const rest = state.photos.filter((p) => !event.data.photoIds.includes(p.photoId));
      return { photos: [...ordered, ...rest] };
    }
    case 'CarPhotoRemoved':
      return { photos: state.photos.filter((p) => p.photoId !== event.data.photoId) };
    default: {
      const never: never = event;
      throw new Error(`unknown car photo event ${JSON.stringify(never)}`);
    }
  }
}

/** The facts a command needs from elsewhere: whether the catalogue knows the car. */
export interface CarPhotoFacts {
  readonly carListed: boolean;
}

/**
 * The events of a command. An unknown car or photo → 404; the same photo (same bytes) again, or the
 * order it already has, decide nothing; a 41st photo or an order that is not the car's photos → 400.
 */
export function decideCarPhotos(
  command: CarPhotoCommand,
  state: CarPhotosState,
  facts: CarPhotoFacts,
): CarPhotoEvent[] {
  const { carId } = command;
  if (!facts.carListed) throw new NotFoundError(`car ${carId} not found`, { carId });
  const ids = state.photos.map((p) => p.photoId);
  switch (command.type) {
    case 'AddCarPhoto': {
      if (ids.includes(command.photo.photoId)) return [];
      if (ids.length >= MAX_CAR_PHOTOS) throw ValidationError.field('file', 'too_many_photos');
      return [{ type: 'CarPhotoAdded', data: { carId, photo: command.photo, source: command.source } }];
    }
    case 'ReorderCarPhotos': {
      const wanted = command.photoIds;
      const same =
        wanted.length === ids.length &&
        new Set(wanted).size === ids.length &&
        ids.every((id) => wanted.includes(id));
      if (!same) throw ValidationError.field('photoIds', "must list each of the car's photos once");
      if (wanted.every((id, i) => ids[i] === id)) return [];
      return [{ type: 'CarPhotosReordered', data: { carId, photoIds: [...wanted] } }];
    }
    case 'RemoveCarPhoto': {
      if (!ids.includes(command.photoId))
        throw new NotFoundError(`photo ${command.photoId} of car ${carId} not found`, {
          carId,
          photoId: command.photoId,
        });
      return [{ type: 'CarPhotoRemoved', data: { carId, photoId: command.photoId } }];
    }
    default: {
      const never: never = command;
      throw new Error(`unknown car photo command ${JSON.stringify(never)}`);
    }
  }
}

/** A photo moved one place up (-1) or down (+1): the new order (unchanged at either end). */
export function movePhoto(ids: readonly string[], photoId: string, by: -1 | 1): string[] {
  const order = [...ids];
  const from = order.indexOf(photoId);
  const to = from + by;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** What the storefront shows of a photo: its sizes per format, each with its URL path. */
export interface PhotoSource {
  readonly format: PhotoFormat;
  /** `srcset` entries: URL and width. */
  readonly files: readonly { readonly url: string; readonly width: number }[];
}

/**
 * Where resized pictures are kept and served: car photos, and the pictures of content items (banners,
 * promotions, landing pages: domain/content/README.md). Same sizes, formats and names in each.
 */
export const PHOTO_COLLECTIONS = ['car-photos', 'content-images'] as const;
export type PhotoCollection = (typeof PHOTO_COLLECTIONS)[number];

/** The public URL of a stored variant: content-hashed, so it never changes (immutable caching). */
export function photoVariantUrl(
  photoId: string,
  width: number,
  format: PhotoFormat,
  collection: PhotoCollection = 'car-photos',
): string {
  return `/media/${collection}/${photoId}-${width}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** The storage key of a variant (keys have no dots: engine/media/mediaStorage.ts). */
export function photoVariantKey(
  photoId: string,
  width: number,
  format: PhotoFormat,
  collection: PhotoCollection = 'car-photos',
): string {
  return `${collection}/${photoId}/${width}-${format}`;
}

/** A photo's sources for a `<picture>`, best format first. */
export function photoSources(
  photo: Pick<CarPhoto, 'photoId' | 'variants'>,
  collection: PhotoCollection = 'car-photos',
): PhotoSource[] {
  return PHOTO_FORMATS.flatMap((format) => {
    const files = photo.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => ({ url: photoVariantUrl(photo.photoId, v.width, format, collection), width: v.width }));
    return files.length > 0 ? [{ format, files }] : [];
  });
}
