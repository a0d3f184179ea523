/**
 * The catalogue read model: `catalogue_cars` (one row per car ever listed, with its current facts,
 * status and the city of its dealer: what search, lists and detail pages read) and
 * `catalogue_dealers`. One projection owns both so a car row can carry its dealer's city.
 *
 * A car is `available` once listed, `reserved` while a booking or a purchase holds it (`hold_id`,
 * `held_until`; back to `available` when that hold is released), `withdrawn` when taken off sale (a
 * later listing makes it available again, or reserved if a hold is still active), `sold` when sold. The
 * same rules as `evolveStockCar` (domain/catalogue/feed) and the car-hold decider (domain/carHold).
 * Search, lists and facet counts show `available` cars only; a reserved car keeps its detail page (with
 * a "reserved" badge) and comes back to the lists when its hold is released.
 */
import type { Knex } from 'knex';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { CAR_EVENT_TYPES, type CatalogueEvent, DEALER_EVENT_TYPES } from '../../domain/catalogue/events.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection, type ProjectionContext } from '../defineProjection.ts';

export const catalogueProjection = defineProjection({
  name: 'catalogue',
  version: 4,
  eventTypes: [...CAR_EVENT_TYPES, ...DEALER_EVENT_TYPES],
  tables: {
    catalogue_cars: (t) => {
      t.bigInteger('car_id').primary();
      t.text('slug').notNullable();
      t.text('reference').notNullable();
      t.text('condition').notNullable();
      t.text('country').notNullable();
      t.text('status').notNullable();
      t.text('hold_id');
      t.timestamp('held_until', { useTz: true });
      t.bigInteger('dealer_id').notNullable();
      t.text('city').notNullable().defaultTo('');
      t.text('brand').notNullable();
      t.text('model').notNullable();
      t.text('version').notNullable();
      t.integer('year').notNullable();
      t.text('first_registration');
      t.integer('mileage_km').notNullable();
      t.text('fuel').notNullable();
      t.text('gearbox').notNullable();
      t.text('body').notNullable();
      t.text('colour').notNullable();
      t.integer('power_kw').notNullable();
      t.integer('doors').notNullable();
      t.integer('seats').notNullable();
      t.integer('co2').notNullable();
      t.specificType('equipment', 'text[]').notNullable();
      t.bigInteger('price_amount').notNullable();
      t.text('currency').notNullable();
      t.timestamp('listed_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.specificType(
        'search_text',
        "tsvector GENERATED ALWAYS AS (to_tsvector('simple', brand || ' ' || replace(model, '-', ' ') || ' ' || version)) STORED",
      );
      // One index per sort of a list (lists always name the condition), so a page is an ordered index
      // walk rather than a sort of the whole market.
      t.index(['country', 'status', 'condition', 'listed_at', 'car_id']);
      t.index(['country', 'status', 'condition', 'price_amount', 'car_id']);
      t.index(['country', 'status', 'condition', 'mileage_km', 'car_id']);
      t.index(['country', 'status', 'condition', 'year', 'listed_at', 'car_id']);
      t.index(['country', 'status', 'brand', 'model']);
      // The facet counts read every car of a market: an index holding every column they read makes
      // that an index-only scan of a fraction of the table's pages (search/postgres/searchSql.ts). Key
      // columns rather than INCLUDE, which knex's builder cannot write; the same for this purpose.
      t.index([
        ...['country', 'status', 'condition', 'brand', 'model', 'fuel', 'gearbox', 'body', 'colour'],
        ...['city', 'dealer_id', 'price_amount', 'mileage_km', 'year'],
      ]);
      t.index(['dealer_id']);
      t.index(['search_text'], undefined, 'gin');
    },
    catalogue_dealers: (t) => {
      t.bigInteger('dealer_id').primary();
      t.text('country').notNullable();
      t.text('slug').notNullable();
      t.text('hub').notNullable();
      t.text('name').notNullable();
      t.text('city').notNullable();
      t.boolean('open').notNullable();
      t.jsonb('dealer').notNullable();
      t.index(['country', 'hub']);
    },
  },
  async handle(events: readonly RecordedEvent[], ctx: ProjectionContext) {
    // Holds taken on different cars one after the other (the starts of a busy moment) in one statement.
    let held: RecordedEvent[] = [];
    for (const recorded of events) {
      const carId = (recorded.data as { carId?: string }).carId;
      if (recorded.type === 'CarHeld' && !held.some((e) => e.data.carId === carId)) {
        held.push(recorded);
        continue;
      }
      if (held.length > 0) await holdCars(held, ctx);
      held = [];
      if (recorded.type === 'CarHeld') held.push(recorded);
      else await apply(recorded.data as never, recorded, ctx);
    }
    if (held.length > 0) await holdCars(held, ctx);
  },
});

/** `CarHeld` of different cars: each car reserved under its hold (as `apply` does for one). */
async function holdCars(events: readonly RecordedEvent[], { trx, table }: ProjectionContext) {
  const data = events.map((e) => e.data as unknown as Extract<CatalogueEvent, { type: 'CarHeld' }>['data']);
  await trx.raw(
    `UPDATE ${table('catalogue_cars')} AS c SET hold_id = h.hold_id, held_until = h.until, updated_at = h.at,
       status = CASE WHEN c.status = 'available' THEN 'reserved' ELSE c.status END
     FROM unnest(?::bigint[], ?::text[], ?::timestamptz[], ?::timestamptz[]) AS h(car_id, hold_id, until, at)
     WHERE c.car_id = h.car_id`,
    [
      data.map((d) => d.carId),
      data.map((d) => d.holdId),
      data.map((d) => d.until),
      events.map((e) => e.created),
    ],
  );
}

async function apply(
  data: CatalogueEvent['data'],
  recorded: RecordedEvent,
  { trx, table }: ProjectionContext,
) {
  const event = { type: recorded.type, data } as CatalogueEvent;
  const cars = table('catalogue_cars');
  const dealers = table('catalogue_dealers');
  const at = recorded.created;
  switch (event.type) {
    case 'CarListed':
    case 'CarDetailsUpdated': {
      const row = await carRow(trx, dealers, event.data.car, at);
      await trx.raw(
        `INSERT INTO ${cars} AS c (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})
         ON CONFLICT (car_id) DO UPDATE SET ${Object.keys(row)
           // Correcting a sold or withdrawn car's details does not put it back on sale; a listing does
           // (reserved, not available, while a hold is still active).
           .filter((k) => k !== 'car_id' && k !== 'listed_at' && k !== 'status')
           .map((k) => `${k} = EXCLUDED.${k}`)
           .join(', ')}${
           event.type === 'CarListed'
             ? `, listed_at = EXCLUDED.listed_at,
                  status = CASE WHEN c.hold_id IS NULL THEN 'available' ELSE 'reserved' END`
             : ''
         }`,
        Object.values(row),
      );
      return;
    }
    case 'CarPriceChanged':
      await trx.raw(`UPDATE ${cars} SET price_amount = ?, currency = ?, updated_at = ? WHERE car_id = ?`, [
        event.data.price.amount,
        event.data.price.currency,
        at,
        event.data.carId,
      ]);
      return;
    case 'CarWithdrawn':
      await trx.raw(`UPDATE ${cars} SET status = 'withdrawn', updated_at = ? WHERE car_id = ?`, [
        at,
        event.data.carId,
      ]);
      return;
    case 'CarSold':
      await trx.raw(
        `UPDATE ${cars} SET status = 'sold', hold_id = NULL, held_until = NULL, updated_at = ? WHERE car_id = ?`,
        [at, event.data.carId],
      );
      return;
    case 'CarHeld':
      await trx.raw(
        `UPDATE ${cars} SET hold_id = ?, held_until = ?, updated_at = ?,
           status = CASE WHEN status = 'available' THEN 'reserved' ELSE status END
         WHERE car_id = ?`,
        [event.data.holdId, event.data.until, at, event.data.carId],
      );
      return;
    case 'CarHoldExtended':
      await trx.raw(`UPDATE ${cars} SET held_until = ? WHERE car_id = ? AND hold_id = ?`, [
        event.data.until,
        event.data.carId,
        event.data.holdId,
      ]);
      return;
    case 'CarHoldTransferred':
      await trx.raw(`UPDATE ${cars} SET hold_id = ?, held_until = ? WHERE car_id = ? AND hold_id = ?`, [
        event.data.toHoldId,
        event.data.until,
        event.data.carId,
        event.data.holdId,
      ]);
      return;
    case 'CarHoldReleased':
      // Only the active hold's release frees the car (a late release of an older hold changes nothing).
      await trx.raw(
        `UPDATE ${cars} SET hold_id = NULL, held_until = NULL, updated_at = ?,
           status = CASE WHEN status = 'reserved' THEN 'available' ELSE status END
         WHERE car_id = ? AND hold_id = ?`,
        [at, event.data.carId, event.data.holdId],
      );
      return;
    case 'DealerOpened':
    case 'DealerUpdated': {
      const d: Dealer = event.data.dealer;
      await trx.raw(
        `INSERT INTO ${dealers} (dealer_id, country, slug, hub, name, city, open, dealer) VALUES (?, ?, ?, ?, ?, ?, true, ?)
         ON CONFLICT (dealer_id) DO UPDATE SET country = EXCLUDED.country, slug = EXCLUDED.slug, hub = EXCLUDED.hub,
           name = EXCLUDED.name, city = EXCLUDED.city, open = true, dealer = EXCLUDED.dealer`,
        [d.dealerId, d.address.country, d.slug, d.hub, d.name, d.address.city, JSON.stringify(d)],
      );
      await trx.raw(`UPDATE ${cars} SET city = ? WHERE dealer_id = ? AND city <> ?`, [
        d.address.city,
        d.dealerId,
        d.address.city,
      ]);
      return;
    }
    case 'DealerClosed':
      await trx.raw(`UPDATE ${dealers} SET open = false WHERE dealer_id = ?`, [event.data.dealerId]);
      return;
    default: {
      const unexpected: never = event;
      throw new Error(`catalogue projection: unexpected event ${(unexpected as { type: string }).type}`);
    }
  }
}

async function carRow(trx: Knex.Transaction, dealers: string, car: CarFacts, at: Date) {
  const { rows } = await trx.raw(`SELECT city FROM ${dealers} WHERE dealer_id = ?`, [car.dealerId]);
  return {
    car_id: car.carId,
    slug: carSlug(car),
    reference: car.reference,
    condition: car.condition,
    country: car.country,
    status: 'available',
    dealer_id: car.dealerId,
    city: (rows[0]?.city as string | undefined) ?? '',
    brand: car.brand,
    model: car.model,
    version: car.version,
    year: car.year,
    first_registration: car.firstRegistration ?? null,
    mileage_km: car.mileageKm,
    fuel: car.fuel,
    gearbox: car.gearbox,
    body: car.body,
    colour: car.colour,
    power_kw: car.powerKw,
    doors: car.doors,
    seats: car.seats,
    co2: car.co2,
    equipment: car.equipment,
    price_amount: car.price.amount,
    currency: car.price.currency,
    listed_at: at,
    updated_at: at,
  };
}
