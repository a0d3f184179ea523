/**
 * Car photos (engine/media/README.md): a photo is checked and resized once (processPhoto.ts), its files
 * stored, then `CarPhotoAdded` appended to the car's photo stream with the actor in the metadata;
 * reorder and remove are commands on the same stream (domain/catalogue/carPhotos.ts). Retries: the same
 * idempotency key answers what it appended; the same bytes again are the same photo (nothing added).
 */
import {
  type CarPhoto,
  type CarPhotoCommand,
  type CarPhotoEvent,
  type CarPhotosState,
  carPhotosStream,
  decideCarPhotos,
  evolveCarPhotos,
  initialCarPhotos,
} from '../../domain/catalogue/carPhotos.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { type FunnelCall, resolveCall } from '../funnels/funnelCall.ts';
import { type Evolver, handleCommand, readAggregate } from '../handleCommand.ts';
import type { MediaStorage } from './mediaStorage.ts';
import { DEFAULT_PHOTO_LIMITS, type PhotoLimits, processPhoto } from './processPhoto.ts';

export interface CarPhotosOptions {
  readonly store: EventStore;
  readonly media: MediaStorage;
  /** Whether the catalogue has ever listed the car (its stream exists). */
  readonly carListed: (carId: string) => Promise<boolean>;
  readonly clock: () => Date;
  readonly limits?: PhotoLimits;
}

/**
 * Who asks and the command's idempotency key: a request's own, or `{ derivedFrom }` a fingerprint of the
 * request, completed with the stream's revision as read (a double click is one command).
 */
export type CarPhotoCall = FunnelCall;

const evolver: Evolver<CarPhotosState, CarPhotoEvent> = {
  initialState: initialCarPhotos,
  evolve: evolveCarPhotos,
};

export function createCarPhotos(options: CarPhotosOptions) {
  const { store, media } = options;
  const limits = options.limits ?? DEFAULT_PHOTO_LIMITS;

  async function run(command: CarPhotoCommand, call: CarPhotoCall) {
    const carListed = await options.carListed(command.carId);
    const stream = carPhotosStream(command.carId);
    const read = await readAggregate(store, stream, evolver);
    const resolved = resolveCall(call, read.revision);
    const metadata: JsonObject = {
      actor: resolved.actor as unknown as JsonObject,
      correlationId: `car-${command.carId}`,
      at: options.clock().toISOString(),
    };
    const result = await handleCommand(
      store,
      stream,
      evolver,
      (state) => decideCarPhotos(command, state, { carListed }),
      { idempotencyKey: resolved.idempotencyKey, metadata, read, maxAttempts: 10 },
    );
    return result.stream.state.photos;
  }

  return {
    /** The car's photos in their order, from its stream (never behind). */
    async list(carId: string): Promise<readonly CarPhoto[]> {
      return (await readAggregate(store, carPhotosStream(carId), evolver)).state.photos;
    },

    /** Checks, resizes and stores `bytes`, then adds the photo (400 on `file` when refused). */
    async upload(carId: string, bytes: Buffer, call: CarPhotoCall): Promise<readonly CarPhoto[]> {
      // An unknown car is a 404 before any file is processed or stored.
      if (!(await options.carListed(carId))) throw new NotFoundError(`car ${carId} not found`, { carId });
      const photo = await processPhoto(bytes, media, limits);
      return run({ type: 'AddCarPhoto', carId, photo, source: { kind: 'staff' } }, call);
    },

    /** A photo a stock feed named, already fetched: stored and added with the import as its source. */
    async importPhoto(
      carId: string,
      bytes: Buffer,
      sourceUrl: string,
      importId: string,
      call: CarPhotoCall,
    ): Promise<readonly CarPhoto[]> {
      const photo = { ...(await processPhoto(bytes, media, limits)), sourceUrl };
      return run({ type: 'AddCarPhoto', carId, photo, source: { kind: 'import', importId } }, call);
    },

    async reorder(carId: string, photoIds: readonly string[], call: CarPhotoCall) {
      return run({ type: 'ReorderCarPhotos', carId, photoIds }, call);
    },

    async remove(carId: string, photoId: string, call: CarPhotoCall) {
      return run({ type: 'RemoveCarPhoto', carId, photoId }, call);
    },
  };
}

export type CarPhotos = ReturnType<typeof createCarPhotos>;
