/**
 * A buyer's own cars ("my cars" in the account area, SPEC §7 `add-my-car`): the facts they record about
 * each (brand, model, year, mileage; a plate, kept in the vault) and the rules of its picture. Pure: the
 * current year is given by the caller.
 */
import { z } from 'zod';
import { plateSchema } from './personalData.ts';

/** How many cars one customer may record (a household, not a fleet): the next is a 409. */
export const MAX_MY_CARS = 10;
/** The largest picture taken, in bytes (a phone photo; the page says so). */
export const MY_CAR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The picture types taken, recognised by their first bytes (never by the name or the declared type). */
export const MY_CAR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MyCarImageType = (typeof MY_CAR_IMAGE_TYPES)[number];

/** A car's id: `mc_` and random letters and digits. */
export const myCarIdSchema = z.string().regex(/^mc_[a-z0-9]{1,40}$/, 'is not a car of yours');

const CONTROL = /\p{Cc}/u;
const word = (max: number) =>
  z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(max, `has at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'has characters that are not allowed');

/** Forms send `""` for a field left empty: that is "no value". */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** What a buyer records about a car of theirs; `currentYear` bounds the model year (next year's models exist). */
export function myCarSchema(currentYear: number) {
  return z.object({
    brand: word(40),
    model: word(60),
    year: z.coerce
      .number('is not a year')
      .int('is not a year')
      .min(1950, 'is before 1950')
      .max(currentYear + 1, `is after ${currentYear + 1}`),
    mileageKm: z.coerce
      .number('is not a number')
      .int('is a whole number of kilometres')
      .min(0, 'is negative')
      .max(2_000_000, 'is over 2,000,000 km'),
    plate: z.preprocess(emptyAsUndefined, plateSchema.optional()),
  });
}
export type MyCarInput = z.output<ReturnType<typeof myCarSchema>>;

/** A car as its owner sees it (the plate from the vault; the picture served back to them only). */
export const myCarViewSchema = z.object({
  carId: z.string(),
  brand: z.string(),
  model: z.string(),
  year: z.number().int(),
  mileageKm: z.number().int(),
  plate: z.string().nullable(),
  /** Whether a picture was added (served to its owner by `add-my-car/image?carId=`). */
  hasImage: z.boolean(),
  /** +1 with each change of the car or its picture (the picture URL's cache buster, `expectedVersion`). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyCar = z.output<typeof myCarViewSchema>;

/** The type of a picture from its first bytes, or undefined when it is none of the types taken. */
export function sniffImageType(bytes: Uint8Array): MyCarImageType | undefined {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF....WEBP
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42)
    return bytes[11] === 0x50 ? 'image/webp' : undefined;
  return undefined;
}
