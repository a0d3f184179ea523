import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../errors.ts';
import {
  type CarPhoto,
  type CarPhotoEvent,
  type CarPhotosState,
  decideCarPhotos,
  evolveCarPhotos,
  initialCarPhotos,
  MAX_CAR_PHOTOS,
  movePhoto,
  photoSources,
} from './carPhotos.ts';

const photo = (n: number): CarPhoto => {
  const photoId = n.toString(16).padStart(16, '0');
  return {
    photoId,
    width: 1440,
    height: 960,
    variants: [
      { width: 640, height: 427, format: 'jpeg', key: `car-photos/${photoId}/640-jpeg`, bytes: 40_000 },
      { width: 320, height: 213, format: 'jpeg', key: `car-photos/${photoId}/320-jpeg`, bytes: 12_000 },
      { width: 320, height: 213, format: 'avif', key: `car-photos/${photoId}/320-avif`, bytes: 6_000 },
    ],
  };
};
const staff = { kind: 'staff' } as const;
const listed = { carListed: true };
const given = (...events: CarPhotoEvent[]): CarPhotosState =>
  events.reduce(evolveCarPhotos, initialCarPhotos);
const added = (n: number): CarPhotoEvent => ({
  type: 'CarPhotoAdded',
  data: { carId: '7', photo: photo(n), source: staff },
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('car photos', () => {
  describe('given a car without photos', () => {
    it('when staff add one, then CarPhotoAdded with its sizes', () => {
      expect(
        decideCarPhotos({ type: 'AddCarPhoto', carId: '7', photo: photo(1), source: staff }, given(), listed),
      ).toEqual([added(1)]);
    });

    it('when the catalogue does not know the car, then 404', () => {
      const error = refusal(() =>
        decideCarPhotos({ type: 'AddCarPhoto', carId: '7', photo: photo(1), source: staff }, given(), {
          carListed: false,
        }),
      );
      expect(error).toBeInstanceOf(NotFoundError);
    });
  });

  describe('given a car with photos 1, 2, 3', () => {
    const state = given(added(1), added(2), added(3));
    const ids = state.photos.map((p) => p.photoId);

    it('when the same photo is added again, then nothing', () => {
      expect(
        decideCarPhotos({ type: 'AddCarPhoto', carId: '7', photo: photo(2), source: staff }, state, listed),
      ).toEqual([]);
    });

    it('when reordered, then CarPhotosReordered and the state follows', () => {
      const order = [ids[2]!, ids[0]!, ids[1]!];
      const events = decideCarPhotos(
        { type: 'ReorderCarPhotos', carId: '7', photoIds: order },
        state,
        listed,
      );
      expect(events).toEqual([{ type: 'CarPhotosReordered', data: { carId: '7', photoIds: order } }]);
      expect(events.reduce(evolveCarPhotos, state).photos.map((p) => p.photoId)).toEqual(order);
    });

    it('when given the order they have, then nothing', () => {
      expect(decideCarPhotos({ type: 'ReorderCarPhotos', carId: '7', photoIds: ids }, state, listed)).toEqual(
        [],
      );
    });

    it('when given an order missing one, then 400 on photoIds', () => {
      const error = refusal(() =>
        decideCarPhotos({ type: 'ReorderCarPhotos', carId: '7', photoIds: ids.slice(1) }, state, listed),
      );
      expect(error).toBeInstanceOf(ValidationError);
    });

    it('when one is removed, then CarPhotoRemoved; an unknown one is 404', () => {
      expect(
        decideCarPhotos({ type: 'RemoveCarPhoto', carId: '7', photoId: ids[1]! }, state, listed),
      ).toEqual([{ type: 'CarPhotoRemoved', data: { carId: '7', photoId: ids[1] } }]);
      expect(
        refusal(() =>
          decideCarPhotos({ type: 'RemoveCarPhoto', carId: '7', photoId: 'f'.repeat(16) }, state, listed),
        ),
      ).toBeInstanceOf(NotFoundError);
    });

    it('then moving the first up changes nothing and moving it down swaps it', () => {
      expect(movePhoto(ids, ids[0]!, -1)).toEqual(ids);
      expect(movePhoto(ids, ids[0]!, 1)).toEqual([ids[1], ids[0], ids[2]]);
    });
  });

  describe('given a car with the most photos', () => {
    const state = given(...Array.from({ length: MAX_CAR_PHOTOS }, (_, i) => added(i + 1)));
    it('when one more is added, then 400 on file', () => {
      expect(
        refusal(() =>
          decideCarPhotos(
            { type: 'AddCarPhoto', carId: '7', photo: photo(999), source: staff },
            state,
            listed,
          ),
        ),
      ).toBeInstanceOf(ValidationError);
    });
  });

  it('a photo offers its formats best first, each size smallest first, with content-hashed URLs', () => {
    expect(photoSources(photo(1))).toEqual([
      { format: 'avif', files: [{ url: '/media/car-photos/0000000000000001-320.avif', width: 320 }] },
      {
        format: 'jpeg',
        files: [
          { url: '/media/car-photos/0000000000000001-320.jpg', width: 320 },
          { url: '/media/car-photos/0000000000000001-640.jpg', width: 640 },
        ],
      },
    ]);
  });
});
