/**
 * The buyer's own cars on `customer_cars` (migration 012), the vault (plates) and the media storage
 * (pictures, keyed `my-cars/<carId>`). Facts and plate are written in one transaction; a picture is
 * stored first, then its type recorded on the row.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  MAX_MY_CARS,
  MY_CAR_IMAGE_MAX_BYTES,
  type MyCar,
  type MyCarInput,
  myCarIdSchema,
  myCarSchema,
  sniffImageType,
} from '../../../domain/customers/myCars.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors.ts';
import { validate } from '../../../domain/validate.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import type { PostgresCustomerVault } from '../vault/createPostgresCustomerVault.ts';
import type { CustomerVault } from '../vault/customerVault.ts';
import type { CustomerCars } from './customerCars.ts';

export interface CustomerCarsOptions {
  readonly knex: Knex;
  readonly schema?: string;
  readonly vault: PostgresCustomerVault;
  readonly media: MediaStorage;
  readonly clock?: () => Date;
  readonly newCarId?: () => string;
}

interface CarRow {
  car_id: string;
  customer_id: string;
  brand: string;
  model: string;
  year: number;
  mileage_km: number;
  image_type: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export const newMyCarId = () => `mc_${randomUUID().replaceAll('-', '')}`;

const imageKey = (carId: string) => `my-cars/${carId.toLowerCase()}`;

export function createCustomerCars(options: CustomerCarsOptions): CustomerCars {
  const { knex, vault, media } = options;
  const table = `${options.schema ?? 'public'}.customer_cars`;
  const clock = options.clock ?? (() => new Date());
  const newCarId = options.newCarId ?? newMyCarId;
  const schema = () => myCarSchema(clock().getUTCFullYear());

  const toCar = (row: CarRow, plates: Readonly<Record<string, string>> | undefined): MyCar => ({
    carId: row.car_id,
    brand: row.brand,
    model: row.model,
    year: row.year,
    mileageKm: row.mileage_km,
    plate: plates?.[row.car_id] ?? null,
    hasImage: row.image_type !== null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  });

  const platesOf = async (customerId: string, db: CustomerVault = vault) =>
    (await db.read(customerId)).data.carPlates;

  /** Writes the customer's plates with `carId`'s set to `plate` (or removed). */
  async function savePlate(db: CustomerVault, customerId: string, carId: string, plate: string | undefined) {
    const plates = { ...(await platesOf(customerId, db)) };
    if (plate === plates[carId]) return;
    if (plate === undefined) delete plates[carId];
    else plates[carId] = plate;
    await db.update(customerId, { carPlates: Object.keys(plates).length > 0 ? plates : null });
  }

  const notFound = (carId: string) => new NotFoundError(`no car ${carId} of yours`, { carId });

  /** The customer's row of `carId` (locked in a transaction); another's or unknown → not found. */
  async function rowOf(db: Knex, customerId: string, carId: string, lock = false): Promise<CarRow> {
    if (!myCarIdSchema.safeParse(carId).success) throw notFound(carId);
    const query = db(table).where({ car_id: carId, customer_id: customerId }).first();
    const row = (await (lock ? query.forUpdate() : query)) as CarRow | undefined;
    if (!row) throw notFound(carId);
    return row;
  }

  const facts = (input: MyCarInput) => ({
    brand: input.brand,
    model: input.model,
    year: input.year,
    mileage_km: input.mileageKm,
  });

  return {
    async list(customerId) {
      const rows = (await knex(table)
        .where({ customer_id: customerId })
        .orderBy([{ column: 'created_at' }, { column: 'car_id' }])) as CarRow[];
      if (rows.length === 0) return [];
      const plates = await platesOf(customerId);
      return rows.map((row) => toCar(row, plates));
    },

    async get(customerId, carId) {
      const row = await rowOf(knex, customerId, carId);
      return toCar(row, await platesOf(customerId));
    },

    async add(customerId, input) {
      const car = validate(schema(), input, 'car');
      return knex.transaction(async (trx) => {
        // Serialises a customer's adds (the count below), through their account row.
        await trx(`${options.schema ?? 'public'}.customer_accounts`)
          .where({ customer_id: customerId })
          .forUpdate()
          .first();
        const [{ count }] = (await trx(table).where({ customer_id: customerId }).count({ count: '*' })) as [
          { count: string | number },
        ];
        if (Number(count) >= MAX_MY_CARS)
          throw new ConflictError(`at most ${MAX_MY_CARS} cars: remove one first`, { max: MAX_MY_CARS });
        const now = clock();
        const carId = newCarId();
        const [row] = (await trx(table)
          .insert({ car_id: carId, customer_id: customerId, ...facts(car), created_at: now, updated_at: now })
          .returning('*')) as CarRow[];
        const db = vault.withKnex(trx);
        await savePlate(db, customerId, carId, car.plate);
        return toCar(row!, await platesOf(customerId, db));
      });
    },

    async update(customerId, carId, input, updateOptions = {}) {
      const car = validate(schema(), input, 'car');
      return knex.transaction(async (trx) => {
        const row = await rowOf(trx, customerId, carId, true);
        if (updateOptions.expectedVersion !== undefined && updateOptions.expectedVersion !== row.version)
          throw new ConflictError('this car was changed meanwhile: read it again', { version: row.version });
        const db = vault.withKnex(trx);
        const same =
          row.brand === car.brand &&
          row.model === car.model &&
          row.year === car.year &&
          row.mileage_km === car.mileageKm;
        const plates = await platesOf(customerId, db);
        if (same && (plates?.[carId] ?? undefined) === car.plate) return toCar(row, plates);
        const [updated] = (await trx(table)
          .where({ car_id: carId })
          .update({ ...facts(car), version: row.version + 1, updated_at: clock() })
          .returning('*')) as CarRow[];
        await savePlate(db, customerId, carId, car.plate);
        return toCar(updated!, await platesOf(customerId, db));
      });
    },

    async remove(customerId, carId) {
      await knex.transaction(async (trx) => {
        await rowOf(trx, customerId, carId, true);
        await trx(table).where({ car_id: carId }).delete();
        await savePlate(vault.withKnex(trx), customerId, carId, undefined);
      });
      await media.remove(imageKey(carId));
    },

    async setImage(customerId, carId, bytes) {
      await rowOf(knex, customerId, carId);
      if (bytes.length === 0) throw ValidationError.field('image', 'is empty');
      if (bytes.length > MY_CAR_IMAGE_MAX_BYTES)
        throw ValidationError.field('image', `is over ${MY_CAR_IMAGE_MAX_BYTES} bytes`);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw ValidationError.field('image', 'is not a JPEG, PNG or WebP picture');
      await media.put(imageKey(carId), { bytes, contentType });
      const [row] = (await knex(table)
        .where({ car_id: carId, customer_id: customerId })
        .update({ image_type: contentType, version: knex.raw('version + 1'), updated_at: clock() })
        .returning('*')) as CarRow[];
      if (!row) throw notFound(carId); // removed meanwhile
      return toCar(row, await platesOf(customerId));
    },

    async image(customerId, carId) {
      const row = await rowOf(knex, customerId, carId);
      const stored = row.image_type ? await media.get(imageKey(carId)) : undefined;
      if (!stored) throw new NotFoundError(`car ${carId} has no picture`, { carId });
      return stored;
    },

    async eraseCustomer(customerId) {
      const rows = (await knex(table).where({ customer_id: customerId }).select('car_id')) as CarRow[];
      for (const row of rows) await media.remove(imageKey(row.car_id));
      await knex(table).where({ customer_id: customerId }).delete();
    },
  };
}
