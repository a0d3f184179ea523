/**
 * The stock import's view of the catalogue (`CurrentStockReader`): the feed's dealers as the catalogue
 * knows them, and every car they ever listed (any status), with its facts. A read model may lag behind
 * the events; the import decides each changed car again on its own stream, so a lag costs a re-read,
 * never a wrong write.
 */
import type { Knex } from 'knex';
import type { CarFacts, CarStatus } from '../../domain/catalogue/car.ts';
import type { CurrentStock } from '../../domain/catalogue/feed/diffStock.ts';
import type { CurrentStockReader } from '../../engine/catalogue/importStock.ts';

export function createCurrentStockReader(options: { knex: Knex; schema?: string }): CurrentStockReader {
  const { knex } = options;
  const s = `"${(options.schema ?? 'public').replaceAll('"', '""')}"`;
  return async (dealerIds): Promise<CurrentStock> => {
    const ids = dealerIds.filter((id) => /^\d{1,12}$/.test(id));
    if (ids.length === 0) return { dealers: [], cars: [] };
    const [dealers, cars] = await Promise.all([
      knex.raw(
        `SELECT dealer_id::text, country, open FROM ${s}.catalogue_dealers WHERE dealer_id = ANY(?::bigint[])`,
        [ids],
      ),
      knex.raw(
        `SELECT car_id::text, reference, condition, country, status, dealer_id::text, brand, model, version, year,
           first_registration, mileage_km, fuel, gearbox, body, colour, power_kw, doors, seats, co2, equipment,
           price_amount::float8 AS price_amount, currency
         FROM ${s}.catalogue_cars WHERE dealer_id = ANY(?::bigint[])`,
        [ids],
      ),
    ]);
    return {
      dealers: (dealers.rows as { dealer_id: string; country: CarFacts['country']; open: boolean }[]).map(
        (d) => ({
          dealerId: d.dealer_id,
          country: d.country,
          open: d.open,
        }),
      ),
      cars: (cars.rows as CarRecord[]).map((r) => ({ car: toFacts(r), status: r.status })),
    };
  };
}

interface CarRecord {
  car_id: string;
  reference: string;
  condition: CarFacts['condition'];
  country: CarFacts['country'];
  status: CarStatus;
  dealer_id: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  first_registration: string | null;
  mileage_km: number;
  fuel: CarFacts['fuel'];
  gearbox: CarFacts['gearbox'];
  body: CarFacts['body'];
  colour: CarFacts['colour'];
  power_kw: number;
  doors: number;
  seats: number;
  co2: number;
  equipment: CarFacts['equipment'];
  price_amount: number;
  currency: CarFacts['price']['currency'];
}

function toFacts(r: CarRecord): CarFacts {
  return {
    carId: r.car_id,
    reference: r.reference,
    condition: r.condition,
    country: r.country,
    dealerId: r.dealer_id,
    brand: r.brand,
    model: r.model,
    version: r.version,
    year: r.year,
    ...(r.first_registration ? { firstRegistration: r.first_registration } : {}),
    mileageKm: r.mileage_km,
    fuel: r.fuel,
    gearbox: r.gearbox,
    body: r.body,
    colour: r.colour,
    powerKw: r.power_kw,
    doors: r.doors,
    seats: r.seats,
    co2: r.co2,
    equipment: r.equipment,
    price: { amount: r.price_amount, currency: r.currency },
  };
}
