/**
 * What the Meilisearch feeding projection keeps in Postgres to build whole documents: each car's
 * current facts, price and status, and each dealer's city (a car's city is its dealer's). These are the
 * projection's own tables, not the catalogue projection's: two projections move on independent
 * checkpoints, so reading `catalogue_cars` here could index a car as it was before or after the event
 * being handled, and nothing would ever correct it. The semantics mirror `catalogueProjection.ts`:
 * only `available` cars are in the index (a reserved one leaves it while held).
 */
import type { Knex } from 'knex';
import type { CarFacts } from '../../../domain/catalogue/car.ts';
import type { CatalogueEvent } from '../../../domain/catalogue/events.ts';
import type { RecordedEvent } from '../../../engine/eventStore.ts';
import type { ProjectionContext } from '../../defineProjection.ts';
import type { DocumentChanges } from './createMeiliCatalogueIndex.ts';
import { type MeiliCarDocument, toMeiliDocument } from './meiliCarDocument.ts';

export const MEILI_STATE_TABLES = {
  meili_catalogue_cars: (t: Knex.CreateTableBuilder) => {
    t.bigInteger('car_id').primary();
    t.text('status').notNullable();
    /** The active hold (a reserved car is not in the index; its release puts it back). */
    t.text('hold_id');
    t.bigInteger('dealer_id').notNullable();
    t.jsonb('facts').notNullable();
    t.bigInteger('price_amount').notNullable();
    t.text('currency').notNullable();
    t.timestamp('listed_at', { useTz: true }).notNullable();
    t.index(['dealer_id']);
  },
  meili_catalogue_dealers: (t: Knex.CreateTableBuilder) => {
    t.bigInteger('dealer_id').primary();
    t.text('city').notNullable();
  },
  /** The creation time of the index last written to: a different one means a new or wiped index. */
  meili_catalogue_index: (t: Knex.CreateTableBuilder) => {
    t.text('index_uid').primary();
    t.text('created_at').notNullable();
  },
};

/** What a batch touched: cars by id, and dealers whose cars carry their city. */
export interface Touched {
  readonly cars: Set<string>;
  readonly dealers: Set<string>;
}

export async function applyToState(
  recorded: RecordedEvent,
  { trx, table }: ProjectionContext,
  touched: Touched,
): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
  const cars = table('meili_catalogue_cars');
  switch (event.type) {
    case 'CarListed':
    case 'CarDetailsUpdated': {
      const car: CarFacts = event.data.car;
      // As in the catalogue projection: a listing (re)sets the listing time and puts the car on sale
      // (reserved while a hold is active); a details update keeps both (a sold car stays sold).
      await trx.raw(
        `INSERT INTO ${cars} AS c (car_id, status, dealer_id, facts, price_amount, currency, listed_at)
         VALUES (?, 'available', ?, ?::jsonb, ?, ?, ?)
         ON CONFLICT (car_id) DO UPDATE SET dealer_id = EXCLUDED.dealer_id,
           facts = EXCLUDED.facts, price_amount = EXCLUDED.price_amount, currency = EXCLUDED.currency
           ${
             event.type === 'CarListed'
               ? `, listed_at = EXCLUDED.listed_at,
                  status = CASE WHEN c.hold_id IS NULL THEN 'available' ELSE 'reserved' END`
               : ''
           }`,
        [
          car.carId,
          car.dealerId,
          JSON.stringify(car),
          car.price.amount,
          car.price.currency,
          recorded.created,
        ],
      );
      touched.cars.add(car.carId);
      return;
    }
    case 'CarPriceChanged':
      await trx.raw(`UPDATE ${cars} SET price_amount = ?, currency = ? WHERE car_id = ?`, [
        event.data.price.amount,
        event.data.price.currency,
        event.data.carId,
      ]);
      touched.cars.add(event.data.carId);
      return;
    case 'CarWithdrawn':
      await trx.raw(`UPDATE ${cars} SET status = 'withdrawn' WHERE car_id = ?`, [event.data.carId]);
      touched.cars.add(event.data.carId);
      return;
    case 'CarSold':
      await trx.raw(`UPDATE ${cars} SET status = 'sold', hold_id = NULL WHERE car_id = ?`, [
        event.data.carId,
      ]);
      touched.cars.add(event.data.carId);
      return;
    case 'CarHeld':
      await trx.raw(
        `UPDATE ${cars} SET hold_id = ?, status = CASE WHEN status = 'available' THEN 'reserved' ELSE status END
         WHERE car_id = ?`,
        [event.data.holdId, event.data.carId],
      );
      touched.cars.add(event.data.carId);
      return;
    case 'CarHoldExtended':
      return; // no change to the document
    case 'CarHoldTransferred':
      await trx.raw(`UPDATE ${cars} SET hold_id = ? WHERE car_id = ? AND hold_id = ?`, [
        event.data.toHoldId,
        event.data.carId,
        event.data.holdId,
      ]);
      return;
    case 'CarHoldReleased':
      await trx.raw(
        `UPDATE ${cars} SET hold_id = NULL, status = CASE WHEN status = 'reserved' THEN 'available' ELSE status END
         WHERE car_id = ? AND hold_id = ?`,
        [event.data.carId, event.data.holdId],
      );
      touched.cars.add(event.data.carId);
      return;
    case 'DealerOpened':
    case 'DealerUpdated': {
      const { dealerId, address } = event.data.dealer;
      await trx.raw(
        `INSERT INTO ${table('meili_catalogue_dealers')} (dealer_id, city) VALUES (?, ?)
         ON CONFLICT (dealer_id) DO UPDATE SET city = EXCLUDED.city`,
        [dealerId, address.city],
      );
      touched.dealers.add(dealerId);
      return;
    }
    case 'DealerClosed':
      return; // a closed dealer's cars stay listed until withdrawn, as in the catalogue projection
    default: {
      const unexpected: never = event;
      throw new Error(`catalogue_meili: unexpected event ${(unexpected as { type: string }).type}`);
    }
  }
}

interface StateRow {
  car_id: string | number;
  status: string;
  facts: CarFacts;
  price_amount: string | number;
  currency: 'EUR' | 'PLN';
  listed_at: Date;
  city: string;
}

const document = (row: StateRow): MeiliCarDocument =>
  toMeiliDocument({
    facts: row.facts,
    price: { amount: Number(row.price_amount), currency: row.currency },
    city: row.city,
    listedAt: row.listed_at,
  });

const SELECT = (cars: string, dealers: string) =>
  `SELECT c.car_id, c.status, c.facts, c.price_amount, c.currency, c.listed_at, coalesce(d.city, '') AS city
   FROM ${cars} c LEFT JOIN ${dealers} d ON d.dealer_id = c.dealer_id`;

/**
 * The index changes a batch makes: the whole current document of every touched car for sale and of
 * every car for sale of a touched dealer; a delete for every touched car not for sale.
 */
export async function changesOf(
  { trx, table }: ProjectionContext,
  touched: Touched,
): Promise<DocumentChanges> {
  if (touched.cars.size === 0 && touched.dealers.size === 0) return { upserts: [], deletes: [] };
  const { rows } = (await trx.raw(
    `${SELECT(table('meili_catalogue_cars'), table('meili_catalogue_dealers'))}
     WHERE c.car_id = ANY(?::bigint[]) OR (c.dealer_id = ANY(?::bigint[]) AND c.status = 'available')
     ORDER BY c.car_id`,
    [[...touched.cars], [...touched.dealers]],
  )) as { rows: StateRow[] };
  return {
    upserts: rows.filter((r) => r.status === 'available').map(document),
    deletes: rows.filter((r) => r.status !== 'available').map((r) => String(r.car_id)),
  };
}

/** Every car for sale, as documents: what a new or wiped index must receive. */
export async function everyDocument({ trx, table }: ProjectionContext): Promise<MeiliCarDocument[]> {
  const { rows } = (await trx.raw(
    `${SELECT(table('meili_catalogue_cars'), table('meili_catalogue_dealers'))}
     WHERE c.status = 'available' ORDER BY c.car_id`,
  )) as { rows: StateRow[] };
  return rows.map(document);
}
